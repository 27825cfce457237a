// The move list with the keyboard (docs/keyboard.md): one Tab stop however long the game,
// the arrows, Home and End inside it, Enter and a click still looking back at a move.

import { afterEach, describe, expect, it } from "vitest";
import petitsPas from "../src/petits_pas.js";
import { FIXTURES, renderWidget } from "./fake_model.js";
import { click, key, renderSortileges } from "./helpers.js";
import { petitsPasTraits } from "./petits_pas_fake.js";

afterEach(() => {
  document.body.replaceChildren();
});

const focused = () => document.activeElement;

/** A live observation with `count` moves (the fixture's, over and over). */
function longGame(count) {
  const live = structuredClone(FIXTURES.live);
  const moves = Array.from({ length: count }, (_, index) => live.moves[index % live.moves.length]);
  return { ...live, ply: count, moves, movers: moves.map((_, index) => index % 2) };
}

/** The move buttons that Tab stops on, as their plies. */
const stops = ($$) => $$(".ludo-move").filter((button) => button.tabIndex === 0).map((button) => Number(button.dataset.ply));

describe("the move list with the keyboard", () => {
  it("is one Tab stop, on the last move, however many moves were played", () => {
    const { $$ } = renderSortileges({ observation: longGame(70) });
    expect($$(".ludo-move")).toHaveLength(71); // "start" and 70 moves
    expect(stops($$)).toEqual([70]);
    expect($$(".ludo-move").filter((button) => button.getAttribute("tabindex") === "-1")).toHaveLength(70);
  });

  it("keeps one stop as moves are played and taken back, on the newest move", () => {
    const { model, $$ } = renderSortileges({ observation: longGame(30) });
    model.set("observation", longGame(31));
    expect(stops($$)).toEqual([31]);
    model.set("observation", longGame(12)); // an undo rewrites the list
    expect(stops($$)).toEqual([12]);
  });

  it("moves the focus with the arrows, Home and End, and takes those keys", () => {
    const { $$ } = renderSortileges({ observation: longGame(70) });
    const buttons = $$(".ludo-move");
    buttons[70].focus();
    key(focused(), "ArrowUp");
    expect(focused()).toBe(buttons[69]);
    key(focused(), "ArrowLeft");
    expect(focused()).toBe(buttons[68]);
    key(focused(), "ArrowDown");
    key(focused(), "ArrowRight");
    expect(focused()).toBe(buttons[70]);
    key(focused(), "Home");
    expect(focused()).toBe(buttons[0]);
    expect(stops($$)).toEqual([0]);
    key(focused(), "End");
    expect(focused()).toBe(buttons[70]);
    const event = new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true, cancelable: true });
    focused().dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true); // the page does not scroll, JupyterLab is not told
    expect(stops($$)).toEqual([69]);
  });

  it("still looks back at a move on Enter (a button's click) or a click, and the stop follows", () => {
    const { model, $$ } = renderSortileges({ observation: longGame(70) });
    const buttons = $$(".ludo-move");
    buttons[70].focus();
    key(focused(), "Home");
    key(focused(), "ArrowRight");
    key(focused(), "ArrowRight");
    click(focused()); // what Enter or Space on a focused button does in a browser
    expect(model.sent).toEqual([{ type: "review", ply: 2 }]);
    model.set("review", { ply: 2, observation: FIXTURES.review });
    expect(focused()).toBe(buttons[2]); // the list was not redrawn under the keyboard
    expect(stops($$)).toEqual([2]);
    click(buttons[40]);
    expect(model.sent.at(-1)).toEqual({ type: "review", ply: 40 });
  });

  it("puts the stop on the move looked back at when the focus is elsewhere", () => {
    const { model, $, $$ } = renderSortileges({ observation: longGame(70) });
    $(".sp-board").focus();
    model.set("review", { ply: 5, observation: FIXTURES.review });
    expect(stops($$)).toEqual([5]);
    model.set("review", {});
    expect(stops($$)).toEqual([70]);
  });

  it("is in the keyboard help, in the widget's language, where the game shows a move list", () => {
    const { model, $$ } = renderSortileges();
    const help = () => $$(".ludo-keys-list dd").map((dd) => dd.textContent);
    expect(help().at(-2)).toMatch(/^dans la liste des coups, un seul arrêt de Tab/);
    expect(help().at(-1)).toMatch(/^la partie finie, « Revoir » puis ses moments : Tab/); // the review's line
    model.set("lang", "en");
    expect(help().at(-2)).toMatch(/^in the move list, one Tab stop/);
    expect(help().at(-1)).toMatch(/^once the game is over, "Review" then its moments/);
    const patience = renderWidget(petitsPas, petitsPasTraits()); // no move list there
    const patienceHelp = patience.$$(".ludo-keys-list dd").map((dd) => dd.textContent);
    expect(patienceHelp.join()).not.toMatch(/liste des coups/);
    expect(patienceHelp.at(-1)).toMatch(/^la partie finie, « Revoir »/); // its deal is reviewed too
  });
});
