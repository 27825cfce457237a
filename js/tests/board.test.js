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

describe("a square that cannot be chosen says why, politely, on screen and to a screen reader", () => {
  const said = (view) => [view.$(".sp-prompt").textContent, view.$(".sp .ludo-sr").textContent.trim(), view.$(".sp").dataset.refusal];

  it("a step: too far, her own square, a spelled square, the other witch", () => {
    const view = board();
    click(view.square("a8"));
    expect(said(view)).toEqual(Array(2).fill("Trop loin : ta sorcière fait un pas d'une seule case, dans une des 8 directions (cases avec un point vert).").concat("far"));
    expect(view.$(".sp-prompt").hidden).toBe(false);
    expect(view.$(".sp-prompt").classList.contains("sp-refusal")).toBe(true);
    click(view.square("e3"));
    expect(said(view)[0]).toBe("Ta sorcière est ici : choisis pour son pas une case voisine marquée d'un point vert.");
    click(view.square("f3")); // next to e3, spelled
    expect(said(view)).toEqual(Array(2).fill("Cette case est ensorcelée : aucune sorcière ne peut y aller.").concat("step-spelled"));
    const observation = structuredClone(LIVE);
    observation.witches = ["e3", "d4"];
    delete observation.turns.d4;
    const near = board({ observation, lang: "en" });
    click(near.square("d4"));
    expect(said(near)).toEqual(Array(2).fill("Fasderat stands on this square: your witch cannot go there.").concat("step-witch"));
    expect(near.model.sent).toEqual([]);
  });

  it("a spell: the other witch, a house, a square spelled already; the step stays chosen", () => {
    const view = board();
    click(view.square("d4"));
    click(view.square("c7"));
    expect(said(view)[0]).toBe("Fasderat est sur cette case : on ne peut pas ensorceler une sorcière.");
    click(view.square("c1"));
    expect(said(view)[0]).toBe("C'est une maison : une maison ne peut jamais être ensorcelée.");
    click(view.square("d5"));
    expect(said(view)).toEqual(Array(2).fill("Cette case est déjà ensorcelée : choisis une case en pointillés.").concat("spell-spelled"));
    expect(view.targets("spell")).toEqual(sorted(LIVE.turns.d4));
    expect(view.model.sent).toEqual([]);
    view.model.set("lang", "en");
    expect(said(view)[0]).toBe("This square is spelled already: choose a dashed square.");
  });

  it("goes once a square is chosen, the step taken back, or the game moves on", () => {
    const view = board();
    click(view.square("a8"));
    click(view.square("d4"));
    expect(view.$(".sp-prompt").textContent).toMatch(/^Choisis une case à ensorceler/);
    expect(view.$(".sp").dataset.refusal).toBe("");
    click(view.square("c1"));
    key(view.svg, "Escape");
    expect(view.$(".sp-prompt").textContent).toMatch(/^Choisis où faire un pas/);
    click(view.square("a8"));
    view.model.set("hint", { action: "e3-d4/d1", ply: LIVE.ply }); // another trait: the message stays
    expect(view.$(".sp").dataset.refusal).toBe("far");
    view.model.set("thinking", true); // the turn passes
    expect(view.$(".sp").dataset.refusal).toBe("");
  });

  it("says the same refusal again when the same square is chosen again", () => {
    const view = board();
    const spoken = view.$(".sp .ludo-sr");
    click(view.square("a8"));
    const first = spoken.textContent;
    click(view.square("a8"));
    expect(spoken.textContent).not.toBe(first); // a live region only speaks a change
    expect(spoken.textContent.trim()).toBe(first.trim());
  });

  it("with the keyboard: Enter on a square that cannot be chosen speaks the reason", () => {
    const view = board();
    view.svg.focus();
    key(view.svg, "ArrowRight"); // from the witch on e3 to f3, spelled
    key(view.svg, "Enter");
    expect(said(view)).toEqual(Array(2).fill("Cette case est ensorcelée : aucune sorcière ne peut y aller.").concat("step-spelled"));
    key(view.svg, "ArrowUp"); // f4, a step: the cursor speaks again
    expect(view.$(".sp .ludo-sr").textContent).toBe("f4, tu peux y faire un pas");
  });

  const waits = {
    "a bot's turn": [{ seats: ["bot:1", "bot:2"] }, "Patience : c'est au tour de Têtdevache.", "Please wait: it is Têtdevache's turn."],
    "a bot is thinking": [{ seats: ["bot:1", "human"], observation: { ...LIVE, to_move: 1, turns: undefined }, thinking: true },
      "Patience : c'est au tour de Fasderat.", "Please wait: it is Fasderat's turn."],
    "reviewing": [{ review: { ply: 5, observation: FIXTURES.review } },
      "Tu regardes une position passée : reviens à la partie pour jouer.", "You are looking at an earlier position: go back to the game to play."],
    "the game is over": [{ observation: FIXTURES.over },
      "La partie est finie : lance une nouvelle partie pour rejouer.", "The game is over: start a new game to play again."],
  };
  for (const [name, [overrides, french, english]] of Object.entries(waits)) {
    it(`${name}: a click says why nothing happens, in French and in English`, () => {
      const view = board(overrides);
      click(view.square("d4"));
      expect(said(view).slice(0, 2)).toEqual([french, french]);
      view.model.set("lang", "en");
      expect(view.$(".sp-prompt").textContent).toBe(english);
      expect(view.model.sent).toEqual([]);
    });
  }

  it("a move on its way: a click says to wait for the answer", () => {
    const view = board();
    click(view.square("d4"));
    click(view.square(LIVE.turns.d4[0]));
    click(view.square("d3"));
    expect(said(view)[0]).toBe("Ton coup est parti : un instant, la partie répond.");
    expect(view.model.sent).toHaveLength(1);
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
