import { afterEach, describe, expect, it } from "vitest";
import { gameWidget } from "../src/kit/widget.js";
import { FIXTURES, renderWidget } from "./fake_model.js";
import { renderSortileges } from "./helpers.js";

afterEach(() => document.body.replaceChildren());

/** A game whose board only counts the views it is asked to draw. */
function countingGame() {
  const drawn = [];
  const game = {
    id: "counting",
    strings: { fr: {}, en: {} },
    css: "",
    createBoard: () => ({ el: document.createElement("div"), update: (view) => drawn.push(view), focus() {} }),
  };
  return { widget: gameWidget(game), drawn };
}

describe("one message, one drawing", () => {
  it("draws a move that changes several traits at once only once, with all of them", () => {
    const { widget, drawn } = countingGame();
    const { model } = renderWidget(widget);
    const before = drawn.length;
    model.setState({ observation: structuredClone(FIXTURES.over), thinking: true, can_undo: true });
    expect(drawn.length - before).toBe(1);
    expect(drawn.at(-1).observation.terminal).toBe(true);
    expect(drawn.at(-1).thinking).toBe(true);
  });

  it("still draws each message that changes something", () => {
    const { widget, drawn } = countingGame();
    const { model } = renderWidget(widget);
    const before = drawn.length;
    model.setState({ thinking: true });
    model.setState({ thinking: false });
    model.setState({ observation: structuredClone(FIXTURES.live) });
    expect(drawn.length - before).toBe(3);
  });
});

describe("the move list", () => {
  it("adds a played move's line and keeps the others; an undo rewrites it", () => {
    const { model, $$ } = renderSortileges({ lang: "en" });
    const before = $$(".ludo-move");
    const live = structuredClone(FIXTURES.live);
    const played = { ...live, ply: live.ply + 1, moves: [...live.moves, live.moves[0]] };
    model.set("observation", played);
    const after = $$(".ludo-move");
    expect(after).toHaveLength(before.length + 1);
    expect(after.slice(0, before.length).every((button, index) => button === before[index])).toBe(true);
    expect(after.at(-1).title).toBe(live.moves[0]);
    expect(after.at(-1).dataset.ply).toBe(String(played.moves.length));

    model.set("observation", { ...live, ply: 2, moves: live.moves.slice(0, 2) });
    expect($$(".ludo-move").map((button) => button.title)).toEqual(["", ...live.moves.slice(0, 2)]);
    model.set("lang", "fr");
    expect($$(".ludo-move")[0].textContent).toBe("Départ");
  });
});
