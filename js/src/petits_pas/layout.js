// Where everything sits on the board, computed from an observation alone: the row of places
// (each pile fanned downwards, its top card whole and lowest), the stock under the first
// place, the cards out under the last slot. Positions are SVG user units (top-left corners).
// The counts the static picture shares are BOARD's (widgets/pictures/petits_pas.json).

import BOARD from "../../../widgets/pictures/petits_pas.json" with { type: "json" };
import { CARD_H, CARD_W } from "./cards.js";

const GAP = 14;
const SLOT = CARD_W + GAP;
const MARGIN = 12;
export const HEAD = 58; // room above the row for a card's jump
const FAN = 44; // the most a pile may spread below its first card
const PEEK = 19; // how much of each covered card shows, when there is room
const LABEL_ROW = 36; // under the row: the mover's mark
const OUT_STEP = 0.6; // the pile of cards out thickens as it grows

/** The geometry of a board showing `places` places. */
export function geometry(places) {
  const slots = Math.max(BOARD.min_slots, places);
  const rowBottom = HEAD + CARD_H + FAN;
  const bandTop = rowBottom + LABEL_ROW;
  const width = 2 * MARGIN + slots * SLOT - GAP;
  return {
    slots,
    width,
    height: bandTop + CARD_H + 30,
    rowTop: HEAD,
    rowBottom,
    bandTop,
    placeX: (place) => MARGIN + place * SLOT,
    stock: { x: MARGIN, y: bandTop },
    out: { x: width - MARGIN - CARD_W, y: bandTop },
  };
}

/** How far apart the cards of a pile of `count` are drawn. */
function peekOf(count) {
  return count > 1 ? Math.min(PEEK, FAN / (count - 1)) : 0;
}

/** The position of the `index`-th card out (0: the first to leave). */
function outPosition(g, index) {
  const shift = Math.min(index, BOARD.out_pile_most) * OUT_STEP;
  return { x: g.out.x - shift * 0.5, y: g.out.y - shift };
}

/**
 * card text -> {x, y, place, index} for every card on the table (index 0 is a pile's
 * bottom card) and {x, y, out: true, index} for every card out.
 */
export function layout(observation, g = geometry((observation.places ?? []).length)) {
  const where = new Map();
  (observation.places ?? []).forEach((pile, place) => {
    const peek = peekOf(pile.length);
    pile.forEach((card, index) => where.set(card, { x: g.placeX(place), y: g.rowTop + index * peek, place, index }));
  });
  (observation.out ?? []).forEach((card, index) => where.set(card, { ...outPosition(g, index), out: true, index }));
  return where;
}
