// Sorcière au pain d'épices widget: anywidget entry point (bundled into widgets/static/sorciere.js).

import { gameWidget } from "./kit/widget.js";
import { createBoard, KEYS, roundResult } from "./sorciere/board.js";
import { describe } from "./sorciere/describe.js";
import { SORCIERE_STRINGS } from "./sorciere/strings.js";
import { SORCIERE_CSS } from "./sorciere/style.js";

export default gameWidget({ id: "sorciere", strings: SORCIERE_STRINGS, css: SORCIERE_CSS, createBoard, describe, roundResult, traits: ["risk_button"], kit: { hint: false, keys: KEYS } });
