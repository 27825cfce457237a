// Seat colours from the Okabe–Ito palette (safe for colour-blind players), always paired
// with a shape and a letter so that no information rests on colour alone. The values are
// widgets/pictures/kit.json, which the static pictures read too: a seat looks the same in both.

import KIT from "../../../widgets/pictures/kit.json" with { type: "json" };
import { s } from "./dom.js";

const camel = (name) => name.replace(/_(\w)/g, (_, letter) => letter.toUpperCase());

/** The palette by name, in camelCase ("bluish_green" in the JSON is `bluishGreen`). */
export const OKABE_ITO = Object.fromEntries(Object.entries(KIT.palette).map(([name, colour]) => [camel(name), colour]));

/** A palette colour by the name the JSON files give it ("bluish_green"). */
export const paletteColour = (name) => KIT.palette[name];

const SEAT_COLOURS = KIT.seat_colours.map((name) => KIT.palette[name]);
const SEAT_SHAPES = KIT.seat_shapes;

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
  const points = KIT.shape_corners[shape];
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
