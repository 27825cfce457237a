// A Petits Pas widget: anywidget entry point (bundled into widgets/static/petits_pas.js).

import { gameWidget } from "./kit/widget.js";
import { createBoard, KEYS } from "./petits_pas/board.js";
import { PETITS_PAS_STRINGS } from "./petits_pas/strings.js";
import { PETITS_PAS_CSS } from "./petits_pas/style.js";

export default gameWidget({
  id: "petits_pas",
  strings: PETITS_PAS_STRINGS,
  css: PETITS_PAS_CSS,
  createBoard,
  // Traits of this game beyond the kit's (read into view.extra).
  traits: ["deal"],
  // The kit's parts this game does without: the board has its own step and play buttons,
  // a hint or a move list of "step, step, step" would say nothing.
  kit: { buttons: ["new", "undo", "redo"], seats: false, moves: false, keys: KEYS },
});
