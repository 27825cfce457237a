// The kit's options panel: generic, shown for any game whose `game_info.options` is not empty.

import { afterEach, describe, expect, it } from "vitest";
import { translator, KIT_STRINGS } from "../src/kit/i18n.js";
import { createOptions } from "../src/kit/options.js";
import { click, renderSortileges } from "./helpers.js";

afterEach(() => document.body.replaceChildren());

/** `game_info.options` as the widget base writes it: labels from the engine, the raw
 * value as the label where the engine gives none. */
const described = (options) => Object.fromEntries(Object.entries(options).map(([name, { label, values, labels = {}, byDefault }]) => [
  name,
  { label, default: byDefault, choices: values.map((value) => ({ value, label: labels[value] ?? { fr: String(value), en: String(value) } })) },
]));
const OPTIONS = described({
  players: { label: { fr: "Joueurs", en: "Players" }, values: [2, 3, 4], labels: { 2: { fr: "deux", en: "two" } }, byDefault: 3 },
  size: { label: { fr: "Taille", en: "Size" }, values: ["small", "big"], byDefault: "small" },
});
const viewOf = (options) => ({
  gameInfo: { options },
  optionChoices: Object.fromEntries(Object.entries(options).map(([name, option]) => [name, option.choices.map((c) => c.value)])),
});

function panel(overrides = {}) {
  const sent = [];
  const ctx = { t: translator(KIT_STRINGS, {}), send: (intent) => sent.push(intent) };
  const options = createOptions(ctx);
  document.body.append(options.el);
  const view = {
    lang: "fr",
    options: { players: 2, size: "small" },
    ...viewOf(OPTIONS),
    ...overrides,
  };
  options.update(view);
  const $ = (selector) => options.el.querySelector(selector);
  const $$ = (selector) => [...options.el.querySelectorAll(selector)];
  const choose = (name, index) => {
    const select = $(`select[data-option="${name}"]`);
    select.selectedIndex = index;
    select.dispatchEvent(new Event("change"));
  };
  return { options, view, sent, $, $$, choose, update: (changes) => options.update({ ...view, ...changes }) };
}

describe("options panel", () => {
  it("is hidden when the game offers no choice (Sortilèges by default)", () => {
    const { $ } = renderSortileges();
    expect($(".ludo-options").hidden).toBe(true);
    expect(panel(viewOf({})).options.el.hidden).toBe(true);
  });

  it("offers a selector per option, labelled as the engine declares it, the default marked", () => {
    const { $$, $, update } = panel();
    expect($$(".ludo-option-name").map((n) => n.textContent)).toEqual(["Joueurs", "Taille"]);
    expect($$('select[data-option="players"] option').map((o) => o.textContent)).toEqual(["deux", "3 (défaut)", "4"]);
    expect($$('select[data-option="size"] option').map((o) => o.textContent)).toEqual(["small (défaut)", "big"]);
    update({ lang: "en" });
    expect($$('select[data-option="players"] option').map((o) => o.textContent)).toEqual(["two", "3 (default)", "4"]);
    update({ lang: "fr" });
    expect($('select[data-option="players"]').selectedIndex).toBe(0);
    expect($(".ludo-legend").textContent).toBe("Options");
  });

  it("sends a new game with every chosen value, as Python gave it (numbers stay numbers)", () => {
    const { sent, $, choose } = panel();
    choose("players", 2);
    click($(".ludo-options-apply"));
    expect(sent).toEqual([{ type: "new", options: { players: 4, size: "small" } }]);
  });

  it("keeps a draft through other updates, flags it, and shows the live options after a new game", () => {
    const { options, $, choose, update } = panel();
    expect(options.el.dataset.draft).toBe("false");
    choose("size", 1);
    expect(options.el.dataset.draft).toBe("true");
    expect($(".ludo-options-apply").textContent).toBe("Appliquer : nouvelle partie");
    update({}); // a step, a bot thinking...: the draft stays
    update({ lang: "en" }); // relabelled, still the draft
    expect(options.chosen()).toEqual({ players: 2, size: "big" });
    expect($(".ludo-option-name").textContent).toBe("Players");
    update({ lang: "en", options: { players: 3, size: "small" } }); // Python started a new game
    expect(options.chosen()).toEqual({ players: 3, size: "small" });
    expect(options.el.dataset.draft).toBe("false");
  });

  it("rebuilds when the choices change", () => {
    const { $$, update } = panel();
    update(viewOf(described({ players: { label: { fr: "Joueurs", en: "Players" }, values: [2, 3], byDefault: 2 } })));
    expect($$("select").map((s) => s.dataset.option)).toEqual(["players"]);
  });

  it("is wired into the shell: the draft is offered to the board as ctx.chosenOptions", () => {
    const { model, $ } = renderSortileges({
      options: { files: 6 }, game_info: { options: described({ files: { label: { fr: "Colonnes", en: "Files" }, values: [4, 6], byDefault: 6 } }) },
    });
    expect($(".ludo-options").hidden).toBe(false);
    const select = $('.ludo-option-select[data-option="files"]');
    expect(select.selectedIndex).toBe(1);
    select.selectedIndex = 0;
    select.dispatchEvent(new Event("change"));
    click($(".ludo-options-apply"));
    expect(model.sent).toEqual([{ type: "new", options: { files: 4 } }]);
  });
});
