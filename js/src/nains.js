// Tir de tuyau widget: anywidget entry point (bundled into widgets/static/nains.js).

import { gameWidget } from "./kit/widget.js";
import { createBoard, KEYS, roundResult } from "./nains/board.js";
import { describe } from "./nains/describe.js";
import { NAINS_STRINGS } from "./nains/strings.js";
import { NAINS_CSS } from "./nains/style.js";

// A move's text ("play M2B0 yellow") is an engine code: the move list says it in words, and
// shows no tooltip of it.
export default gameWidget({ id: "nains", strings: NAINS_STRINGS, css: NAINS_CSS, createBoard, describe, notation: () => null, roundResult, kit: { hint: false, keys: KEYS } });
