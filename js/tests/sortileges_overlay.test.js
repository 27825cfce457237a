import { afterEach, describe, expect, it } from "vitest";
import { formatValue, judgeValue, rankValue } from "../src/sortileges/overlay.js";
import { KIT_STRINGS, translator } from "../src/kit/i18n.js";
import { SORTILEGES_STRINGS } from "../src/sortileges/strings.js";
import { FIXTURES } from "./fake_model.js";
import { click, renderSortileges } from "./helpers.js";

const LIVE = FIXTURES.live; // ply 14, Têtdevache to move
const STEPS = Object.keys(LIVE.turns);

function analysed(extra = {}) {
  const steps = Object.fromEntries(STEPS.map((square, i) => [square, { score: i - 1.25 }]));
  steps[STEPS[0]] = { win: 3 };
  const [first] = STEPS;
  const spell = LIVE.turns[first][0] ?? null;
  return {
    ...LIVE,
    analysis: {
      ply: LIVE.ply, status: "done", seat: 0, steps,
      territory: { [first]: 0, [LIVE.turns[first][0]]: 1 },
      separated: false, best: `${LIVE.witches[0]}-${first}${spell ? `/${spell}` : ""}`,
      value: { win: 3 }, depth: 4, nodes: 1234,
      pv: [
        { seat: 0, from: LIVE.witches[0], to: first, spell },
        { seat: 1, from: LIVE.witches[1], to: LIVE.witches[1], spell: null },
      ],
      ...extra,
    },
  };
}

afterEach(() => document.body.replaceChildren());

describe("values", () => {
  it("formats scores, proven wins and losses without words, the number as the reader writes it", () => {
    expect(formatValue({ score: 1.26 }, "en")).toBe("+1.3");
    expect(formatValue({ score: -2 }, "en")).toBe("−2.0");
    expect(formatValue({ score: 0 }, "en")).toBe("±0.0");
    expect(formatValue({ win: 3 }, "en")).toBe("#3");
    expect(formatValue({ loss: 5 }, "en")).toBe("−#5");
    expect(formatValue({ score: 1.26 }, "fr")).toBe("+1,3");
    expect(formatValue({ score: -8 }, "fr")).toBe("−8,0");
    expect(formatValue({ score: 1234.5 }, "en")).toBe("+1,234.5");
  });

  it("ranks a quick win above a slow one, every score between wins and losses", () => {
    const order = [{ win: 1 }, { win: 7 }, { score: 40 }, { score: -40 }, { loss: 9 }, { loss: 2 }];
    const ranked = order.map(rankValue);
    expect([...ranked].sort((a, b) => b - a)).toEqual(ranked);
  });
});

describe("the overlay", () => {
  it("is hidden without an analysis and the toggle asks Python for one", () => {
    const { $, $$, model } = renderSortileges();
    expect($(".sp-board").dataset.analysis).toBe("hidden");
    expect($$(".sp-step-value")).toHaveLength(0);
    const toggle = $(".sp-analysis-toggle");
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    click(toggle);
    expect(model.sent.at(-1)).toEqual({ type: "analysis", on: true });
  });

  it("draws step values, territory and the expected line when the analysis is done", () => {
    const { $, $$ } = renderSortileges({ observation: analysed() });
    expect($(".sp-board").dataset.analysis).toBe("shown");
    const values = Object.fromEntries($$(".sp-step-value").map((n) => [n.dataset.square, n.textContent]));
    expect(Object.keys(values).sort()).toEqual([...STEPS].sort());
    expect(values[STEPS[0]]).toBe("#3");
    expect($$(".sp-step-best").map((n) => n.dataset.square)).toEqual([STEPS[0]]);
    expect($$(".sp-territory").map((n) => n.dataset.owner).sort()).toEqual(["0", "1"]);
    expect($$(".sp-pv").map((n) => n.dataset.index)).toEqual(["1", "2"]);
    const toggle = $(".sp-analysis-toggle");
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect($(".sp-analysis-summary").textContent).toContain("#3");
    click(toggle);
  });

  it("says it is thinking, and hides a stale analysis or one of another ply", () => {
    const thinking = renderSortileges({ observation: { ...LIVE, analysis: { ply: LIVE.ply, status: "thinking" } } });
    expect(thinking.$(".sp-analysis-summary").textContent).toMatch(/Analyse en cours/);
    expect(thinking.$$(".sp-step-value")).toHaveLength(0);
    document.body.replaceChildren();
    const stale = renderSortileges({ observation: analysed({ ply: LIVE.ply - 2 }) });
    expect(stale.$$(".sp-step-value")).toHaveLength(0);
    expect(stale.$(".sp-analysis-toggle").getAttribute("aria-pressed")).toBe("true");
  });

  it("switches off when Python drops the analysis, and sends off when pressed", () => {
    const { $, $$, model } = renderSortileges({ observation: analysed() });
    click($(".sp-analysis-toggle"));
    expect(model.sent.at(-1)).toEqual({ type: "analysis", on: false });
    model.set("observation", structuredClone(LIVE));
    expect($$(".sp-step-value")).toHaveLength(0);
    expect($(".sp-analysis-toggle").getAttribute("aria-pressed")).toBe("false");
  });

  it("says the hint's value in words: who is ahead and how clearly (the number after, explained)", () => {
    const action = `${LIVE.witches[0]}-${STEPS[0]}/${LIVE.turns[STEPS[0]][0]}`;
    // −8.0 is what level 5 gives the first witch on move 1: a slight edge for the other one
    const { $, model } = renderSortileges({ hint: { action, ply: LIVE.ply, score: { score: -8 } } });
    expect($(".sp-hint-words").textContent).toBe("Selon le robot, Fasderat a un léger avantage.");
    expect($(".sp-hint-number").textContent).toBe("Pour les curieux : le robot note la position −8,0 pour Têtdevache, qui joue "
      + "(plus que 0 : en avance ; moins que 0 : en retard ; plus on s'éloigne de 0, plus c'est net).");
    expect($(".sp-hint-score").textContent).not.toMatch(/Évaluation|#n/);
    model.set("lang", "en");
    expect($(".sp-hint-words").textContent).toBe("According to the bot, Fasderat has a slight edge.");
    expect($(".sp-hint-number").textContent).toMatch(/^For the curious: the bot scores the position −8\.0 for Têtdevache, to move \(above 0: ahead; below 0: behind/);
    model.set("hint", { action, ply: LIVE.ply, score: { win: 3 } });
    expect($(".sp-hint-words").textContent).toBe("According to the bot, Têtdevache can force a win within 3 turns by playing right (both witches' turns counted).");
    expect($(".sp-hint-number").hidden).toBe(true);
    model.set("hint", { action, ply: LIVE.ply - 1, score: { win: 3 } }); // stale: nothing said
    expect($(".sp-hint-score").hidden).toBe(true);
    expect($(".sp-hint-score").textContent.trim()).toBe("");
  });

  it("grades an edge for a beginner, from either witch's side, and names the winner of a proven end", () => {
    const t = translator(KIT_STRINGS, SORTILEGES_STRINGS);
    const view = (lang, toMove = 0) => ({ lang, names: ["Têtdevache", "Fasderat"], observation: { to_move: toMove } });
    const words = (value, lang = "fr", toMove = 0) => judgeValue(value, view(lang, toMove), t).words;
    expect(words({ score: 0 })).toBe("Selon le robot, la partie est équilibrée.");
    expect(words({ score: -2.9 }, "en")).toBe("According to the bot, the game is even.");
    expect(words({ score: 3 })).toBe("Selon le robot, Têtdevache a un léger avantage.");
    expect(words({ score: 12.7 }, "fr", 1)).toBe("Selon le robot, Fasderat a un léger avantage.");
    expect(words({ score: -15 })).toBe("Selon le robot, Fasderat a un net avantage.");
    expect(words({ score: 24 }, "en")).toBe("According to the bot, Têtdevache has a clear edge.");
    expect(words({ score: 264.4 })).toBe("Selon le robot, Têtdevache a un gros avantage.");
    expect(words({ score: -54 }, "en", 1)).toBe("According to the bot, Têtdevache has a large edge.");
    expect(words({ loss: 5 })).toBe("Selon le robot, Fasderat peut gagner à coup sûr, en 5 tours au plus si elle joue juste (les tours des deux sorcières comptés).");
    expect(words({ win: 1 }, "fr", 1)).toMatch(/^Selon le robot, Fasderat peut gagner à coup sûr, en 1 tour/);
    expect(judgeValue({ loss: 5 }, view("fr"), t).number).toBe(null);
    expect(judgeValue({ score: 12.7 }, view("fr", 1), t).number).toMatch(/ \+12,7 pour Fasderat, qui joue /);
  });

  it("writes the overlay's numbers as the reader does: a decimal comma in French", () => {
    const { $, $$, model } = renderSortileges({ observation: analysed({ value: { score: 2.25 } }) });
    const values = () => Object.fromEntries($$(".sp-step-value").map((n) => [n.dataset.square, n.textContent]));
    expect(values()[STEPS[2]]).toBe("+0,8"); // 2 - 1.25
    expect(values()[STEPS[1]]).toBe("−0,3");
    expect($(".sp-analysis-summary").textContent).toMatch(/\(\+2,3\), profondeur 4\./);
    model.set("lang", "en");
    expect(values()[STEPS[2]]).toBe("+0.8");
    expect($(".sp-analysis-summary").textContent).toMatch(/\(\+2\.3\), depth 4\./);
  });

  it("its legend explains every mark the overlay draws (✶n included)", () => {
    const { $, model } = renderSortileges({ observation: analysed(), lang: "en" });
    expect($(".sp-analysis-summary").textContent).toMatch(/✶n: its n-th spell/);
    model.set("lang", "fr");
    expect($(".sp-analysis-summary").textContent).toMatch(/✶n : le n-ième sort/);
  });
});
