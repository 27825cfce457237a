// Seat colours from the Okabe–Ito palette (safe for colour-blind players), always paired
// with a shape and a letter so that no information rests on colour alone.

import { s } from "./dom.js";

export const OKABE_ITO = {
  orange: "#E69F00",
  skyBlue: "#56B4E9",
  bluishGreen: "#009E73",
  yellow: "#F0E442",
  blue: "#0072B2",
  vermillion: "#D55E00",
  reddishPurple: "#CC79A7",
  black: "#000000",
};

const SEAT_COLOURS = [OKABE_ITO.vermillion, OKABE_ITO.blue, OKABE_ITO.bluishGreen, OKABE_ITO.reddishPurple];
const SEAT_SHAPES = ["circle", "diamond", "square", "triangle"];

/** How seat `seat` is drawn everywhere: colour, shape, letter (the name's initial). */
export function seatMark(seat, name) {
  return {
    colour: SEAT_COLOURS[seat % SEAT_COLOURS.length],
    shape: SEAT_SHAPES[seat % SEAT_SHAPES.length],
    letter: (name || String(seat + 1)).charAt(0).toUpperCase(),
  };
}

/** An SVG shape of radius r centred on (x, y). */
export function shapeElement(shape, x, y, r, attrs) {
  if (shape === "circle") return s("circle", { cx: x, cy: y, r, ...attrs });
  const points = {
    diamond: [[0, -1.15], [1.15, 0], [0, 1.15], [-1.15, 0]],
    square: [[-0.9, -0.9], [0.9, -0.9], [0.9, 0.9], [-0.9, 0.9]],
    triangle: [[0, -1.2], [1.1, 0.8], [-1.1, 0.8]],
  }[shape];
  return s("polygon", { points: points.map(([px, py]) => `${x + px * r},${y + py * r}`).join(" "), ...attrs });
}

/** A seat's token: its shape in its colour with its letter; `r` is the radius. */
export function seatToken(seat, name, x, y, r, attrs = {}) {
  const mark = seatMark(seat, name);
  return s("g", { class: "ludo-token", "data-seat": seat, ...attrs },
    shapeElement(mark.shape, x, y, r, { fill: mark.colour, class: "ludo-token-shape" }),
    s("text", { x, y, dy: "0.35em", "text-anchor": "middle", "font-size": r * 1.1, class: "ludo-token-letter" }, mark.letter),
  );
}

/** A small inline badge (HTML-embeddable SVG) showing a seat's token. */
export function seatBadge(seat, name) {
  return s("svg", { class: "ludo-badge", viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true" },
    seatToken(seat, name, 12, 12, 9));
}
