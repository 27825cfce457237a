// Tir de tuyau's board where its state outlives one observation: the garden at a round's end
// (the engine's round event keeps it) while the next round, already laid out, has not begun;
// the card clicked whose use is still to pick, of two copies in the hand.

import { afterEach, describe, expect, it } from "vitest";
import widget from "../src/nains.js";
import fixtures from "./fixtures/nains.json" with { type: "json" };
import { renderWidget } from "./fake_model.js";

afterEach(() => document.body.replaceChildren());

const ENDED = { type: "round", round: 1, winner: 1, wins: [0, 1], hose: -8, teams: [["blue"], ["red", "green", "yellow"]] };

function render(observation, traits = {}) {
  return renderWidget(widget, {
    observation, seats: ["human", "bot:3"], names: ["Nabot", "Gnomette"],
    curtain: null, omniscient: false, hidden: true, ...traits,
  });
}

describe("a round's end in the garden", () => {
  it("shows the garden the round ended with, then the new round's after its first move", () => {
    const next = { ...structuredClone(fixtures.play), hose: 0, teams: [[], []], events: [{ type: "pull" }, ENDED] };
    const { model, $, $$ } = render(next, { waiting: true });
    const gnomes = () => $$(".nn-gnome").map((g) => `${g.dataset.seat}${g.dataset.colour}`);
    expect(gnomes()).toEqual(["0blue", "1red", "1green", "1yellow"]);
    expect($("svg.nn-garden, .nn svg").dataset.hose).toBe("-8");
    model.set("observation", { ...next, ply: next.ply + 1, events: [{ type: "gnome" }], teams: [["red"], []] });
    expect(gnomes()).toEqual(["0red"]);
  });
});

describe("a card whose use is still to pick", () => {
  it("lights the copy clicked, not its twin", () => {
    const twins = { ...structuredClone(fixtures.play), hand: ["+R", "M2B0", "R2B0", "M2B0", "S2"], events: [] };
    const { $$ } = render(twins);
    const copies = () => $$(".nn-hand button.nn-card").filter((card) => card.dataset.card === "M2B0");
    copies()[1].click();
    expect(copies().map((card) => card.getAttribute("aria-pressed"))).toEqual(["false", "true"]);
  });
});
