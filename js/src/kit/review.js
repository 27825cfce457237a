// The banner shown while looking back at an earlier position: step back and forth through
// the moves (a recorded game is walked through this way), or return to the live game.

import { h } from "./dom.js";

export function createReviewBanner({ t, send }, { onBack }) {
  const text = h("span", { class: "ludo-review-text" });
  const step = (delta) => h("button", {
    type: "button", class: "ludo-button ludo-step", "data-step": delta,
    onclick: (event) => send({ type: "review", ply: Number(event.currentTarget.dataset.ply) }),
  }, delta < 0 ? "◀" : "▶");
  const earlier = step(-1);
  const later = step(1);
  const back = h("button", {
    type: "button", class: "ludo-button ludo-back",
    onclick: () => { send({ type: "review", ply: null }); onBack(); },
  });
  const el = h("div", { class: "ludo-review", role: "status" }, earlier, text, later, back);
  return {
    el,
    update(view) {
      el.hidden = !view.reviewing;
      if (!view.reviewing) return;
      const ply = view.review.ply;
      text.textContent = t(view.lang, ply === 0 ? "status.review-start" : "status.review", { ply });
      back.textContent = t(view.lang, view.replaying ? "button.end" : "button.back");
      earlier.dataset.ply = String(ply - 1);
      later.dataset.ply = String(ply + 1);
      earlier.disabled = ply <= 0;
      later.disabled = ply >= (view.observation.ply ?? 0);
      earlier.setAttribute("aria-label", t(view.lang, "button.earlier"));
      later.setAttribute("aria-label", t(view.lang, "button.later"));
    },
  };
}
