// The game's buttons, the bot speed slider and the language toggle.

import { h } from "./dom.js";
import { LANGS } from "./i18n.js";
import { formatNumber } from "./numbers.js";

const SPEED_MAX = 5;

export function createButtons({ t, send }, types = ["new", "undo", "redo", "hint"]) {
  const buttons = types.map((type) =>
    h("button", { type: "button", class: "ludo-button", "data-intent": type, onclick: () => send({ type }) }));
  const el = h("div", { class: "ludo-buttons" }, buttons);
  return {
    el,
    update(view) {
      for (const b of buttons) {
        b.textContent = t(view.lang, `button.${b.dataset.intent}`);
        // A hint is for the person about to move; Python refuses it otherwise anyway.
        if (b.dataset.intent === "hint") b.disabled = !view.canAct;
        if (b.dataset.intent === "undo") b.disabled = !view.canUndo;
        if (b.dataset.intent === "redo") b.disabled = !view.canRedo;
      }
    },
  };
}

export function createSpeed({ t, send }) {
  const input = h("input", {
    type: "range", min: 0, max: SPEED_MAX, step: 0.5, class: "ludo-speed-input",
    onchange: () => send({ type: "speed", value: Number(input.value) }),
  });
  const label = h("span", { class: "ludo-label" });
  const value = h("output", { class: "ludo-speed-value" });
  const el = h("label", { class: "ludo-speed" }, label, input, value);
  return {
    el,
    update(view) {
      label.textContent = t(view.lang, "speed.label");
      if (!input.matches(":active")) input.value = String(view.botDelay);
      value.textContent = t(view.lang, "speed.value", { seconds: formatNumber(view.botDelay, view.lang) });
    },
  };
}

export function createLanguage({ t, send }) {
  const buttons = LANGS.map((lang) => h("button", {
    type: "button", class: "ludo-lang-button", lang, "data-lang": lang,
    onclick: () => send({ type: "lang", value: lang }),
  }, lang.toUpperCase()));
  const el = h("div", { class: "ludo-lang", role: "group" }, buttons);
  return {
    el,
    update(view) {
      el.setAttribute("aria-label", t(view.lang, "lang.label"));
      for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.lang === view.lang));
    },
  };
}
