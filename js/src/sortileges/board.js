// The Sortilèges board: an SVG drawn from the observation, and the two-click turn
// (step, then spell) sent to Python as one `act` intent. No rule is computed here: the
// squares offered are exactly the keys and lists of `observation.turns`.

import { h, s } from "../kit/dom.js";
import { keyHandler, moveOnGrid } from "../kit/keys.js";
import { seatMark, seatToken } from "../kit/palette.js";
import { createPendingMove } from "../kit/pending.js";
import { seatName } from "../kit/status.js";
import { liveHint, reviewedBest } from "../kit/view.js";
import BOARD from "../../../widgets/pictures/sortileges.json" with { type: "json" };
import { createAnalysisPanel, liveAnalysis, overlayLayers } from "./overlay.js";

// What the static picture draws alike (widgets/pictures/sortileges.py) is in BOARD; these
// sizes are the live board's own (the picture's are a little smaller).
const CELL = 60;
const EDGE = 24; // room for the rank numbers (left) and file letters (bottom)
const PAD = 6;
const FILES = BOARD.files;

/** The board's keys, for the kit's help (docs/keyboard.md says the same). */
export const KEYS = [
  { keys: ["arrows"], does: "keys.move" },
  { keys: ["enter", "space"], does: "keys.choose" },
  { keys: ["escape"], does: "keys.cancel" },
  { keys: ["tab"], does: "keys.tab" },
];

/** Square name <-> [file index, rank number]. */
const squareName = (file, rank) => `${FILES[file]}${rank}`;
const parseSquare = (name) => [FILES.indexOf(name[0]), Number(name.slice(1))];

function geometry({ files, ranks }) {
  return {
    cell: CELL,
    width: EDGE + files * CELL + PAD,
    height: PAD + ranks * CELL + EDGE,
    corner(name) {
      const [file, rank] = parseSquare(name);
      return [EDGE + file * CELL, PAD + (ranks - rank) * CELL];
    },
    centre(name) {
      const [x, y] = this.corner(name);
      return [x + CELL / 2, y + CELL / 2];
    },
  };
}

/** A five-pointed star of outer radius r. */
function star(x, y, r, attrs) {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 ? r * BOARD.star_inner : r;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    return `${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return s("polygon", { points: points.join(" "), ...attrs });
}

/** SVG path data from `commands` ([letter, offsets...], as in BOARD) moved to (x, y). */
function pathData(commands, x, y) {
  const moved = { M: (dx, dy) => `M${x + dx} ${y + dy}`, L: (dx, dy) => `L${x + dx} ${y + dy}`, H: (dx) => `H${x + dx}`, V: (dy) => `V${y + dy}`, Z: () => "Z" };
  return commands.map(([letter, ...offsets]) => moved[letter](...offsets)).join(" ");
}

function house(x, y, colour) {
  // A little house in the square's top-left corner, in its owner's colour.
  return s("path", { class: "sp-house", fill: colour, d: pathData(BOARD.house, x, y) });
}

function plate(g, square, attrs = {}) {
  const [x, y] = g.corner(square);
  const [cx, cy] = g.centre(square);
  return s("g", { class: "sp-spell", "data-spell": square, ...attrs },
    s("rect", { class: "sp-plate", x: x + 6, y: y + 6, width: CELL - 12, height: CELL - 12, rx: 9 }),
    star(cx, cy, 14, { class: "sp-star" }),
  );
}

function outline(g, square, cls, inset = 3) {
  const [x, y] = g.corner(square);
  return s("rect", { class: cls, x: x + inset, y: y + inset, width: CELL - 2 * inset, height: CELL - 2 * inset, rx: 8 });
}

function witch(g, seat, name, square, cls) {
  const [cx, cy] = g.centre(square);
  return s("g", { class: `sp-witch ${cls}`, "data-witch": seat, "data-at": square },
    seatToken(seat, name, cx, cy + 3, 17),
    // A pointed hat, so that the pieces read as witches.
    s("path", { class: "sp-hat", d: `M${cx - 13} ${cy - 11} L${cx + 13} ${cy - 11} L${cx + 6} ${cy - 16} L${cx + 9} ${cy - 29} L${cx - 5} ${cy - 16} Z` }),
  );
}

function arrow(g, from, to, colour) {
  const [x1, y1] = g.centre(from);
  const [x2, y2] = g.centre(to);
  const length = Math.hypot(x2 - x1, y2 - y1);
  const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
  const [tx, ty] = [x2 - ux * 22, y2 - uy * 22]; // stop short of the witch
  const [bx, by] = [tx - ux * 12, ty - uy * 12];
  return s("g", { class: "sp-last-step", stroke: colour, fill: colour },
    s("circle", { cx: x1, cy: y1, r: 6 }),
    s("line", { x1, y1, x2: bx, y2: by, "stroke-width": 6, "stroke-linecap": "round" }),
    s("polygon", { points: `${tx},${ty} ${bx - uy * 9},${by + ux * 9} ${bx + uy * 9},${by - ux * 9}` }),
  );
}

/** File letters under the board, rank numbers on its left. */
function coordinates({ files, ranks }) {
  const label = (x, y, text) => s("text", { class: "sp-coord", x, y, "text-anchor": "middle" }, text);
  return [
    ...Array.from({ length: files }, (_, file) => label(EDGE + file * CELL + CELL / 2, PAD + ranks * CELL + EDGE / 2 + 5, FILES[file])),
    ...Array.from({ length: ranks }, (_, i) => label(EDGE / 2, PAD + (ranks - i - 1) * CELL + CELL / 2 + 5, String(i + 1))),
  ];
}

/** A numbered badge in a square's top-right corner: the order of a hinted turn. */
function hintBadge(g, square, number) {
  const [x, y] = g.corner(square);
  return s("g", { class: "sp-hint-badge" },
    s("circle", { cx: x + CELL - 11, cy: y + 11, r: 9 }),
    s("text", { x: x + CELL - 11, y: y + 11, dy: "0.35em", "text-anchor": "middle" }, number));
}

/** The turn a hint names: "c1-c2/d5" -> {step: "c2", spell: "d5"}. */
function parseTurn(text) {
  const match = /^[a-z]\d+-([a-z]\d+)(?:\/([a-z]\d+))?$/.exec(text ?? "");
  return match ? { step: match[1], spell: match[2] ?? null } : null;
}

export function createBoard({ t, send }) {
  const svg = s("svg", {
    class: "sp-board ludo-board", tabindex: 0, role: "application", "data-lm-suppress-shortcuts": "true",
    onpointerdown: () => { keyboard = false; },
    onfocus: () => onFocus(),
    onclick: (event) => {
      const square = event.target.closest("[data-square]")?.dataset.square;
      if (square) { cursor = square; choose(square); }
    },
    onkeydown: (event) => onKey(event),
  });
  const prompt = h("p", { class: "sp-prompt" });
  // what a screen reader hears: the cursor's square, and why a square chosen was refused
  const spoken = h("span", { class: "ludo-sr", "aria-live": "polite" });
  const panel = createAnalysisPanel({ t, send });
  const el = h("div", { class: "sp" }, svg, prompt, panel.el, spoken);

  let view = null;
  let selected = null; // the step square chosen in phase 1...
  let selectedPly = null; // ...at this ply
  const pending = createPendingMove(send); // shows the turn sent, {step, spell}, until Python answers
  let cursor = null;
  let keyboard = false; // the cursor shows while the board is used from the keyboard
  // Why the last square chosen was refused, {key, params, at}: shown in the prompt and said,
  // until the position, the review or the player's turn changes (`at` is what it was said on).
  let refusal = null;

  const live = () => view.observation;
  const mover = () => live().witches[live().to_move];
  /** The turns the viewer may choose from now ({} when they may not act). */
  const turns = () => (pending.canAct() ? live().turns ?? {} : {});

  function act(step, spell) {
    pending.send(spell === null ? `${mover()}-${step}` : `${mover()}-${step}/${spell}`, { step, spell });
    selected = null;
    draw();
  }

  /** What a refusal was said on: it stands until one of these changes. */
  const moment = () => JSON.stringify([live().ply, view.reviewing, view.canAct, pending.move() !== null]);

  /** Why no one may choose a square now: {key, params}, or null when the viewer may. */
  function waitReason() {
    if (view.reviewing) return { key: "refusal.review" };
    if (live().terminal) return { key: "refusal.over" };
    if (pending.move()) return { key: "refusal.sent" };
    if (!pending.canAct()) return { key: "refusal.wait", params: { name: seatName(view, live().to_move) } };
    return null;
  }

  /** Why `square` is no step for the witch to move (the rules of engines/sortileges/rules.py). */
  function stepReason(square) {
    const obs = live();
    const here = mover();
    const other = 1 - obs.to_move;
    if (square === here) return { key: "refusal.own-witch" };
    const [file, rank] = parseSquare(square);
    const [hereFile, hereRank] = parseSquare(here);
    if (Math.max(Math.abs(file - hereFile), Math.abs(rank - hereRank)) > 1) return { key: "refusal.far" };
    if (square === obs.witches[other]) return { key: "refusal.step-witch", params: { name: seatName(view, other) } };
    if (obs.spells.includes(square)) return { key: "refusal.step-spelled" };
    return { key: "refusal.step" };
  }

  /** Why `square` cannot be spelled after the step chosen. */
  function spellReason(square) {
    const obs = live();
    const other = 1 - obs.to_move;
    if (square === obs.witches[other]) return { key: "refusal.spell-witch", params: { name: seatName(view, other) } };
    if (obs.houses.includes(square)) return { key: "refusal.spell-house" };
    if (obs.spells.includes(square)) return { key: "refusal.spell-spelled" };
    return { key: "refusal.spell" };
  }

  /** Say, politely, why the square chosen does nothing: in the prompt, and to a screen reader. */
  function refuse(reason) {
    refusal = { ...reason, at: moment() };
    draw();
    const text = t(view.lang, reason.key, reason.params);
    // the same words again are a new message: a live region says only what changed
    spoken.textContent = spoken.textContent === text ? `${text}\u00a0` : text;
  }

  /** A square chosen (click, Enter): the step, the spell, or a refusal saying why not. */
  function choose(square) {
    refusal = null;
    const options = turns();
    const waiting = waitReason();
    if (waiting) return refuse(waiting);
    if (selected === null) {
      if (!(square in options)) return refuse(stepReason(square));
      if (options[square].length === 0) return act(square, null);
      selected = square;
      selectedPly = live().ply;
    } else if (square === selected) {
      selected = null; // clicking the witch again takes the step back
    } else if (options[selected].includes(square)) {
      return act(selected, square);
    } else {
      return refuse(spellReason(square));
    }
    draw();
  }

  /** What a screen reader hears of a square: its name, then what stands on it and what may be done there. */
  function squareWords(square) {
    const obs = view.shown;
    const options = turns();
    const lang = view.lang;
    const name = (seat) => view.names[seat] ?? "";
    const facts = [
      ...obs.witches.flatMap((at, seat) => (at === square ? [t(lang, "square.witch", { name: name(seat) })] : [])),
      square === selected ? t(lang, "square.witch", { name: name(obs.to_move) }) : null, // the step chosen
      ...obs.houses.flatMap((at, seat) => (at === square ? [t(lang, "square.house", { name: name(seat) })] : [])),
      obs.spells.includes(square) ? t(lang, "square.spelled") : null,
      selected === null && square in options ? t(lang, "square.can-step") : null,
      selected !== null && options[selected]?.includes(square) ? t(lang, "square.can-spell") : null,
    ].filter(Boolean);
    return [square, ...facts].join(", ");
  }

  function showCursor(square) {
    cursor = square;
    keyboard = true;
    spoken.textContent = squareWords(square);
    draw();
  }

  const home = () => cursor ?? mover() ?? squareName(0, 1);

  function onFocus() {
    // Reached from the keyboard (Tab), not by a click: show where the cursor is.
    if (svg.matches(":focus-visible") && view?.shown.files) showCursor(home());
  }

  const onKey = keyHandler({
    "ArrowLeft ArrowRight ArrowUp ArrowDown": (event) => {
      if (!view?.shown.files) return false;
      const [file, rank] = parseSquare(home());
      const [x, y] = moveOnGrid(event.key, [file, rank - 1], [view.shown.files, view.shown.ranks]);
      showCursor(squareName(x, y + 1));
    },
    "Enter Space": () => {
      if (!view?.shown.files || !cursor) return false;
      choose(cursor);
      if (refusal === null) spoken.textContent = squareWords(cursor); // a refusal speaks for itself
    },
    Escape: () => {
      if (selected === null) return false;
      selected = null;
      refusal = null;
      draw();
      if (cursor) spoken.textContent = squareWords(cursor);
    },
  });

  function promptKey() {
    if (pending.move()) return "prompt.sent";
    if (!view.canAct) return null;
    return selected === null ? "prompt.step" : "prompt.spell";
  }

  function draw() {
    const obs = view.shown;
    if (!obs.files) return svg.replaceChildren(); // no game yet
    const g = geometry(obs);
    const options = turns();
    const targets = selected === null ? Object.keys(options) : options[selected];
    const targetClass = selected === null ? "step" : "spell";
    const hint = parseTurn(liveHint(view) ?? reviewedBest(view)); // the review's better move too
    const layers = { squares: [], marks: [], pieces: [], top: [] };
    const colour = (seat) => seatMark(seat, view.names[seat]).colour;

    obs.houses.forEach((square, seat) => {
      const [x, y] = g.corner(square);
      layers.marks.push(s("rect", { class: "sp-house-floor", x, y, width: CELL, height: CELL, fill: colour(seat) }), house(x, y, colour(seat)));
    });
    for (let rank = obs.ranks; rank >= 1; rank -= 1) {
      for (let file = 0; file < obs.files; file += 1) {
        const name = squareName(file, rank);
        const [x, y] = g.corner(name);
        const target = targets.includes(name);
        layers.squares.push(s("rect", {
          class: `sp-square ${(file + rank) % 2 ? "sp-light" : "sp-dark"}${target ? ` sp-target sp-target-${targetClass}` : ""}`,
          "data-square": name, x, y, width: CELL, height: CELL,
        }));
        if (target && targetClass === "step") layers.marks.push(s("circle", { class: "sp-step-dot", cx: x + CELL / 2, cy: y + CELL / 2, r: 9 }));
        if (target && targetClass === "spell") layers.marks.push(outline(g, name, "sp-spell-target", 7), star(x + CELL / 2, y + CELL / 2, 9, { class: "sp-spell-target-star" }));
      }
    }

    const analysis = liveAnalysis(view);
    const overlay = analysis ? overlayLayers(g, analysis, colour, view.lang) : { under: [], over: [] };
    layers.marks.unshift(...overlay.under);
    if (obs.last) layers.marks.push(arrow(g, obs.last.from, obs.last.to, colour(obs.last.seat)));
    obs.spells.forEach((square) => {
      const last = obs.last?.spell === square;
      layers.pieces.push(plate(g, square, last ? { class: "sp-spell sp-last-spell", stroke: colour(obs.last.seat) } : {}));
    });
    const sent = pending.move();
    if (sent?.spell) layers.pieces.push(plate(g, sent.spell, { class: "sp-spell sp-pending" }));

    const returns = obs.terminal ? obs.returns ?? [] : null;
    const best = returns ? Math.max(...returns) : null;
    const moving = selected ?? sent?.step ?? null;
    obs.witches.forEach((square, seat) => {
      const isMover = moving !== null && seat === obs.to_move;
      const state = returns ? (returns[seat] < best ? "sp-lost" : "sp-won") : isMover ? "sp-ghost" : "";
      const name = view.names[seat] ?? "";
      layers.pieces.push(witch(g, seat, name, square, state));
      if (isMover) layers.pieces.push(witch(g, seat, name, moving, "sp-provisional"));
    });

    if (hint) {
      layers.top.push(outline(g, hint.step, "sp-hint"), hintBadge(g, hint.step, "1"));
      if (hint.spell) layers.top.push(outline(g, hint.spell, "sp-hint"), hintBadge(g, hint.spell, "2"));
    }
    layers.top.push(...overlay.over);
    if (keyboard && cursor) layers.top.push(outline(g, cursor, "sp-cursor", 1));

    svg.setAttribute("viewBox", `0 0 ${g.width} ${g.height}`);
    svg.setAttribute("aria-label", t(view.lang, "board.label"));
    // Hooks for browser tests: the ply drawn, what a click would do now, the keyboard's cursor.
    svg.dataset.ply = obs.ply;
    svg.dataset.phase = pending.canAct() ? targetClass : "wait";
    svg.dataset.analysis = analysis ? "shown" : "hidden";
    svg.dataset.cursor = cursor ?? "";
    svg.replaceChildren(
      s("rect", { class: "sp-frame", x: EDGE - 3, y: PAD - 3, width: obs.files * CELL + 6, height: obs.ranks * CELL + 6, rx: 8 }),
      s("g", { class: "sp-squares" }, layers.squares),
      s("g", { class: "sp-marks" }, layers.marks),
      s("g", { class: "sp-pieces" }, layers.pieces),
      s("g", { class: "sp-top" }, layers.top),
      s("g", { class: "sp-labels" }, coordinates(obs)),
    );

    const key = promptKey();
    prompt.hidden = key === null && refusal === null;
    prompt.textContent = refusal ? t(view.lang, refusal.key, refusal.params) : key === null ? "" : t(view.lang, key);
    prompt.classList.toggle("sp-refusal", refusal !== null);
    el.dataset.refusal = refusal?.key.slice("refusal.".length) ?? "";
    panel.update(view, hint);
  }

  return {
    el,
    update(next) {
      view = next;
      pending.update(next);
      if (selected !== null && (live().ply !== selectedPly || !(selected in turns()))) selected = null;
      if (refusal !== null && refusal.at !== moment()) refusal = null;
      draw();
    },
    focus() {
      svg.focus();
    },
  };
}
