import { afterEach, describe, expect, it } from "vitest";
import { formatValue, rankValue } from "../src/sortileges/overlay.js";
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
  it("formats scores, proven wins and losses without words", () => {
    expect(formatValue({ score: 1.26 })).toBe("+1.3");
    expect(formatValue({ score: -2 })).toBe("−2.0");
    expect(formatValue({ score: 0 })).toBe("±0.0");
    expect(formatValue({ win: 3 })).toBe("#3");
    expect(formatValue({ loss: 5 })).toBe("−#5");
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

  it("shows the hint's score next to the hint, with what its sign means", () => {
    const action = `${LIVE.witches[0]}-${STEPS[0]}/${LIVE.turns[STEPS[0]][0]}`;
    const { $ } = renderSortileges({ hint: { action, ply: LIVE.ply, score: { score: 2.5 } }, lang: "en" });
    expect($(".sp-hint-score").textContent).toMatch(/^Score: \+2\.5 \(\+: an edge for the player to move, −: a handicap; #n: a forced win/);
  });

  it("its legend explains every mark the overlay draws (✶n included)", () => {
    const { $, model } = renderSortileges({ observation: analysed(), lang: "en" });
    expect($(".sp-analysis-summary").textContent).toMatch(/✶n: its n-th spell/);
    model.set("lang", "fr");
    expect($(".sp-analysis-summary").textContent).toMatch(/✶n : le n-ième sort/);
  });
});
