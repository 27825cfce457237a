// The keyboard, once for every game: a key map for a board's keydown, a cursor moved on a grid
// by the arrow keys, a roving tabindex for a row of buttons (cards, colours, the move list),
// focus kept in the widget when a redraw replaces the focused element, and the "Keyboard" help
// the shell shows.
//
// A game lists its keys for the help as `kit.keys` (see createShell): [{keys, does}], where
// `keys` names keys of KEY_NAMES and `does` is a string key of the game's table, keys.<what>.
// The same list is written in docs/keyboard.md.

import { h } from "./dom.js";

/** The keys a help line may name: each is `key.<name>` in the kit's strings. */
export const KEY_NAMES = ["arrows", "enter", "space", "hold-space", "escape", "tab", "home-end"];

/** An arrow key as a step [dx, dy] on a grid whose y grows upwards (rank 1 at the bottom). */
export const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

const ALIASES = { Space: " ", Esc: "Escape" };

/**
 * A keydown listener from a map {"Enter Space": handler, "ArrowUp ArrowDown": handler}: the
 * handler gets the event; unless it returns false, the key is taken (no default action, no
 * JupyterLab shortcut: the widget keeps its keys).
 */
export function keyHandler(bindings) {
  const table = new Map();
  for (const [names, handler] of Object.entries(bindings)) {
    for (const name of names.split(" ")) table.set(ALIASES[name] ?? name, handler);
  }
  return (event) => {
    const handler = table.get(event.key);
    if (!handler || event.altKey || event.ctrlKey || event.metaKey) return false;
    if (handler(event) === false) return false;
    event.preventDefault();
    event.stopPropagation();
    return true;
  };
}

/** The cell [x, y] moved by `key` on a grid of `size` [columns, rows], kept on the grid; null
 * when `key` is not an arrow. */
export function moveOnGrid(key, [x, y], [columns, rows]) {
  const step = ARROWS[key];
  if (!step) return null;
  const clamp = (value, count) => Math.min(count - 1, Math.max(0, value));
  return [clamp(x + step[0], columns), clamp(y + step[1], rows)];
}

/** The element can take the focus: enabled, no hidden ancestor (a board drawn before the
 * widget is in the page has its Tab stops too). */
function usable(el) {
  if (!el || el.disabled) return false;
  for (let node = el; node; node = node.parentElement) if (node.hidden) return false;
  return true;
}

/**
 * A roving tabindex over the elements of `container` that match `selector`: one Tab stop for
 * the whole row; the arrow keys (and Home, End) move between its enabled elements. Call
 * `refresh()` after each redraw of the row: the element at the same place keeps the stop.
 */
export function createRoving(container, selector) {
  let index = 0;
  const items = () => [...container.querySelectorAll(selector)].filter(usable);

  function refresh() {
    const list = items();
    index = Math.min(index, Math.max(list.length - 1, 0));
    list.forEach((item, i) => {
      const stop = i === index ? "0" : "-1";
      if (item.getAttribute("tabindex") !== stop) item.setAttribute("tabindex", stop); // a long list: touch only what changes
    });
  }

  function focusAt(i) {
    const list = items();
    if (!list.length) return false;
    index = (i + list.length) % list.length;
    refresh();
    list[index].focus({ preventScroll: true });
    return true;
  }

  const onKey = keyHandler({
    "ArrowLeft ArrowUp": () => focusAt(index - 1),
    "ArrowRight ArrowDown": () => focusAt(index + 1),
    Home: () => focusAt(0),
    End: () => focusAt(items().length - 1),
  });
  container.addEventListener("keydown", (event) => {
    if (event.target.matches?.(selector)) onKey(event);
  });
  container.addEventListener("focusin", (event) => {
    const at = items().indexOf(event.target);
    if (at >= 0 && at !== index) { index = at; refresh(); }
  });
  return {
    refresh,
    /** Focus the row's Tab stop (the first element when `first`); false if the row has none. */
    focus: (first = false) => focusAt(first ? 0 : index),
    /** The row's Tab stop, or null when the row has no enabled element. */
    current: () => items()[index] ?? null,
    /** Give the Tab stop to `element` (one of the row's), without moving the focus. */
    select(element) {
      const at = items().indexOf(element);
      if (at >= 0) index = at;
      refresh();
    },
  };
}

/**
 * Keep the keyboard in the widget when a redraw takes away the focused element (a card played,
 * a button that hides): call `before()` ahead of the board's redraw and `after(target)` once it
 * is done; when the focus was in the widget (`root`'s `.ludo`) and is lost, `target()` gets it
 * back. While `target()` has nothing (the hand waits for a bot), `root` holds the focus, out of
 * the Tab order and with no ring, so that the widget keeps it ("Next" at a round's end takes it
 * from there). A person who moved the focus out of the widget is left there.
 */
export function createFocusKeeper(root) {
  let held = false;
  const scope = () => root.closest(".ludo") ?? root;
  root.classList.add("ludo-park");
  return {
    before() {
      const active = root.ownerDocument.activeElement;
      if (scope().contains(active)) held = true;
      else if (active && active !== root.ownerDocument.body) held = false;
    },
    after(target) {
      const active = root.ownerDocument.activeElement;
      if (!held || (active !== root && scope().contains(active) && usable(active))) return;
      const element = target() ?? (active === root ? null : root);
      if (element === root) root.setAttribute("tabindex", "-1");
      element?.focus({ preventScroll: true });
    },
  };
}

/** The "Keyboard" help: a disclosure under the board listing the game's keys in its language. */
export function createKeysHelp({ t }, keys = []) {
  const summary = h("summary", { class: "ludo-keys-summary" });
  const list = h("dl", { class: "ludo-keys-list" });
  const el = h("details", { class: "ludo-keys" }, summary, list);
  el.hidden = keys.length === 0;
  let lang = null;
  return {
    el,
    update(view) {
      if (view.lang === lang || el.hidden) return;
      lang = view.lang;
      summary.textContent = t(lang, "keys.title");
      list.replaceChildren(...keys.flatMap(({ keys: names, does }) => [
        h("dt", {}, names.map((name) => h("kbd", {}, t(lang, `key.${name}`)))),
        h("dd", {}, t(lang, does)),
      ]));
    },
  };
}
