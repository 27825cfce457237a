// Games with secrets (the `private_information` trait): the hot-seat curtain and the omniscient toggle.
// Python decides everything: while `curtain` names a seat, the observation it syncs is the
// public one, so this screen only hides the board and asks that seat to come.

import { h } from "./dom.js";
import { seatBadge } from "./palette.js";
import { seatName } from "./status.js";

/** The "pass the device" screen: shown while `view.curtain` names a seat. */
export function createCurtain({ t, send }) {
  const title = h("h3", { class: "ludo-curtain-title" });
  const text = h("p", { class: "ludo-curtain-text" });
  const badge = h("span", { class: "ludo-curtain-badge" });
  const button = h("button", {
    type: "button", class: "ludo-button ludo-curtain-button", "data-intent": "ready",
    onclick: () => send({ type: "ready" }),
  });
  const el = h("div", { class: "ludo-curtain", role: "dialog", "aria-modal": "false" }, badge, title, text, button);
  el.hidden = true;
  let shown = null;
  return {
    el,
    update(view) {
      const seat = view.curtain;
      el.hidden = seat === null || seat === undefined;
      if (el.hidden) { shown = null; return; }
      const name = seatName(view, seat);
      el.dataset.seat = seat;
      title.textContent = t(view.lang, "curtain.title");
      text.textContent = t(view.lang, "curtain.text", { name });
      button.textContent = t(view.lang, "curtain.button", { name });
      badge.replaceChildren(seatBadge(seat, name));
      if (shown !== seat) { shown = seat; queueMicrotask(() => button.focus?.({ preventScroll: true })); }
    },
  };
}

/** The omniscient switch: only for games with secrets and no human seat. */
export function createOmniscient({ t, send }) {
  const input = h("input", {
    type: "checkbox", class: "ludo-omniscient-input",
    onchange: () => send({ type: "omniscient", value: input.checked }),
  });
  const label = h("span", { class: "ludo-label" });
  const el = h("label", { class: "ludo-omniscient" }, input, label);
  return {
    el,
    update(view) {
      el.hidden = !view.privateInformation || view.seats.includes("human");
      label.textContent = t(view.lang, "omniscient.label");
      input.checked = view.omniscient; // always what Python says
    },
  };
}
