// The rest at a round's end, the same in every game whoever starts the next round: the
// round's result stays on the board and is said above it, in the banner, until someone
// presses "Next" (Python's `waiting` trait; the `continue` intent goes on: a bot starts the
// next round, or the table is the human's again).

import { h } from "./dom.js";

let banners = 0; // each banner's text has its own id (the button is described by it)

/** `result(view)` is the round's result in words (a game's `roundResult`), or null: then the
 * banner says only that the round is over. */
export function createNextBanner({ t, send, result = () => null }) {
  const id = `ludo-next-text-${(banners += 1)}`;
  const text = h("span", { class: "ludo-next-text", id });
  const next = h("button", {
    type: "button", class: "ludo-button ludo-continue", "data-intent": "continue", "aria-describedby": id,
    onclick: () => send({ type: "continue" }),
  });
  const el = h("div", { class: "ludo-next" }, text, next);
  // Said once when the round ends (the banner itself was hidden: a live region there could
  // stay silent as it appears); it stays in the page, empty, between rounds.
  const spoken = h("span", { class: "ludo-sr ludo-next-spoken", "aria-live": "polite" });
  let shown = false;
  return {
    el,
    spoken,
    update(view) {
      const waiting = view.waiting && !view.reviewing;
      el.hidden = !waiting;
      text.textContent = waiting ? result(view) ?? t(view.lang, "round.over") : "";
      next.textContent = `${t(view.lang, "button.continue")} ▸`;
      const said = waiting ? `${text.textContent} ${t(view.lang, "round.go-on")}` : "";
      if (spoken.textContent !== said) spoken.textContent = said;
      // Whoever was playing in the widget lands on the button that goes on.
      if (waiting && !shown && el.isConnected && el.closest(".ludo")?.contains(document.activeElement)) next.focus();
      shown = waiting;
    },
  };
}
