// Tir de tuyau's board where its state outlives one observation: the garden at a round's end
// (the engine's round event keeps it) while the next round, already laid out, has not begun;
// the card clicked whose use is still to pick, of two copies in the hand.

import { afterEach, describe, expect, it } from "vitest";
import widget from "../src/nains.js";
import fixtures from "./fixtures/nains.json" with { type: "json" };
import { renderWidget } from "./fake_model.js";
import { click } from "./helpers.js";

afterEach(() => document.body.replaceChildren());

const ENDED = { type: "round", round: 1, winner: 1, wins: [0, 1], hose: -8, teams: [["blue"], ["red", "green", "yellow"]] };

function render(observation, traits = {}) {
  return renderWidget(widget, {
    observation, seats: ["human", "bot:3"], names: ["Nabot", "Gnomette"],
    curtain: null, omniscient: false, private_information: true, ...traits,
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

describe("a round's end waits for Next, whoever starts the next round", () => {
  const COLOURS = ["red", "blue", "yellow", "green"].map((colour) => `gnome ${colour}`);
  /** Round 2 already laid out by the engine, `starter` to choose first; round 1 won by `winner`. */
  const roundTwo = (starter, winner) => ({
    ...structuredClone(fixtures.play), ply: 30, round: 2, phase: "choose", starter, to_move: starter, hose: 0,
    teams: [[], []], chosen: [false, false], wins: winner ? [0, 1] : [1, 0], round_winners: [winner],
    legal: starter === 0 ? COLOURS : [], last_pull: null,
    events: [{ ...ENDED, winner, wins: winner ? [0, 1] : [1, 0], hose: winner ? -8 : 8 }],
  });
  const gnomes = ($$) => $$(".nn-gnome").length;

  it("the player starts it: the round's result above the garden, round 1's garden and score, no colour to pick until Next", () => {
    const { model, $, $$ } = render(roundTwo(0, 1), { waiting: true });
    expect($(".ludo-next").hidden).toBe(false);
    expect($(".ludo-next-text").textContent).toBe("Manche 1 : Gnomette la gagne ! Manches gagnées : Nabot 0 – 1 Gnomette.");
    expect($(".nn-score").textContent).toMatch(/^Manche 1 ·/);
    expect(gnomes($$)).toBe(4);
    expect($$(".nn-colour")).toHaveLength(0);
    expect($(".nn").dataset.state).toBe("wait");
    expect($(".ludo-status").dataset.state).toBe("waiting-you");
    click($(".ludo-continue"));
    expect(model.sent).toEqual([{ type: "continue" }]);
    model.set("waiting", false); // Python: the table is the player's again
    expect($(".ludo-next").hidden).toBe(true);
    expect($(".nn-score").textContent).toMatch(/^Manche 2 ·/);
    expect(gnomes($$)).toBe(0);
    expect($$(".nn-colour")).toHaveLength(4);
    expect($(".ludo-status").dataset.state).toBe("your-turn");
  });

  it("a bot starts it: the same banner, then the bot's secret first gnome", () => {
    const { model, $, $$ } = render(roundTwo(1, 0), { waiting: true });
    expect($(".ludo-next").hidden).toBe(false);
    expect($(".ludo-next-text").textContent).toBe("Manche 1 : Nabot la gagne ! Manches gagnées : Nabot 1 – 0 Gnomette.");
    expect($(".nn-score").textContent).toMatch(/^Manche 1 ·/);
    expect(gnomes($$)).toBe(4);
    expect($(".ludo-status").dataset.state).toBe("waiting");
    expect($(".ludo-status").textContent).toMatch(/Gnomette commence la suivante/);
    click($(".ludo-continue"));
    expect(model.sent).toEqual([{ type: "continue" }]);
    model.setState({ waiting: false, thinking: true });
    expect($(".ludo-next").hidden).toBe(true);
    expect($$(".nn-colour")).toHaveLength(0);
    const chosen = roundTwo(1, 0);
    model.setState({ thinking: false, observation: { ...chosen, ply: 31, to_move: 0, chosen: [false, true], legal: COLOURS, events: [{ type: "chosen", seat: 1 }] } });
    expect($(".nn-score").textContent).toMatch(/^Manche 2 ·/);
    expect($$(".nn-colour")).toHaveLength(4);
  });

  it("moves the keyboard player to Next and says the result, in English too", () => {
    const { model, $ } = render(roundTwo(0, 1), { lang: "en" });
    $(".nn-colour").focus();
    model.set("waiting", true);
    expect(document.activeElement).toBe($(".ludo-continue"));
    expect($(".ludo-next-spoken").textContent).toBe("Round 1: Gnomette wins it! Rounds won: Nabot 0 – 1 Gnomette. “Next” goes on to the next round.");
    expect($(".ludo-status").textContent).toMatch(/Nabot, you start the next one/);
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
