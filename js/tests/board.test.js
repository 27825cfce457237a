import { afterEach, describe, expect, it } from "vitest";
import { FIXTURES } from "./fake_model.js";
import { click, key, renderSortileges } from "./helpers.js";

const LIVE = FIXTURES.live; // ply 14, Têtdevache (seat 0, the viewer) to move from e3
const squaresOf = (nodes) => nodes.map((n) => n.dataset.square).sort();
const sorted = (list) => [...list].sort();

afterEach(() => document.body.replaceChildren());

function board(overrides) {
  const view = renderSortileges(overrides);
  const square = (name) => view.$(`.sp-square[data-square="${name}"]`);
  const targets = (kind) => squaresOf(view.$$(`.sp-target-${kind}`));
  const witchAt = (seat) => view.$$(`.sp-witch[data-witch="${seat}"]`).map((w) => w.dataset.at);
  return { ...view, square, targets, witchAt, svg: view.$(".sp-board") };
}

describe("drawing", () => {
  it("draws files x ranks squares with their names on the edges", () => {
    const { $$ } = board();
    expect($$(".sp-square")).toHaveLength(48);
    expect($$(".sp-coord").map((n) => n.textContent)).toEqual(["a", "b", "c", "d", "e", "f", "1", "2", "3", "4", "5", "6", "7", "8"]);
  });

  it("puts rank 1 at the bottom and file a on the left", () => {
    const { square } = board();
    const y = (name) => Number(square(name).getAttribute("y"));
    const x = (name) => Number(square(name).getAttribute("x"));
    expect(y("a1")).toBeGreaterThan(y("a8"));
    expect(x("a1")).toBeLessThan(x("f1"));
  });

  it("draws the witches, houses and spells where the observation says", () => {
    const { witchAt, $$ } = board();
    expect(witchAt(0)).toEqual([LIVE.witches[0]]);
    expect(witchAt(1)).toEqual([LIVE.witches[1]]);
    expect($$(".sp-house")).toHaveLength(2);
    expect(sorted($$(".sp-spell").map((n) => n.dataset.spell))).toEqual(sorted(LIVE.spells));
  });

  it("shows the last turn: a step arrow and the last spell outlined", () => {
    const { $, $$ } = board();
    expect($$(".sp-last-step")).toHaveLength(1);
    expect($(".sp-last-spell").dataset.spell).toBe(LIVE.last.spell);
  });

  it("tells the witches apart by shape and letter, not only colour", () => {
    const { $ } = board();
    const token = (seat) => $(`.sp-witch[data-witch="${seat}"] .ludo-token`);
    expect(token(0).querySelector(".ludo-token-shape").tagName).toBe("circle");
    expect(token(1).querySelector(".ludo-token-shape").tagName).toBe("polygon");
    expect(token(0).textContent).toBe("T");
    expect(token(1).textContent).toBe("F");
  });
});

describe("playing a turn", () => {
  const step = "d4";
  const spell = LIVE.turns[step].at(-1);

  it("highlights exactly the step squares, then that step's spell squares", () => {
    const { targets, square, witchAt, $ } = board();
    expect(targets("step")).toEqual(sorted(Object.keys(LIVE.turns)));
    expect(targets("spell")).toEqual([]);
    expect($(".sp-prompt").textContent).toMatch(/pas/);
    click(square(step));
    expect(targets("step")).toEqual([]);
    expect(targets("spell")).toEqual(sorted(LIVE.turns[step]));
    expect(witchAt(0)).toEqual([LIVE.witches[0], step]); // the ghost at home, the witch on her step
    expect($(".sp-prompt").textContent).toMatch(/ensorceler/);
  });

  it("sends the exact act intent with the ply", () => {
    const { model, square, svg } = board();
    expect([svg.dataset.ply, svg.dataset.phase]).toEqual([String(LIVE.ply), "step"]);
    click(square(step));
    expect(svg.dataset.phase).toBe("spell");
    click(square(spell));
    expect(svg.dataset.phase).toBe("wait");
    expect(model.sent).toEqual([{ type: "act", action: `e3-${step}/${spell}`, ply: LIVE.ply }]);
  });

  it("ignores a click on a square that is not offered", () => {
    const { model, square, targets } = board();
    click(square("a8"));
    click(square(step));
    click(square("c7")); // Fasderat stands there: not a spell square
    expect(model.sent).toEqual([]);
    expect(targets("spell")).toEqual(sorted(LIVE.turns[step]));
  });

  it("waits for Python after sending, then takes the next position", () => {
    const { model, square, targets, $ } = board();
    click(square(step));
    click(square(spell));
    expect(targets("step")).toEqual([]);
    expect($(".sp-pending").dataset.spell).toBe(spell);
    click(square(step));
    expect(model.sent).toHaveLength(1);
    model.set("notice", { id: 1, level: "error", code: "stale", params: {} });
    expect(targets("step")).toEqual(sorted(Object.keys(LIVE.turns)));
  });

  it("cancels the step by clicking the witch again or pressing Escape", () => {
    const { square, targets, svg } = board();
    click(square(step));
    click(square(step));
    expect(targets("step")).toEqual(sorted(Object.keys(LIVE.turns)));
    click(square(step));
    key(svg, "Escape");
    expect(targets("step")).toEqual(sorted(Object.keys(LIVE.turns)));
  });

  it("sends the step alone when no square can be spelled after it", () => {
    const observation = structuredClone(LIVE);
    observation.turns = { d4: [], f2: [] };
    const { model, square } = board({ observation });
    click(square("d4"));
    expect(model.sent).toEqual([{ type: "act", action: "e3-d4", ply: LIVE.ply }]);
  });

  it("plays the same turn with the keyboard", () => {
    const { model, svg, $ } = board();
    svg.focus();
    key(svg, "ArrowLeft"); // from the witch on e3 to d3
    key(svg, "ArrowUp"); // d4
    expect($(".sp-cursor")).not.toBeNull();
    key(svg, "Enter");
    // now walk to the spell square and press Space
    const [file, rank] = [spell.charCodeAt(0) - 100, Number(spell.slice(1)) - 4]; // offset from d4
    for (let i = 0; i < Math.abs(file); i += 1) key(svg, file > 0 ? "ArrowRight" : "ArrowLeft");
    for (let i = 0; i < Math.abs(rank); i += 1) key(svg, rank > 0 ? "ArrowUp" : "ArrowDown");
    key(svg, " ");
    expect(model.sent).toEqual([{ type: "act", action: `e3-${step}/${spell}`, ply: LIVE.ply }]);
  });

  it("keeps the cursor on the board", () => {
    const { svg, $ } = board();
    for (let i = 0; i < 12; i += 1) key(svg, "ArrowDown");
    for (let i = 0; i < 12; i += 1) key(svg, "ArrowRight");
    const cursor = $(".sp-cursor");
    const square = $('.sp-square[data-square="f1"]');
    expect(Number(cursor.getAttribute("x")) - Number(square.getAttribute("x"))).toBe(1);
    expect(Number(cursor.getAttribute("y")) - Number(square.getAttribute("y"))).toBe(1);
  });
});

describe("when the person at the screen may not play", () => {
  const cases = {
    "a bot's turn": { seats: ["bot:1", "bot:2"] },
    "a bot is thinking": { thinking: true },
    "reviewing": { review: { ply: 5, observation: FIXTURES.review } },
    "the game is over": { observation: FIXTURES.over },
    "another seat is the viewer": { observation: { ...LIVE, seat: 1 } },
  };
  for (const [name, overrides] of Object.entries(cases)) {
    it(`${name}: nothing is offered and nothing is sent`, () => {
      const { model, square, targets, svg, $$ } = board(overrides);
      expect(targets("step")).toEqual([]);
      expect(svg.dataset.phase).toBe("wait");
      for (const node of $$(".sp-square")) click(node);
      svg.focus();
      key(svg, "Enter");
      expect(model.sent).toEqual([]);
      expect(square("a1")).not.toBeNull();
    });
  }

  it("a step chosen is dropped when a bot takes the seat", () => {
    const { model, square, targets } = board();
    click(square("d4"));
    model.set("thinking", true);
    expect(targets("spell")).toEqual([]);
    model.set("thinking", false);
    expect(targets("step")).toEqual(sorted(Object.keys(LIVE.turns)));
  });
});

describe("review and hints", () => {
  it("draws the reviewed position with a banner", () => {
    const { witchAt, $$, $ } = board({ review: { ply: 5, observation: FIXTURES.review } });
    expect(witchAt(0)).toEqual([FIXTURES.review.witches[0]]);
    expect(witchAt(1)).toEqual([FIXTURES.review.witches[1]]);
    expect($$(".sp-spell")).toHaveLength(FIXTURES.review.spells.length);
    expect($(".ludo-review").hidden).toBe(false);
  });

  it("outlines the hinted step and spell for the current ply only", () => {
    const action = `e3-d4/${LIVE.turns.d4[0]}`;
    const { model, $$, $ } = board({ hint: { action, ply: LIVE.ply } });
    expect($$(".sp-hint")).toHaveLength(2);
    expect($(".ludo-hint").textContent).toBe(`Conseil : va en d4, ensorcelle ${LIVE.turns.d4[0]}`);
    model.set("hint", { action, ply: LIVE.ply - 1 });
    expect($$(".sp-hint")).toHaveLength(0);
    expect($(".ludo-hint").hidden).toBe(true);
  });

  it("dims the witch who lost and lights up the winner", () => {
    const { $ } = board({ observation: FIXTURES.over });
    expect($('.sp-witch[data-witch="1"]').classList.contains("sp-lost")).toBe(true);
    expect($('.sp-witch[data-witch="0"]').classList.contains("sp-won")).toBe(true);
  });
});
