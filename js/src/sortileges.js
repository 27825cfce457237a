// Sortilèges widget: anywidget entry point (bundled into widgets/static/sortileges.js).

import { gameWidget } from "./kit/widget.js";
import { createBoard, KEYS } from "./sortileges/board.js";
import { describe } from "./sortileges/describe.js";
import { SORTILEGES_STRINGS } from "./sortileges/strings.js";
import { SORTILEGES_CSS } from "./sortileges/style.js";

export default gameWidget({ id: "sortileges", strings: SORTILEGES_STRINGS, css: SORTILEGES_CSS, createBoard, describe, kit: { keys: KEYS } });
