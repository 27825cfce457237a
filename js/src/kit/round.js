// The rest at a round's end: the round's result stays on the board until someone says
// "Next" (Python's `waiting` trait; the `continue` intent goes on).

import { h } from "./dom.js";

export function createNextBanner({ t, send }) {
  const text = h("span", { class: "ludo-next-text" });
  const next = h("button", {
    type: "button", class: "ludo-button ludo-continue", "data-intent": "continue",
    onclick: () => send({ type: "continue" }),
  });
  const el = h("div", { class: "ludo-next", role: "status" }, text, next);
  let shown = false;
  return {
    el,
    update(view) {
      const waiting = view.waiting && !view.reviewing;
      el.hidden = !waiting;
      text.textContent = t(view.lang, "round.over");
      next.textContent = `${t(view.lang, "button.continue")} ▸`;
      // Whoever was playing with the keyboard lands on the button that goes on.
      if (waiting && !shown && el.isConnected && el.closest(".ludo")?.contains(document.activeElement)) next.focus();
      shown = waiting;
    },
  };
}
