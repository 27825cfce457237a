// Render a widget into a fresh element of the jsdom document.

import widget from "../src/sortileges.js";
import { createFakeModel } from "./fake_model.js";

export function renderSortileges(overrides = {}) {
  const model = createFakeModel(overrides);
  const el = document.createElement("div");
  document.body.append(el);
  const cleanup = widget.render({ model, el });
  const $ = (selector) => el.querySelector(selector);
  const $$ = (selector) => [...el.querySelectorAll(selector)];
  return { model, el, cleanup, $, $$ };
}

export function click(element) {
  element.dispatchEvent(new MouseEvent("click", { bubbles: true }));
}

export function key(element, name) {
  element.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));
}
