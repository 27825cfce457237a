// Sortilèges widget: anywidget entry point (bundled into widgets/static/sortileges.js).

import { mountGame } from "./kit/widget.js";
import { createBoard } from "./sortileges/board.js";
import { SORTILEGES_STRINGS } from "./sortileges/strings.js";
import { SORTILEGES_CSS } from "./sortileges/style.js";

const SORTILEGES = { id: "sortileges", strings: SORTILEGES_STRINGS, css: SORTILEGES_CSS, createBoard };

function render({ model, el }) {
  return mountGame({ model, el }, SORTILEGES);
}

export default { render };
