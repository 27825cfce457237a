// Tir de tuyau widget: anywidget entry point (bundled into widgets/static/nains.js).

import { gameWidget } from "./kit/widget.js";
import { createBoard, KEYS } from "./nains/board.js";
import { describe } from "./nains/describe.js";
import { NAINS_STRINGS } from "./nains/strings.js";
import { NAINS_CSS } from "./nains/style.js";

export default gameWidget({ id: "nains", strings: NAINS_STRINGS, css: NAINS_CSS, createBoard, describe, kit: { hint: false, keys: KEYS } });
