// A turn's text in words, for the move list and the hint line: "c1-c2/d5" reads "va en c2,
// ensorcelle d5" (the notation stays as the move's tooltip).

const TURN = /^[a-z]\d+-([a-z]\d+)(?:\/([a-z]\d+))?$/;

/** `text` said in `lang`, or null when it is not a turn's text. */
export function describe(text, lang, t) {
  const match = TURN.exec(String(text ?? ""));
  if (!match) return null;
  const [, to, spell] = match;
  return t(lang, "move.turn", { to, spell });
}
