import { afterEach, describe, expect, it } from "vitest";
import { chanceCurve, curve, dealMoments, isDealReview, turningPoint } from "../src/kit/game_review.js";
import { FIXTURES } from "./fake_model.js";
import { click, renderSortileges } from "./helpers.js";
import { PP, renderPetitsPas } from "./petits_pas_fake.js";

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

  it("says where the moves went when a game's hands hide them (a review with entries withheld)", () => {
    const { model, $, $$ } = renderSortileges({ observation: structuredClone(FIXTURES.over), game_info: INFO });
    model.set("game_review", { status: "done", seconds: 0.1, entries: [], withheld: 12 });
    expect($(".ludo-gr-said").textContent).toMatch(/^Les 12 coups jugés sont cachés avec les mains/);
    expect($$(".ludo-gr-moment")).toHaveLength(0);
    expect($(".ludo-gr-curve")).toBe(null);
    model.set("game_review", { status: "done", seconds: 0.1, entries: ENTRIES, withheld: 0 });
    expect($$(".ludo-gr-moment")).toHaveLength(2); // every hand shown: the moves are back
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

// A deal's review (engines/petits_pas/review.py): the win chance after each card dealt.
const card = (text, fr, en) => ({ card: text, card_name: { fr, en } });
const DEAL = [
  { ...card("5H", "le 5 de cœur", "the 5 of hearts"), ply: 0, dealt: 1, chance_before: 0.35, chance_after: 0.36, exact: false, se: 0.01, worlds: 2264 },
  { ...card("QS", "la dame de pique", "the queen of spades"), ply: 3, dealt: 2, chance_before: 0.36, chance_after: 0.5, exact: false, se: 0.011, worlds: 2264 },
  { ...card("AD", "l'as de carreau", "the ace of diamonds"), ply: 5, dealt: 3, chance_before: 0.5, chance_after: 0.1, exact: false, se: 0.006, worlds: 2264, swing: true },
  { ...card("7H", "le 7 de cœur", "the 7 of hearts"), ply: 6, dealt: 4, chance_before: 0.1, chance_after: 0, exact: true, se: 0, worlds: 24, decided: true, certain: true },
  { ...card("2C", "le 2 de trèfle", "the 2 of clubs"), ply: 8, dealt: 5, chance_before: 0, chance_after: 0, exact: true, se: 0, worlds: 0 },
].map((entry) => ({ seat: 0, decided: false, certain: false, swing: false, ...entry }));

function renderDeal(lang = "fr") {
  const rendered = renderPetitsPas({ observation: structuredClone(PP.lost), lang });
  rendered.model.set("game_review", { status: "done", seconds: 0.2, proves: true, entries: structuredClone(DEAL) });
  return rendered;
}

describe("a deal's review (a game with no decisions)", () => {
  it("is told apart by its chances, drawn from before the first card to after the last", () => {
    expect(isDealReview(DEAL)).toBe(true);
    expect(isDealReview(ENTRIES)).toBe(false);
    expect(isDealReview([])).toBe(false);
    expect(chanceCurve(DEAL).map((point) => point.value)).toEqual([0.35, 0.36, 0.5, 0.1, 0, 0]);
    expect(chanceCurve(DEAL)[0].entry).toBeNull();
    expect(dealMoments(DEAL).map((entry) => entry.dealt)).toEqual([3, 4]);
    const late = DEAL.map((entry) => ({ ...entry, certain: false }));
    late[4] = { ...late[4], certain: true }; // proven only after the card that decided it
    late[3] = { ...late[3], exact: false };
    expect(dealMoments(late).map((entry) => entry.dealt)).toEqual([3, 4, 5]);
  });

  it("is offered at the end of a deal, draws the chance card by card, and says where the deal was decided", () => {
    expect(PP.game_info.reviewable).toBe(true);
    const live = renderPetitsPas();
    expect(live.$(".ludo-gr").hidden).toBe(true);
    document.body.replaceChildren();
    const { $, $$ } = renderDeal();
    expect($(".ludo-gr").hidden).toBe(false);
    const svg = $(".ludo-gr-chances");
    expect(svg.querySelector("polyline").getAttribute("points").split(" ")).toHaveLength(6);
    expect(svg.getAttribute("aria-label")).toMatch(/^Chance de gagner la donne, carte par carte : 35\s%/);
    expect($$(".ludo-gr-decided.ludo-gr-dot").map((dot) => dot.dataset.dealt)).toEqual(["4"]);
    expect($$(".ludo-gr-swing").map((dot) => dot.dataset.dealt)).toEqual(["3"]);
    expect($(".ludo-gr-said").textContent).toContain("Les 2 dernières chances sont exactes");
    expect($(".ludo-gr-said").textContent).toContain("2\u202f264 ordres");
    expect($(".ludo-gr-said").textContent).toContain("écart type : 1,1 point au plus"); // the largest, in French's singular
    const moments = $$(".ludo-gr-moment").map((button) => button.textContent.replace(/\s/g, " ")); // narrow spaces too
    expect(moments).toEqual([
      "La plus forte baisse : l'as de carreau (carte 3), de 50 % à 10 %.",
      "Après le 7 de cœur (carte 4), la donne était perdue : plus aucun ordre des cartes restantes ne gagnait.",
    ]);
    expect($$(".ludo-gr-blunder, .ludo-gr-mistake")).toHaveLength(0); // no labels: nothing was decided by the player
  });

  it("puts the board at the table where the card lies, on a click", () => {
    const { model, $$ } = renderDeal();
    click($$(".ludo-gr-moment")[1]);
    expect(model.sent.at(-1)).toEqual({ type: "review", ply: 6 });
  });

  it("says in English when the deal was decided by an estimate before it was proven", () => {
    const { model, $$ } = renderPetitsPas({ observation: structuredClone(PP.won), lang: "en" });
    const won = [
      { ...DEAL[0] },
      { ...DEAL[1], chance_after: 1, exact: false, se: 0, decided: true, swing: true },
      { ...DEAL[2], chance_before: 1, chance_after: 1, exact: true, se: 0, worlds: 6, swing: false, certain: true },
    ];
    model.set("game_review", { status: "done", seconds: 0.2, proves: true, entries: won });
    expect($$(".ludo-gr-moment").map((button) => button.textContent)).toEqual([
      "After the queen of spades (card 2), the deal was as good as won: all 2,264 orders of the cards left that were tried won. The biggest rise: the queen of spades (card 2), from 36% to 100%.",
      "After the ace of diamonds (card 3), it is proven: every order of the cards left won.",
    ]);
    expect($$(".ludo-gr-decided.ludo-gr-dot")).toHaveLength(1);
  });
});
