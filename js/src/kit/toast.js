// Messages from Python (the `notice` trait): each new id is shown once, then fades.

import { h } from "./dom.js";

const SHOW_MS = 6000;

export function createToasts({ t, describe = (text) => text }, initialNotice) {
  const el = h("div", { class: "ludo-toasts", "aria-live": "assertive" });
  // A notice already set when this view opens belongs to an earlier view: do not replay it.
  const seen = new Set(initialNotice?.id === undefined ? [] : [initialNotice.id]);
  const timers = new Set();

  function show(view) {
    const { id, level = "info", code, params = {} } = view.notice;
    const key = `notice.${code}`;
    // a move refused is said in words, as the move list says it ("play Y2R0" is no player's text)
    const said = typeof params.action === "string" ? { ...params, action: describe(params.action, view.lang) } : params;
    const text = t.has(key) ? t(view.lang, key, said) : t(view.lang, "notice.unknown", { code });
    const toast = h("div", { class: "ludo-toast", "data-level": level, "data-id": id, role: level === "error" ? "alert" : "status" },
      h("span", { class: "ludo-toast-text" }, text));
    const close = () => { clearTimeout(timer); timers.delete(timer); toast.remove(); };
    const timer = setTimeout(close, SHOW_MS);
    timers.add(timer);
    toast.append(h("button", { type: "button", class: "ludo-toast-close", "aria-label": t(view.lang, "button.close"), onclick: close }, "×"));
    el.append(toast);
  }

  return {
    el,
    update(view) {
      const id = view.notice.id;
      if (id === undefined || seen.has(id)) return;
      seen.add(id);
      show(view);
    },
    destroy() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
