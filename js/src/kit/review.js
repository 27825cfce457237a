// The banner shown while looking back at an earlier position, with the way back.

import { h } from "./dom.js";

export function createReviewBanner({ t, send }, { onBack }) {
  const text = h("span", { class: "ludo-review-text" });
  const back = h("button", {
    type: "button", class: "ludo-button ludo-back",
    onclick: () => { send({ type: "review", ply: null }); onBack(); },
  });
  const el = h("div", { class: "ludo-review", role: "status" }, text, back);
  return {
    el,
    update(view) {
      el.hidden = !view.reviewing;
      if (!view.reviewing) return;
      const ply = view.review.ply;
      text.textContent = t(view.lang, ply === 0 ? "status.review-start" : "status.review", { ply });
      back.textContent = t(view.lang, "button.back");
    },
  };
}
