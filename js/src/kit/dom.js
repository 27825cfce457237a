// Tiny element builders: h("button", {class: "x", onclick: f}, "text").
// Attributes named on<event> become listeners; null/false attributes are skipped.

const SVG_NS = "http://www.w3.org/2000/svg";

function build(element, attrs, children) {
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  element.append(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return element;
}

/** An HTML element. */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element. */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Add a <style> with this id to `root` unless it already holds one. */
export function ensureStyle(root, id, css) {
  if (root.querySelector(`style[data-ludo-style="${id}"]`)) return;
  root.prepend(h("style", { "data-ludo-style": id }, css));
}
