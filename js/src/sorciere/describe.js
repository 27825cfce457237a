// An action's text in words, for the move list and the hint line: "pull 21@0.91" reads "tire
// le biscuit D4" (the roof's coordinates, notation.js; the notation stays as a tooltip).

import { cellName, parseAction } from "./notation.js";

/** `text` said in `lang`, or null when it is not an action's text. */
export function describe(text, lang, t) {
  const action = parseAction(text);
  if (action === null) return null;
  if (action.kind === "next") return t(lang, "move.next");
  return t(lang, action.kind === "pull" ? "move.pull" : "move.put", { cell: cellName(action.slot) });
}
