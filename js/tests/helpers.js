// Render Sortilèges on the fake model, and drive any widget with clicks and keys.

import sortileges from "../src/sortileges.js";
import { renderWidget } from "./fake_model.js";

export function renderSortileges(overrides = {}) {
  return renderWidget(sortileges, overrides);
}

export function click(element) {
  element.dispatchEvent(new MouseEvent("click", { bubbles: true }));
}

export function key(element, name) {
  element.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));
}
