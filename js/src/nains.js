// Tir de tuyau widget: anywidget entry point (bundled into widgets/static/nains.js).

import { mountGame } from "./kit/widget.js";
import { createBoard } from "./nains/board.js";
import { NAINS_STRINGS } from "./nains/strings.js";
import { NAINS_CSS } from "./nains/style.js";

const NAINS = { id: "nains", strings: NAINS_STRINGS, css: NAINS_CSS, createBoard };

function render({ model, el }) {
  return mountGame({ model, el }, NAINS);
}

export default { render };
