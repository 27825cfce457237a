import { afterEach, describe, expect, it } from "vitest";
import { curve, turningPoint } from "../src/kit/game_review.js";
import { FIXTURES } from "./fake_model.js";
import { click, renderSortileges } from "./helpers.js";

afterEach(() => document.body.replaceChildren());

const ENTRIES = [
  { ply: 0, seat: 0, played: "c1-c2/d3", best: "c1-c2/d3", label: "best", exact: false, value_before: 5, value_after: 5 },
  { ply: 1, seat: 1, played: "c8-c7/b7", best: "c8-d7/c6", label: "mistake", exact: false, value_before: 2, value_after: -16 },
  { ply: 2, seat: 0, played: "c2-b3/a4", best: "c2-d3/e4", label: "blunder", exact: true, value_before: 9991, value_after: -9990 },
];
const INFO = { title: { fr: "Sortilèges", en: "Sortilèges" }, options: {}, levels: {}, reviewable: true };

describe("the game's review", () => {
  it("turns each value to one seat's side and finds the first proven win thrown away", () => {
    expect(curve(ENTRIES, 0).map((point) => point.value)).toEqual([5, 16, -60]);
    expect(curve(ENTRIES, 1).map((point) => point.value)).toEqual([-5, -16, 60]);
    const three = curve(ENTRIES, 0, 3); // with three players, only seat 0's own decisions
    expect(three.map((point) => [point.entry.ply, point.value])).toEqual([[0, 5], [2, -60]]);
    expect(turningPoint(ENTRIES, 0)?.ply).toBe(2);
    expect(turningPoint(ENTRIES, 1)).toBeNull();
  });

  it("is offered only once the game is over, in a game that has one, and asks Python for it", () => {
    const live = renderSortileges({ game_info: INFO });
    expect(live.$(".ludo-gr").hidden).toBe(true);
    const unreviewable = renderSortileges({ observation: structuredClone(FIXTURES.over), game_info: { ...INFO, reviewable: false } });
    expect(unreviewable.$(".ludo-gr").hidden).toBe(true);
    const { model, $ } = renderSortileges({ observation: structuredClone(FIXTURES.over), game_info: INFO });
    expect($(".ludo-gr").hidden).toBe(false);
    click($(".ludo-gr-ask"));
    expect(model.sent).toEqual([{ type: "game_review" }]);
    model.set("game_review", { status: "thinking", seconds: 0.5 });
    expect($(".ludo-gr-ask").hidden).toBe(true);
    expect($(".ludo-gr-said").textContent).toContain("revoit");
  });

  it("takes the side of the person at the screen, and says when the game cannot be proven", () => {
    const { model, $ } = renderSortileges({ observation: structuredClone(FIXTURES.over), game_info: INFO, lang: "en", viewer: 1 });
    const estimated = ENTRIES.map((entry) => ({ ...entry, exact: false }));
    model.set("game_review", { status: "done", seconds: 0.1, proves: false, entries: estimated });
    expect($(".ludo-gr-said").textContent).toContain("the game as Fasderat saw it");
    expect($(".ludo-gr-said").textContent).toContain("from what the player knew");
  });

  it("lists the mistakes and the turning point in words; a click shows the position before", () => {
    const { model, $$ } = renderSortileges({ observation: structuredClone(FIXTURES.over), game_info: INFO, lang: "en" });
    model.set("game_review", { status: "done", seconds: 0.5, entries: ENTRIES });
    const moments = $$(".ludo-gr-moment");
    expect(moments.map((m) => m.dataset.ply)).toEqual(["1", "2"]);
    expect(moments[1].textContent).toContain("blunder");
    expect(moments[1].textContent).toContain("turning point");
    expect($$(".ludo-gr-dot").length).toBe(2);
    click(moments[1]);
    expect(model.sent.at(-1)).toEqual({ type: "review", ply: 2 });
  });
});

describe("the review's better move on the board", () => {
  it("is drawn at the position before a move the review faults, as a hint is", () => {
    const { model, $$ } = renderSortileges({ observation: structuredClone(FIXTURES.over), game_info: INFO });
    const entries = [{ ply: 0, seat: 0, played: "c1-c2/d3", best: "c1-d2/c3", label: "mistake", exact: false, value_before: 9, value_after: -9 }];
    model.set("game_review", { status: "done", seconds: 0.5, entries });
    expect($$(".sp-hint")).toHaveLength(0); // the live position: nothing
    model.set("review", { ply: 0, observation: structuredClone(FIXTURES.live) });
    expect($$(".sp-hint").map((el) => el.getAttribute("x"))).toHaveLength(2);
    expect($$(".sp-hint-badge text").map((el) => el.textContent)).toEqual(["1", "2"]);
  });
});
