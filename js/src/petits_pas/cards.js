// Playing cards in SVG, readable at a glance and by colour-blind players: a large rank, the
// suit's shape in the corner and in the centre, red or black, and a second cue besides
// colour — hearts and spades are filled, diamonds and clubs drawn in outline — so each suit
// differs from the others by shape, by colour and by fill.
//
// A card's text is the engine's (`10H`, `QS`, `AD`); its label is the player's: French court
// cards are V, D, R (valet, dame, roi), English ones J, Q, K. What the static picture draws
// alike (ranks, suits, colours) is BOARD (widgets/pictures/petits_pas.json).

import BOARD from "../../../widgets/pictures/petits_pas.json" with { type: "json" };
import { s } from "../kit/dom.js";

export const CARD_W = 72;
export const CARD_H = 100;

const RANKS = BOARD.ranks;
const RANK_LABELS = BOARD.rank_labels;
const SUIT_SYMBOLS = BOARD.suit_symbols;
const RED = new Set(BOARD.red_suits);
const OUTLINED = new Set(BOARD.outlined_suits);
const SUIT_NAMES = {
  fr: { S: "pique", H: "cœur", D: "carreau", C: "trèfle" },
  en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
};

/** "10H" -> {rank: "10", suit: "H"}; null for anything else. */
export function parseCard(text) {
  const match = /^(10|[2-9AJQK])([SHDC])$/.exec(String(text ?? ""));
  return match ? { rank: match[1], suit: match[2] } : null;
}

/** How a player reads a card: "10♥", "V♥" in French, "J♥" in English. */
export function cardLabel(text, lang = "fr") {
  const card = parseCard(text);
  if (!card) return String(text);
  const labels = RANK_LABELS[lang] ?? RANK_LABELS.fr;
  return labels[RANKS.indexOf(card.rank)] + SUIT_SYMBOLS[card.suit];
}

/** The suit's name, for screen readers ("cœur", "hearts"). */
function suitName(suit, lang = "fr") {
  return (SUIT_NAMES[lang] ?? SUIT_NAMES.fr)[suit];
}

// Suit shapes in a 100 x 100 box. The club is three circles, a joint and a stem (the
// picture draws it as one path).
const SHAPES = {
  ...Object.fromEntries(Object.entries(BOARD.suit_paths).map(([suit, d]) => [suit, [["path", { d }]]])),
  C: [
    ["circle", { cx: 50, cy: 27, r: 20 }],
    ["circle", { cx: 26, cy: 58, r: 20 }],
    ["circle", { cx: 74, cy: 58, r: 20 }],
    ["circle", { cx: 50, cy: 50, r: 12 }],
    ["path", { d: "M45 52 C45 74 41 88 32 97 L68 97 C59 88 55 74 55 52 Z" }],
  ],
};

/**
 * A suit symbol of `size` with its top-left corner at (x, y). Outlined suits are drawn in
 * two passes — the shape with a thick stroke, then the same shape in the card's colour on
 * top — so only the outline of the whole shape shows, even where the club's circles overlap.
 */
function suitSymbol(suit, x, y, size) {
  const scale = size / 100;
  const shape = (attrs) => SHAPES[suit].map(([tag, geometry]) => s(tag, { ...geometry, ...attrs }));
  const parts = OUTLINED.has(suit)
    ? [s("g", { class: "pp-ink pp-ink-stroke" }, shape({ "stroke-width": 18, "stroke-linejoin": "round" })),
       s("g", { class: "pp-hollow" }, shape({}))]
    : [s("g", { class: "pp-ink" }, shape({}))];
  return s("g", { class: "pp-suit", "data-suit": suit, transform: `translate(${x} ${y}) scale(${scale})` }, parts);
}

/** A small curved arrow: the mark of a card that has jumped already. */
function jumpedMark(x, y) {
  return s("g", { class: "pp-jumped-mark", transform: `translate(${x} ${y})` },
    s("circle", { cx: 0, cy: 0, r: 9 }),
    s("path", { class: "pp-jumped-arrow", d: "M-5 3 C-5 -5 4 -6 5 1" }),
    s("path", { class: "pp-jumped-head", d: "M1.5 0 L5.5 3.5 L7.5 -1.5 Z" }));
}

/**
 * One face-up card, as an SVG group placed at (x, y) (its top-left corner). `jumped` adds
 * the jumped mark; `lang` chooses the rank letters.
 */
export function cardFace(text, { x = 0, y = 0, lang = "fr", jumped = false, cls = "" } = {}) {
  const card = parseCard(text);
  const label = cardLabel(text, lang);
  const colour = RED.has(card.suit) ? "pp-red" : "pp-black";
  const name = `${label}${jumped ? (lang === "en" ? " (has jumped)" : " (a sauté)") : ""}`;
  return s("g", {
    class: `pp-card ${colour}${jumped ? " pp-jumped" : ""}${cls ? ` ${cls}` : ""}`, "data-card": text,
    transform: `translate(${x} ${y})`, role: "img", "aria-label": name,
  },
  s("title", {}, `${name} — ${suitName(card.suit, lang)}`),
  s("rect", { class: "pp-face", x: 0.5, y: 0.5, width: CARD_W - 1, height: CARD_H - 1, rx: 7 }),
  s("text", { class: "pp-rank", x: 6, y: 21, "font-size": card.rank === "10" ? 19 : 22 }, label.slice(0, -1)),
  suitSymbol(card.suit, CARD_W - 22, 6, 16),
  suitSymbol(card.suit, CARD_W / 2 - 21, 36, 42),
  jumped ? jumpedMark(CARD_W - 13, CARD_H - 13) : null);
}

/** A face-down card (the stock). `patternId` names the back's pattern in the board's defs. */
export function cardBack({ x = 0, y = 0, patternId } = {}) {
  return s("g", { class: "pp-back", transform: `translate(${x} ${y})` },
    s("rect", { class: "pp-back-face", x: 0.5, y: 0.5, width: CARD_W - 1, height: CARD_H - 1, rx: 7 }),
    s("rect", { class: "pp-back-pattern", x: 6, y: 6, width: CARD_W - 12, height: CARD_H - 12, rx: 4, fill: `url(#${patternId})` }));
}

/** The pattern of a card's back, to put once in the board's <defs>. */
export function backPattern(id) {
  return s("pattern", { id, width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    s("rect", { class: "pp-back-stripe-bg", width: 8, height: 8 }),
    s("rect", { class: "pp-back-stripe", width: 3, height: 8 }));
}
