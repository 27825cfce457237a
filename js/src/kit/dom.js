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

const shownKeys = new WeakMap(); // element -> the key it was made for

/**
 * Make `parent`'s children the elements `items` describe, in order; each item is {key, make}
 * where `key` is a text saying everything the element shows and `make()` builds it. An
 * element whose key is unchanged stays in the page as it is: the browser restyles, lays out
 * and paints only what changed (redrawing a whole board at every move cost a frame).
 */
export function keyedChildren(parent, items) {
  const made = new Map();
  for (const element of parent.children) made.set(shownKeys.get(element), element);
  let at = parent.firstChild;
  for (const { key, make } of items) {
    let element = made.get(key);
    made.delete(key); // a key is used once: a second equal item gets its own element
    if (!element) {
      element = make();
      shownKeys.set(element, key);
    }
    if (element === at) at = at.nextSibling;
    else parent.insertBefore(element, at);
  }
  while (at) {
    const next = at.nextSibling;
    at.remove();
    at = next;
  }
}
