// The options panel: one selector per game option the UI may change (`game_info.options`:
// each option's label, default and choices, every value with its label, as the engine
// declares them), and a button that starts a new game with the chosen values:
// {"type": "new", "options": {...}}. Shown only when the game offers choices.
//
// A choice is only a draft until the button is pressed: the selectors show the live game's
// options again whenever Python changes them (a new game), not at every step.

import { h } from "./dom.js";
import { inLang } from "./view.js";

export function createOptions({ t, send }) {
  const title = h("legend", { class: "ludo-legend" });
  const rows = h("div", { class: "ludo-option-rows" });
  const apply = h("button", {
    type: "button", class: "ludo-button ludo-options-apply", "data-intent": "new-options",
    onclick: () => send({ type: "new", options: chosen() }),
  });
  const el = h("fieldset", { class: "ludo-options" }, title, rows, apply);
  let choices = {};
  let liveOptions = {};
  let layout = "";
  let current = "";
  let lang = "fr";

  /** The values now selected: {name: value}, values as Python gave them (not strings). */
  function chosen() {
    const result = {};
    for (const select of rows.querySelectorAll("select")) {
      const values = choices[select.dataset.option] ?? [];
      if (select.selectedIndex >= 0 && select.selectedIndex < values.length) result[select.dataset.option] = values[select.selectedIndex];
    }
    return result;
  }

  function showLive(options) {
    for (const select of rows.querySelectorAll("select")) {
      const index = (choices[select.dataset.option] ?? []).findIndex((value) => value === options[select.dataset.option]);
      if (index >= 0) select.selectedIndex = index;
    }
    markDraft(options);
  }

  /** Flag the panel while the selection differs from the game being played. */
  function markDraft(options) {
    const draft = Object.entries(chosen()).some(([name, value]) => options[name] !== value);
    el.dataset.draft = String(draft);
    apply.textContent = t(lang, draft ? "options.apply-draft" : "options.apply");
  }

  return {
    el,
    chosen,
    update(view) {
      choices = view.optionChoices ?? {};
      const described = view.gameInfo?.options ?? {};
      liveOptions = view.options ?? {};
      lang = view.lang;
      const names = Object.keys(choices);
      el.hidden = names.length === 0;
      if (el.hidden) return;
      title.textContent = t(lang, "options.title");
      // Rebuild only when the choices or the language change, so a draft and focus survive steps.
      const signature = JSON.stringify([described, lang]);
      if (signature !== layout) {
        const draft = layout ? chosen() : null;
        layout = signature;
        rows.replaceChildren(...names.map((name) => {
          const option = described[name];
          const optionLabel = inLang(option.label, lang, name);
          const select = h("select", {
            class: "ludo-option-select", "data-option": name, "aria-label": optionLabel,
            onchange: () => markDraft(liveOptions),
          }, option.choices.map(({ value, label }, index) => {
            const text = inLang(label, lang, String(value));
            return h("option", { value: index }, value === option.default ? t(lang, "options.default", { text }) : text);
          }));
          return h("label", { class: "ludo-option" }, h("span", { class: "ludo-option-name" }, optionLabel), select);
        }));
        showLive(draft ?? liveOptions);
      }
      const live = JSON.stringify(liveOptions);
      if (live !== current) {
        current = live;
        showLive(liveOptions);
      }
      markDraft(liveOptions);
    },
  };
}
