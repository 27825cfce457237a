// A move's text in words, for the move list and the hint line: "play M2B0 yellow" reads
// "joue « Tirer : multicolore 2, bleu 0 » (jaune)" (the notation stays as a tooltip).

import { cardName } from "./board.js";

const PLAYS = { play: "move.play", contre: "move.contre", surcontre: "move.surcontre", sursurcontre: "move.sursurcontre" };

/** `text` said in `lang`, or null when it is not a move's text. */
export function describe(text, lang, t) {
  const [verb, what, named] = String(text ?? "").split(" ");
  const colour = (c) => (c === "multi" ? t(lang, "card.multi") : t(lang, `colour.${c}`));
  if (verb === "gnome" && what === "?") return t(lang, "move.gnome-secret");
  if (verb === "gnome" && what) return t(lang, "move.gnome", { colour: colour(what) });
  if (verb === "discard" && what) {
    return t(lang, "move.discard", { cards: what.split(",").map((code) => cardName(t, lang, code)).join(", ") });
  }
  if (verb in PLAYS && what) return t(lang, PLAYS[verb], { card: cardName(t, lang, what), colour: named && colour(named) });
  return null;
}
