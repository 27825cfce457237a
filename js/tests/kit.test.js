import { afterEach, describe, expect, it } from "vitest";
import { KIT_STRINGS, singular, translator } from "../src/kit/i18n.js";
import { formatDecimal, formatNumber, formatPercent } from "../src/kit/numbers.js";
import { FIXTURES } from "./fake_model.js";
import { click, renderSortileges } from "./helpers.js";

afterEach(() => document.body.replaceChildren());

describe("i18n", () => {
  it("fills parameters, drops optional parts without them, falls back to French then to the key", () => {
    const t = translator(KIT_STRINGS);
    expect(t("fr", "status.turn", { name: "Fasderat" })).toBe("À Fasderat de jouer.");
    expect(t("en", "notice.illegal", { action: "c1-c3" })).toBe("That move is not allowed: c1-c3.");
    expect(t("en", "notice.illegal")).toBe("That move is not allowed.");
    expect(t("de", "button.undo")).toBe("Annuler");
    expect(t("en", "no.such.key")).toBe("no.such.key");
  });

  it("agrees a word with its number: French singular below 2, English at exactly 1", () => {
    const tt = translator({ fr: { "x.slabs": "{n} {n:dalle|dalles}" }, en: { "x.slabs": "{n} {n:slab|slabs}" } });
    expect(["0", "1", "1.5", "2", "-3"].map((n) => tt("fr", "x.slabs", { n }))).toEqual(
      ["0 dalle", "1 dalle", "1.5 dalle", "2 dalles", "-3 dalles"]);
    expect(["0", "1", "2"].map((n) => tt("en", "x.slabs", { n }))).toEqual(["0 slabs", "1 slab", "2 slabs"]);
    expect(tt("de", "x.slabs", { n: 1 })).toBe("1 dalle"); // the French fallback, with French agreement
    expect([singular(1, "fr"), singular(1.99, "fr"), singular(2, "fr"), singular(0, "en")]).toEqual([true, true, false, false]);
  });

  it("lets a game's table override the kit's", () => {
    const tt = translator(KIT_STRINGS, { fr: { "button.new": "Encore !" }, en: {} });
    expect(tt("fr", "button.new")).toBe("Encore !");
    expect(tt("en", "button.new")).toBe("New game");
  });
});

describe("numbers", () => {
  const space = "[\u00a0\u202f]"; // French groups and "%" with a no-break space, narrow or not (ICU's choice)
  it("writes a number as the reader does: a decimal comma and spaced thousands in French", () => {
    expect(formatDecimal(0.786, "fr", 2)).toBe("0,79");
    expect(formatDecimal(0.786, "en", 2)).toBe("0.79");
    expect(formatDecimal(1, "fr", 2)).toBe("1,00");
    expect(formatNumber(0.5, "fr")).toBe("0,5");
    expect(formatNumber(0.5, "en")).toBe("0.5");
    expect(formatNumber(1234, "fr")).toMatch(new RegExp(`^1${space}234$`));
    expect(formatNumber(1234, "en")).toBe("1,234");
    expect(formatNumber(2.25, "fr", { maximumFractionDigits: 1 })).toBe("2,3");
    expect(formatPercent(0.42, "fr")).toMatch(new RegExp(`^42${space}%$`));
    expect(formatPercent(0.42, "en")).toBe("42%");
  });

  it("the bot pause is written that way too", () => {
    const { model, $ } = renderSortileges({ bot_delay: 0.5 });
    expect($(".ludo-speed-value").textContent).toBe("0,5 s");
    model.set("lang", "en");
    expect($(".ludo-speed-value").textContent).toBe("0.5 s");
  });
});

describe("shell", () => {
  it("says whose turn it is, who thinks and who won", () => {
    const { model, $ } = renderSortileges();
    expect($(".ludo-status-text").textContent).toBe("À toi, Têtdevache !");
    model.set("seats", ["bot:1", "bot:2"]);
    expect($(".ludo-status-text").textContent).toBe("À Têtdevache de jouer.");
    model.set("thinking", true);
    expect($(".ludo-status-text").textContent).toBe("Têtdevache réfléchit");
    expect($(".ludo-thinking")).not.toBeNull();
    model.set("lang", "en");
    expect($(".ludo-status-text").textContent).toBe("Têtdevache is thinking");
  });

  it("announces the winner by name", () => {
    const { $ } = renderSortileges({ observation: FIXTURES.over, lang: "en" });
    expect($(".ludo-status").dataset.state).toBe("win");
    expect($(".ludo-status-text").textContent).toBe("Têtdevache wins: her rival cannot move any more!");
  });

  it("sends new, undo, redo and hint", () => {
    const { model, $ } = renderSortileges();
    for (const type of ["new", "undo", "redo", "hint"]) click($(`[data-intent="${type}"]`));
    expect(model.sent).toEqual([{ type: "new" }, { type: "undo" }, { type: "redo" }, { type: "hint" }]);
  });

  it("disables the hint button when the person at the screen may not move", () => {
    const { model, $ } = renderSortileges();
    expect($('[data-intent="hint"]').disabled).toBe(false);
    model.set("thinking", true);
    expect($('[data-intent="hint"]').disabled).toBe(true);
  });

  it("offers a move only when Python says the person may act (can_act), whatever else it sees", () => {
    const { model, $ } = renderSortileges({ can_act: false });
    expect($('[data-intent="hint"]').disabled).toBe(true);
    model.set("can_act", true);
    expect($('[data-intent="hint"]').disabled).toBe(false);
    model.setState({ thinking: true, can_act: true }); // Python's word, not the JS's guess
    expect($('[data-intent="hint"]').disabled).toBe(false);
  });

  it("undo and redo are disabled when Python says there is nothing to take back or replay", () => {
    const { model, $ } = renderSortileges({ can_undo: false, can_redo: false });
    expect([$('[data-intent="undo"]').disabled, $('[data-intent="redo"]').disabled]).toEqual([true, true]);
    model.set("can_undo", true);
    expect([$('[data-intent="undo"]').disabled, $('[data-intent="redo"]').disabled]).toEqual([false, true]);
    model.set("can_redo", true);
    expect($('[data-intent="redo"]').disabled).toBe(false);
  });

  it("the title and the bot levels' names are the engine's (game_info)", () => {
    const { model, $, $$ } = renderSortileges();
    expect($(".ludo-title").textContent).toBe("Sortilèges");
    model.set("lang", "en");
    expect([...$$(".ludo-seat-select")[1].options].map((o) => o.textContent)[3]).toBe("Bot level 3: alpha-beta");
    model.set("levels", ["1", "2", "3", "ma_sorciere"]);
    expect([...$$(".ludo-seat-select")[1].options].map((o) => o.textContent)[4]).toBe("Bot “ma_sorciere”");
  });

  it("seat selectors offer human and each bot level and send a seat intent", () => {
    const { model, $$ } = renderSortileges();
    const selects = $$(".ludo-seat-select");
    expect(selects.map((s) => s.value)).toEqual(["human", "bot:2"]);
    expect([...selects[1].options].map((o) => [o.value, o.textContent])).toEqual([
      ["human", "Humain"], ["bot:1", "Robot niveau 1 : hasard"], ["bot:2", "Robot niveau 2 : glouton"],
      ["bot:3", "Robot niveau 3 : alpha-bêta"],
    ]);
    selects[1].value = "bot:3";
    selects[1].dispatchEvent(new Event("change"));
    expect(model.sent).toEqual([{ type: "seat", seat: 1, value: "bot:3" }]);
    // Python refused (the seats did not change): the next update shows the truth again.
    model.set("thinking", true);
    expect(selects[1].value).toBe("bot:2");
    model.set("seats", ["bot:1", "bot:3"]);
    expect($$(".ludo-seat-select").map((s) => s.value)).toEqual(["bot:1", "bot:3"]);
  });

  it("names a student's bot by its name", () => {
    const { $$ } = renderSortileges({ levels: ["1", "mon_robot"], seats: ["human", "bot:mon_robot"] });
    const select = $$(".ludo-seat-select")[1];
    expect(select.value).toBe("bot:mon_robot");
    expect(select.selectedOptions[0].textContent).toBe("Robot « mon_robot »");
  });

  it("speed and language controls send their intents", () => {
    const { model, $, $$ } = renderSortileges();
    const slider = $(".ludo-speed-input");
    expect(slider.value).toBe("1");
    slider.value = "2.5";
    slider.dispatchEvent(new Event("change"));
    click($$(".ludo-lang-button").find((b) => b.dataset.lang === "en"));
    expect(model.sent).toEqual([{ type: "speed", value: 2.5 }, { type: "lang", value: "en" }]);
  });

  it("the move list names who moved, and the hint line says the hint in words", () => {
    const live = structuredClone(FIXTURES.live);
    live.movers = live.moves.map((_, index) => index % 2);
    const { $, $$, model } = renderSortileges({ observation: live, lang: "en" });
    expect($$(".ludo-move")[2].textContent).toMatch(/^2\.Fasderat: steps to \w+, spells \w+$/);
    model.set("hint", { action: "e3-d4/c5", ply: live.ply });
    expect($(".ludo-hint").textContent).toBe("Hint: steps to d4, spells c5");
    expect($(".ludo-hint").title).toBe("e3-d4/c5");
  });

  it("the move list sends review intents, highlights the reviewed move, and leads back", () => {
    const { model, $, $$ } = renderSortileges();
    const moves = $$(".ludo-move");
    expect(moves).toHaveLength(FIXTURES.live.moves.length + 1); // "start" and every move
    const [, to, spell] = /-(\w+)\/(\w+)$/.exec(FIXTURES.live.moves[2]);
    expect(moves[3].textContent).toBe(`3.va en ${to}, ensorcelle ${spell}`); // in words...
    expect(moves[3].title).toBe(FIXTURES.live.moves[2]); // ...the notation as a tooltip
    click(moves[3]);
    click(moves[0]);
    expect(model.sent).toEqual([{ type: "review", ply: 3 }, { type: "review", ply: 0 }]);
    expect($(".ludo-review").hidden).toBe(true);

    model.set("review", { ply: 5, observation: FIXTURES.review });
    expect($$(".ludo-move[aria-current]").map((b) => b.dataset.ply)).toEqual(["5"]);
    expect($(".ludo-review").hidden).toBe(false);
    expect($(".ludo-review-text").textContent).toBe("Tu regardes la position après le coup 5.");
    click($(".ludo-back"));
    expect(model.sent.at(-1)).toEqual({ type: "review", ply: null });
    expect(document.activeElement).toBe($(".sp-board"));
  });

  it("shows each notice once, translated with its parameters", () => {
    const { model, $$ } = renderSortileges();
    const texts = () => $$(".ludo-toast-text").map((n) => n.textContent);
    // the move refused in words, as the move list says it
    model.set("notice", { id: 1, level: "error", code: "illegal", params: { action: "e3-e4/e4" } });
    expect(texts()).toEqual(["Ce coup n'est pas permis : va en e4, ensorcelle e4."]);
    model.set("notice", { id: 1, level: "error", code: "illegal", params: { action: "e3-e4/e4" } });
    model.set("lang", "en");
    expect(texts()).toHaveLength(1);
    model.set("notice", { id: 2, level: "info", code: "nothing", params: {} });
    expect(texts()).toEqual(["Ce coup n'est pas permis : va en e4, ensorcelle e4.", "There is nothing to undo or redo."]);
    expect($$(".ludo-toast").map((n) => n.getAttribute("role"))).toEqual(["alert", "status"]);
    click($$(".ludo-toast-close")[0]);
    expect(texts()).toEqual(["There is nothing to undo or redo."]);
    model.set("notice", { id: 3, level: "error", code: "illegal", params: { action: "zz" } }); // not a turn: as it came
    expect(texts().at(-1)).toBe("That move is not allowed: zz.");
  });

  it("does not replay a notice that was already there when the view opened", () => {
    const { $$ } = renderSortileges({ notice: { id: 7, level: "error", code: "stale", params: {} } });
    expect($$(".ludo-toast")).toHaveLength(0);
  });

  it("names an unknown notice code instead of failing", () => {
    const { model, $ } = renderSortileges({ lang: "en" });
    model.set("notice", { id: 3, level: "error", code: "mystery", params: {} });
    expect($(".ludo-toast-text").textContent).toBe("Message from the game: mystery");
  });

  it("cleanup removes every listener and the view", () => {
    const { model, el, cleanup } = renderSortileges();
    expect(model.listenerCount()).toBeGreaterThan(0);
    cleanup();
    expect(model.listenerCount()).toBe(0);
    expect(el.querySelector(".ludo")).toBeNull();
    model.set("thinking", true); // no view left to update, and no error
  });

  it("never writes a trait", () => {
    const { model, $ } = renderSortileges();
    click($('[data-intent="new"]'));
    expect(model.saved).toBe(0);
  });
});
