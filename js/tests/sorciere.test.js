import { afterEach, describe, expect, it } from "vitest";
import widget from "../src/sorciere.js";
import { dexterity, holdDexterity, timing } from "../src/sorciere/gesture.js";
import { describe as say } from "../src/sorciere/describe.js";
import { cellName } from "../src/sorciere/notation.js";
import { KIT_STRINGS, translator } from "../src/kit/i18n.js";
import { SORCIERE_STRINGS } from "../src/sorciere/strings.js";
import fixtures from "./fixtures/sorciere.json" with { type: "json" };
import { renderWidget } from "./fake_model.js";
import { click, key } from "./helpers.js";

afterEach(() => document.body.replaceChildren());

function render(overrides = {}) {
  return renderWidget(widget, {
    observation: structuredClone(fixtures.live), seats: ["human", "bot:2", "bot:3"],
    levels: ["1", "2", "3", "4"], names: ["Hansel", "Gretel", "Jorinde"],
    options: { players: 3 }, game_info: structuredClone(fixtures.game_info), ...overrides,
  });
}

function pointer(target, type, x, y, t) {
  const event = new MouseEvent(type, { bubbles: true, clientX: x, clientY: y });
  Object.defineProperty(event, "timeStamp", { value: t });
  Object.defineProperty(event, "pointerId", { value: 1 });
  target.dispatchEvent(event);
}

describe("the roof", () => {
  it("draws the 36 cards of the observation, stacked by height, and the ten walls", () => {
    const { $$, $ } = render();
    expect($$(".sv-card")).toHaveLength(36);
    expect($$(".sv-wall")).toHaveLength(10);
    const z = $$(".sv-card").map((c) => Number(c.dataset.z));
    expect(z).toEqual([...z].sort((a, b) => a - b));
    expect($(".sv-roof").dataset.phase).toBe("pull");
  });

  it("shows no face for a face-down card", () => {
    const { $$ } = render();
    expect($$(".sv-card [data-treat]")).toHaveLength(0);
    expect($$(".sv-card title").every((n) => /^Carte [A-F][1-6]$/.test(n.textContent))).toBe(true);
  });

  it("names each slot by the column (A-F, left to right) and row (1-6, from the front wall) it lies in", () => {
    for (const slot of fixtures.live.slots) {
      expect(cellName(slot.slot)).toBe("ABCDEF"[Math.round(slot.x)] + (Math.round(slot.y) + 1));
    }
    expect(() => cellName(36)).toThrow(/slot/);
  });

  it("writes the coordinates along the roof's edges, each in line with its column or row", () => {
    const { $, $$ } = render();
    expect($$(".sv-coord[data-col]").map((n) => n.textContent)).toEqual(["A", "B", "C", "D", "E", "F"]);
    expect($$(".sv-coord[data-row]").map((n) => n.textContent)).toEqual(["1", "2", "3", "4", "5", "6"]);
    const slot21 = $('.sv-card[data-slot="21"]').getAttribute("transform");
    const [x, y] = /translate\(([\d.]+) ([\d.]+)\)/.exec(slot21).slice(1).map(Number);
    expect(Math.abs(Number($('.sv-coord[data-col="3"]').getAttribute("x")) - x)).toBeLessThan(3);
    expect(Math.abs(Number($('.sv-coord[data-row="3"]').getAttribute("y")) - y)).toBeLessThan(3);
    expect($('.sv-card[data-slot="21"] title').textContent).toBe("Carte D4");
  });

  it("tints cards only when Python sends the risks", () => {
    const { $$, model } = render();
    expect($$(".sv-risk")).toHaveLength(0);
    model.set("observation", { ...structuredClone(fixtures.live), risk: fixtures.risk });
    expect($$(".sv-risk")).toHaveLength(36);
    expect($$(".sv-risk-label")[0].textContent).toMatch(/%$/);
  });

  it("writes the risks as the reader does: \"7 %\" in French, \"7%\" in English", () => {
    const { $$, model } = render({ observation: { ...structuredClone(fixtures.live), risk: fixtures.risk } });
    const labels = () => $$(".sv-risk-label").map((n) => n.textContent);
    const slot = $$(".sv-card")[0].dataset.slot;
    const percent = Math.round(fixtures.risk[slot] * 100);
    // a no-break space before % (narrow or not, as the browser's ICU has it)
    expect(labels()[0]).toMatch(new RegExp(`^${percent}[\u00a0\u202f]%$`));
    for (const label of labels()) expect(label).toMatch(/^\d{1,3}[\u00a0\u202f]%$/);
    model.set("lang", "en");
    expect(labels()[0]).toBe(`${percent}%`);
  });

  it("drops the risk tint and labels from the cookies falling in a collapse", () => {
    const { $, $$, model } = render({ observation: { ...structuredClone(fixtures.live), risk: fixtures.risk } });
    expect($$(".sv-risk-label")).toHaveLength(36);
    const collapsed = { ...structuredClone(fixtures.live), ply: 1, phase: "scored", collapse: { seat: 0, slot: 14 }, risk: fixtures.risk };
    model.set("observation", collapsed);
    expect($$(".sv-fall")).toHaveLength(36);
    expect($$(".sv-risk, .sv-risk-label")).toHaveLength(0);
    expect($(".sv-risk-toggle").getAttribute("aria-pressed")).toBe("true");
  });

  it("shows the teacher's risk button only when Python allows it, and asks with an intent", () => {
    expect(render().$(".sv-risk-toggle").hidden).toBe(true);
    document.body.replaceChildren();
    const { $, model } = render({ risk_button: true });
    expect($(".sv-risk-toggle").hidden).toBe(false);
    $(".sv-risk-toggle").click();
    expect(model.sent.at(-1)).toEqual({ type: "risk", value: true });
  });

  it("shows each pile, its top treat and the candies", () => {
    const obs = structuredClone(fixtures.put);
    const { $$ } = render({ observation: obs });
    const piles = $$(".sv-pile");
    expect(piles).toHaveLength(3);
    expect(piles[0].dataset.count).toBe(String(obs.piles[0].length));
    expect(piles[0].dataset.top).toBe(obs.piles[0].at(-1).treat);
  });
});

describe("the pull gesture", () => {
  it("sends a pull with the measured dexterity when a card is dragged off", () => {
    const { $, model } = render();
    const card = $('.sv-card[data-slot="14"]');
    pointer(card, "pointerdown", 100, 100, 0);
    for (let i = 1; i <= 10; i += 1) pointer(card, "pointermove", 100 + i * 8, 100, i * 50);
    pointer(card, "pointerup", 180, 100, 550);
    const sent = model.sent.at(-1);
    expect(sent.type).toBe("act");
    const match = /^pull 14@([\d.]+)$/.exec(sent.action);
    expect(match).not.toBeNull();
    expect(Number(match[1])).toBeGreaterThan(0.8);
    expect(Number(match[1])).toBeLessThanOrEqual(1);
  });

  it("says how steady the last pull was with the reader's decimal mark: \"Geste : 0,79\", \"Gesture: 0.79\"", () => {
    const { $, model } = render();
    expect($(".sv-gesture").hidden).toBe(true);
    const card = $('.sv-card[data-slot="14"]');
    pointer(card, "pointerdown", 100, 100, 0);
    for (let i = 1; i <= 10; i += 1) pointer(card, "pointermove", 100 + i * 8, 100, i * 50);
    pointer(card, "pointerup", 180, 100, 550);
    const sent = Number(/@([\d.]+)$/.exec(model.sent.at(-1).action)[1]);
    const french = sent.toFixed(2).replace(".", ",");
    expect($(".sv-gesture").hidden).toBe(false);
    expect($(".sv-gesture").textContent).toBe(`Geste : ${french}`);
    expect($(".sv-gesture").textContent).toMatch(/^Geste : \d,\d\d$/);
    model.set("lang", "en");
    expect($(".sv-gesture").textContent).toBe(`Gesture: ${sent.toFixed(2)}`);
  });

  it("puts the card back in place when the drag was too short", () => {
    const { $, model } = render();
    const card = $('.sv-card[data-slot="14"]');
    pointer(card, "pointerdown", 100, 100, 0);
    pointer(card, "pointerup", 110, 100, 200);
    expect(model.sent).toHaveLength(0);
  });

  it("does not let a card be pulled when it is not the viewer's turn", () => {
    const { $, model } = render({ observation: { ...structuredClone(fixtures.live), to_move: 1, legal: [], targets: undefined } });
    const card = $('.sv-card[data-slot="14"]');
    pointer(card, "pointerdown", 100, 100, 0);
    pointer(card, "pointerup", 300, 100, 500);
    expect(model.sent).toHaveLength(0);
  });

  it("measures a shaky pull as less steady than a smooth one", () => {
    const smooth = Array.from({ length: 11 }, (_, i) => ({ t: i * 60, x: i * 10, y: 0 }));
    const shaky = Array.from({ length: 11 }, (_, i) => ({ t: i * 60 + (i % 2) * 40, x: i * 10, y: (i % 2) * 12 }));
    expect(dexterity(smooth)).toBeGreaterThan(dexterity(shaky));
    expect(dexterity(smooth)).toBeLessThanOrEqual(1);
    expect(dexterity([])).toBe(0);
    expect(timing(50)).toBeLessThan(timing(600));
    expect(holdDexterity(1500)).toBe(1);
    expect(holdDexterity(100)).toBeLessThan(0.2);
  });
});

describe("putting a card back", () => {
  it("offers the empty slots and sends where the player clicked", () => {
    const obs = structuredClone(fixtures.put);
    const { $$, model } = render({ observation: obs });
    const targets = $$(".sv-target-put").map((n) => Number(n.dataset.slot)).sort((a, b) => a - b);
    expect(targets).toEqual([...obs.targets].sort((a, b) => a - b));
    $$(".sv-target-put")[0].dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(model.sent.at(-1)).toEqual({ type: "act", action: `put ${targets[0]}`, ply: obs.ply });
  });
});

describe("a hint", () => {
  const hinted = ($$) => $$(".sv-hinted").map((n) => n.dataset.slot ?? n.dataset.intent);

  it("lights up the cookie it says to pull and says so in words", () => {
    const { $, $$ } = render({ hint: { action: "pull 21@0.9", ply: 0 } });
    expect(hinted($$)).toEqual(["21"]);
    expect($(".sv-prompt").textContent).toMatch(/^Conseil : tire le biscuit D4\b/);
    expect($(".sv-prompt").textContent).not.toMatch(/pull|21/);
    expect($(".ludo-hint")).toBe(null); // said once, on the board, not again in code above it
  });

  it("lights up the place it says to put the card back, in English too", () => {
    const obs = structuredClone(fixtures.put);
    const { $, $$ } = render({ observation: obs, lang: "en", hint: { action: `put ${obs.targets[0]}`, ply: obs.ply } });
    expect(hinted($$)).toEqual([String(obs.targets[0])]);
    expect($(".sv-prompt").textContent).toMatch(new RegExp(`^Hint: put the card back on ${cellName(obs.targets[0])}\\b`));
  });

  it("lights up, at a position looked back at, the better pull the game's review found there", () => {
    const over = { ...structuredClone(fixtures.live), ply: 1, moves: ["pull 3@0.8"], movers: [0], to_move: null, terminal: true, targets: [] };
    const { $, $$, model } = render({ observation: over });
    const entries = [{ ply: 0, seat: 0, played: "pull 3@0.8", best: "pull 21@0.8", label: "mistake" }];
    model.set("game_review", { status: "done", seconds: 0.1, entries });
    expect(hinted($$)).toEqual([]); // the game's end: nothing lit
    model.set("review", { ply: 0, observation: structuredClone(fixtures.live) });
    expect(hinted($$)).toEqual(["21"]);
    expect($(".sv-prompt").textContent).toMatch(/^La revue de la partie : ici, le meilleur biscuit à tirer était D4\b/);
    model.set("game_review", { status: "done", seconds: 0.1, entries: [{ ...entries[0], played: "pull 21@0.8" }] });
    expect(hinted($$)).toEqual([]); // the move played was the best: nothing to show
  });

  it("lets go of a hint once the game has moved on", () => {
    const { $, $$, model } = render({ hint: { action: "pull 21", ply: 0 } });
    model.set("observation", { ...structuredClone(fixtures.live), ply: 1, to_move: 1, targets: undefined });
    expect(hinted($$)).toEqual([]);
    expect($(".sv-prompt").textContent).not.toMatch(/Conseil/);
  });
});

describe("the end of a round", () => {
  const result = { round: 1, pulls: 5, end: "collapse", collapser: 0, counts: [2, 3, 0], canes: [2, 4, 0], winner: 1 };
  const ended = (changes) => ({ ...structuredClone(fixtures.live), ply: 5, pulls: 5, phase: "scored", to_move: 1, legal: ["next"], targets: undefined, collapse: { seat: 0, slot: 14 }, results: [result], ...changes });
  const nextRound = (changes) => ({ ...structuredClone(fixtures.live), ply: 6, round: 2, pulls: 0, to_move: 1, targets: undefined, results: [result], ...changes });
  const said = "Manche 1 : Le toit s'est effondré sous la main de Hansel ! Gretel prend un bonbon.";
  const fallen = ($$) => $$(".sv-fallen, .sv-fall").length;

  it("the player starts the next round: the result in the banner, the fallen roof, and only Next goes on", () => {
    const { $, $$, model } = render({ observation: ended({ to_move: 0 }), waiting: true });
    expect($(".ludo-next").hidden).toBe(false);
    expect($(".ludo-next-text").textContent).toBe(said);
    expect($(".ludo-next-spoken").textContent).toBe(`${said} « Suite » pour passer à la manche suivante.`);
    expect($(".ludo-status").dataset.state).toBe("waiting-you");
    expect($(".ludo-status").textContent).toMatch(/Hansel, tu commences la suivante/);
    expect(fallen($$)).toBe(36);
    expect($(".sv-next")).toBe(null); // no second way low in the side panel
    expect($(".sv-roof").dataset.phase).toBe("wait");
    expect($('[data-intent="hint"]').disabled).toBe(true);
    for (const name of ["Enter", " "]) key($(".sv-roof"), name); // the roof's keys say "Next" too
    click($(".ludo-continue"));
    expect(model.sent).toEqual([{ type: "continue" }, { type: "continue" }, { type: "continue" }]);
    // Python deals the next round for the player (its `next`) and the table is theirs
    model.setState({ waiting: false, observation: nextRound({ to_move: 0, targets: structuredClone(fixtures.live.targets) }) });
    expect($(".ludo-next").hidden).toBe(true);
    expect(fallen($$)).toBe(0);
    expect($$(".sv-pullable")).toHaveLength(fixtures.live.targets.length);
    expect($(".sv-round").textContent).toMatch(/^Manche 1/); // last round's result, beside the roof
  });

  it("a bot starts the next round: the same banner, and the new roof once Next is pressed", () => {
    const { $, $$, model } = render({ observation: ended(), waiting: true });
    expect($(".ludo-next").hidden).toBe(false);
    expect($(".ludo-next-text").textContent).toBe(said);
    expect($(".ludo-status").dataset.state).toBe("waiting");
    expect($(".ludo-status").textContent).toMatch(/Gretel commence la suivante/);
    expect(fallen($$)).toBe(36);
    click($(".ludo-continue"));
    expect(model.sent).toEqual([{ type: "continue" }]);
    model.setState({ waiting: false, thinking: true });
    expect($(".ludo-next").hidden).toBe(true);
    model.setState({ observation: nextRound() }); // the bot's `next`: the new roof at once
    expect(fallen($$)).toBe(0);
    expect($$(".sv-card")).toHaveLength(36);
    expect($(".sv-round").textContent).toMatch(/^Manche 1 .*Hansel/);
    model.setState({ observation: nextRound({ ply: 7, pulls: 1, to_move: 2 }) });
    expect($(".sv-round").hidden).toBe(true);
  });

  it("moves the keyboard player to Next, in English too", () => {
    const { $, model } = render({ observation: ended({ to_move: 0 }), lang: "en" });
    $(".sv-roof").focus();
    model.set("waiting", true);
    expect(document.activeElement).toBe($(".ludo-continue"));
    expect($(".ludo-continue").textContent).toBe("Next ▸");
    expect($(".ludo-next-text").textContent).toBe("Round 1: The roof fell under Hansel's hand! Gretel takes a candy.");
    expect($(".ludo-continue").getAttribute("aria-describedby")).toBe($(".ludo-next-text").id);
  });
});

describe("actions in words", () => {
  const t = translator(KIT_STRINGS, SORCIERE_STRINGS);
  it("says a pull, a put and next with the roof's coordinates, in both languages", () => {
    expect(say("pull 21@0.91", "fr", t)).toBe("tire le biscuit D4");
    expect(say("put 34", "en", t)).toBe("puts the card back at E6");
    expect(say("next", "fr", t)).toBe("passe à la manche suivante");
    expect(say("zz", "fr", t)).toBe(null);
  });
});
