// The Tir de tuyau garden at a round's end: the round's last garden stays drawn (the engine's
// round event keeps it) while the next round, already laid out, has not begun.

import { afterEach, describe, expect, it } from "vitest";
import widget from "../src/nains.js";
import fixtures from "./fixtures/nains.json" with { type: "json" };
import { renderWidget } from "./fake_model.js";

afterEach(() => document.body.replaceChildren());

const ENDED = { type: "round", round: 1, winner: 1, wins: [0, 1], hose: -8, teams: [["blue"], ["red", "green", "yellow"]] };

function render(observation) {
  return renderWidget(widget, {
    observation, seats: ["human", "bot:3"], names: ["Nabot", "Gnomette"],
    curtain: null, omniscient: false, hidden: true, waiting: true,
  });
}

describe("a round's end in the garden", () => {
  it("shows the garden the round ended with, then the new round's after its first move", () => {
    const next = { ...structuredClone(fixtures.play), hose: 0, teams: [[], []], events: [{ type: "pull" }, ENDED] };
    const { model, $, $$ } = render(next);
    const gnomes = () => $$(".nn-gnome").map((g) => `${g.dataset.seat}${g.dataset.colour}`);
    expect(gnomes()).toEqual(["0blue", "1red", "1green", "1yellow"]);
    expect($("svg.nn-garden, .nn svg").dataset.hose).toBe("-8");
    model.set("observation", { ...next, ply: next.ply + 1, events: [{ type: "gnome" }], teams: [["red"], []] });
    expect(gnomes()).toEqual(["0red"]);
  });
});
