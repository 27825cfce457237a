// The keyboard paths of every game (docs/keyboard.md) and the kit's keyboard pieces
// (kit/keys.js): each move a mouse makes, the keys make too, and a screen reader is told
// where the cursor is and what was played.

import { afterEach, describe, expect, it, vi } from "vitest";
import { createFocusKeeper, createRoving, keyHandler, moveOnGrid } from "../src/kit/keys.js";
import nains from "../src/nains.js";
import petitsPas from "../src/petits_pas.js";
import sorciere from "../src/sorciere.js";
import { cellName } from "../src/sorciere/notation.js";
import sortileges from "../src/sortileges.js";
import nainsFixtures from "./fixtures/nains.json" with { type: "json" };
import sorciereFixtures from "./fixtures/sorciere.json" with { type: "json" };
import { FIXTURES, renderWidget } from "./fake_model.js";
import { key } from "./helpers.js";
import { petitsPasTraits } from "./petits_pas_fake.js";

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

const keyUp = (element, name) => element.dispatchEvent(new KeyboardEvent("keyup", { key: name, bubbles: true, cancelable: true }));
const focused = () => document.activeElement;

describe("kit/keys.js", () => {
  it("takes the keys of its map (no default action, no JupyterLab shortcut) and leaves the others", () => {
    const seen = [];
    const onKey = keyHandler({ "Enter Space": (event) => seen.push(event.key), Escape: () => false });
    const press = (name, extra = {}) => {
      const event = new KeyboardEvent("keydown", { key: name, cancelable: true, ...extra });
      return [onKey(event), event.defaultPrevented];
    };
    expect(press("Enter")).toEqual([true, true]);
    expect(press(" ")).toEqual([true, true]);
    expect(press("Escape")).toEqual([false, false]); // the handler declined it
    expect(press("a")).toEqual([false, false]);
    expect(press("Enter", { ctrlKey: true })).toEqual([false, false]); // a shortcut, not ours
    expect(seen).toEqual(["Enter", " "]);
  });

  it("moves a cursor with the arrows, y upwards, and keeps it on the grid", () => {
    expect(moveOnGrid("ArrowUp", [2, 3], [6, 8])).toEqual([2, 4]);
    expect(moveOnGrid("ArrowLeft", [0, 3], [6, 8])).toEqual([0, 3]);
    expect(moveOnGrid("ArrowDown", [5, 0], [6, 8])).toEqual([5, 0]);
    expect(moveOnGrid("ArrowRight", [4, 7], [6, 8])).toEqual([5, 7]);
    expect(moveOnGrid("Enter", [4, 7], [6, 8])).toBeNull();
  });

  it("gives a row of buttons one Tab stop and moves along it with the arrows, Home and End, skipping disabled ones", () => {
    const row = document.createElement("div");
    row.innerHTML = "<button>a</button><button disabled>b</button><button>c</button><button>d</button>";
    document.body.append(row);
    const roving = createRoving(row, "button");
    roving.refresh();
    const stops = () => [...row.querySelectorAll("button")].map((b) => b.getAttribute("tabindex"));
    expect(stops()).toEqual(["0", null, "-1", "-1"]);
    roving.focus();
    key(focused(), "ArrowRight");
    expect(focused().textContent).toBe("c");
    expect(stops()).toEqual(["-1", null, "0", "-1"]);
    key(focused(), "End");
    expect(focused().textContent).toBe("d");
    key(focused(), "ArrowRight"); // round the row
    expect(focused().textContent).toBe("a");
    key(focused(), "ArrowLeft");
    expect(focused().textContent).toBe("d");
    // a redraw keeps the stop at the same place
    row.innerHTML = "<button>a</button><button>b</button><button>c</button><button>x</button>";
    roving.refresh();
    expect(roving.current().textContent).toBe("c");
  });

  it("brings the focus back into the widget when a redraw took it away, not when the person left", () => {
    const widget = document.createElement("div");
    widget.className = "ludo";
    const board = document.createElement("div");
    const outside = document.createElement("button");
    widget.append(board);
    document.body.append(widget, outside);
    const keeper = createFocusKeeper(board);
    const redraw = () => { board.innerHTML = "<button>card</button>"; };
    redraw();
    board.querySelector("button").focus();
    keeper.before();
    redraw(); // the focused card is gone
    expect(focused()).toBe(document.body);
    keeper.after(() => board.querySelector("button"));
    expect(focused()).toBe(board.querySelector("button"));
    // nothing to take the focus now (a bot's turn): the board holds it, out of the Tab order
    keeper.before();
    board.innerHTML = "";
    keeper.after(() => null);
    expect([focused(), board.getAttribute("tabindex")]).toEqual([board, "-1"]);
    keeper.before();
    redraw();
    keeper.after(() => board.querySelector("button"));
    expect(focused()).toBe(board.querySelector("button"));
    outside.focus();
    keeper.before();
    redraw();
    keeper.after(() => board.querySelector("button"));
    expect(focused()).toBe(outside);
  });
});

describe("the keys help, in the widget's language", () => {
  const games = { sortileges: [sortileges, {}], sorciere: [sorciere, { observation: sorciereFixtures.live, game_info: sorciereFixtures.game_info, names: ["Hansel", "Gretel", "Jorinde"], seats: ["human", "bot:2", "bot:3"] }],
    nains: [nains, { observation: nainsFixtures.play, names: ["Nabot", "Gnomette"], private_information: true, curtain: null }],
    petits_pas: [petitsPas, petitsPasTraits()] };
  for (const [name, [widget, traits]] of Object.entries(games)) {
    it(`${name}: lists its keys, each with what it does, in French then in English`, () => {
      const { $, $$, model } = renderWidget(widget, structuredClone(traits));
      const help = $(".ludo-keys");
      expect(help.hidden).toBe(false);
      expect($(".ludo-keys-summary").textContent).toBe("Jouer au clavier");
      const french = $$(".ludo-keys-list dd").map((dd) => dd.textContent);
      expect(french.length).toBeGreaterThanOrEqual(2);
      expect($$(".ludo-keys-list kbd").map((k) => k.textContent)).toContain("Tab");
      model.set("lang", "en");
      expect($(".ludo-keys-summary").textContent).toBe("Keyboard");
      const english = $$(".ludo-keys-list dd").map((dd) => dd.textContent);
      expect(english).toHaveLength(french.length);
      expect(english).not.toEqual(french);
    });
  }
});

describe("Sortilèges with the keyboard", () => {
  const LIVE = FIXTURES.live;

  it("says the square under the cursor and what may be done there", () => {
    const { $ } = renderWidget(sortileges);
    const svg = $(".sp-board");
    const spoken = $(".sp .ludo-sr");
    key(svg, "ArrowLeft"); // from Têtdevache on e3 to d3
    key(svg, "ArrowUp"); // d4, a step square of the fixture
    expect(Object.keys(LIVE.turns)).toContain("d4");
    expect(spoken.textContent).toBe("d4, tu peux y faire un pas");
    key(svg, "Enter");
    expect(spoken.textContent).toBe("d4, Têtdevache");
    key(svg, "Escape"); // the step taken back, the cursor stays
    expect(spoken.textContent).toBe("d4, tu peux y faire un pas");
    expect($(".sp-board").dataset.phase).toBe("step");
  });

  it("labels the board for a screen reader in the widget's language", () => {
    const { $, model } = renderWidget(sortileges);
    expect($(".sp-board").getAttribute("role")).toBe("application");
    expect($(".sp-board").getAttribute("aria-label")).toMatch(/^Plateau de Sortilèges : flèches/);
    model.set("lang", "en");
    expect($(".sp-board").getAttribute("aria-label")).toMatch(/^Sortilèges board: arrow keys/);
  });

  it("tells a screen reader each move once, in words", () => {
    const { $, model } = renderWidget(sortileges);
    const said = $(".ludo-last-move");
    expect(said.getAttribute("aria-live")).toBe("polite");
    expect(said.textContent).toBe("");
    model.set("observation", { ...structuredClone(LIVE), ply: LIVE.ply + 1, moves: [...LIVE.moves, "c7-c6/d4"], movers: [...LIVE.moves.map(() => 0), 1] });
    expect(said.textContent).toBe("Fasderat : va en c6, ensorcelle d4");
  });
});

describe("Sorcière with the keyboard", () => {
  const render = (observation = sorciereFixtures.live) => renderWidget(sorciere, {
    observation: structuredClone(observation), seats: ["human", "bot:2", "bot:3"], levels: ["1", "2", "3", "4"],
    names: ["Hansel", "Gretel", "Jorinde"], options: { players: 3 }, game_info: structuredClone(sorciereFixtures.game_info),
  });

  it("pulls the cookie under the cursor with Space held: the longer to 1.5 s, the steadier", () => {
    vi.useFakeTimers();
    const { $, model } = render();
    const roof = $(".sv-roof");
    expect($(".sv-prompt").textContent).toMatch(/fais-le glisser/); // the mouse's gesture
    key(roof, "ArrowUp"); // from C3 (slot 14) to C4 (slot 20)
    expect($(".sv-prompt").textContent).toMatch(/^Flèches jusqu'à un petit beurre, puis garde Espace enfoncée/);
    expect($(".sv .ludo-sr").textContent).toBe(`Carte ${cellName(20)}, tu peux le tirer`);
    key(roof, " ");
    vi.advanceTimersByTime(1500);
    expect($(".sv-prompt").textContent).toBe("Tiens… ●●●");
    keyUp(roof, " ");
    expect(model.sent).toEqual([{ type: "act", action: "pull 20@1", ply: 0 }]);
  });

  it("lets go of a held cookie with Escape: nothing is pulled", () => {
    const { $, model } = render();
    const roof = $(".sv-roof");
    key(roof, " ");
    key(roof, "Escape");
    keyUp(roof, " ");
    expect(model.sent).toEqual([]);
    expect($(".sv-prompt").textContent).toMatch(/petit beurre/); // the invitation again
  });

  it("puts a card back with Enter or Space on a free place, and says the place is free", () => {
    const obs = structuredClone(sorciereFixtures.put);
    const target = obs.targets[0];
    const { $, model } = render(obs);
    const roof = $(".sv-roof");
    const [col, row] = [target % 6, Math.floor(target / 6)];
    const walk = (name, n) => { for (let i = 0; i < n; i += 1) key(roof, name); };
    walk("ArrowLeft", 6); walk("ArrowDown", 6); // A1
    walk("ArrowRight", col); walk("ArrowUp", row);
    expect($(".sv .ludo-sr").textContent).toMatch(new RegExp(`${cellName(target)}.*tu peux y reposer la carte$`));
    expect($(".sv-prompt").textContent).toMatch(/Entrée pour y reposer la carte/);
    key(roof, "Enter");
    expect(model.sent).toEqual([{ type: "act", action: `put ${target}`, ply: obs.ply }]);
  });

  it("at a round's end, gives the focus to Next, and Enter on the roof goes on as Next does", () => {
    const obs = { ...structuredClone(sorciereFixtures.live), phase: "scored", legal: ["next"], targets: [] };
    const { $, model } = render(obs);
    $(".sv-roof").focus();
    model.set("waiting", true);
    expect(focused()).toBe($(".ludo-continue"));
    key($(".sv-roof"), "Enter");
    key($(".sv-roof"), " ");
    expect(model.sent).toEqual([{ type: "continue" }, { type: "continue" }]);
  });
});

describe("A Petits Pas with the keyboard", () => {
  it("plays a step with Space or Enter on the board, labelled for a screen reader", () => {
    const { $, model } = renderWidget(petitsPas, petitsPasTraits());
    const board = $(".pp-board");
    expect(board.getAttribute("aria-label")).toBe("La rangée de cartes. Espace ou Entrée : un pas.");
    key(board, " ");
    expect(model.sent).toEqual([{ type: "act", action: "step", ply: 0 }]);
  });
});

describe("Tir de tuyau with the keyboard", () => {
  const render = (observation = nainsFixtures.play) => renderWidget(nains, {
    observation: structuredClone(observation), seats: ["human", "bot:3"], names: ["Nabot", "Gnomette"], curtain: null, omniscient: false, private_information: true,
  });
  const hand = ($$) => $$(".nn-hand button.nn-card");

  it("makes the hand one Tab stop, walked with the arrows", () => {
    const { $, $$ } = render();
    expect($(".nn-hand").getAttribute("aria-label")).toBe("Ta main");
    expect(hand($$).map((b) => b.getAttribute("tabindex"))).toEqual(["0", "-1", "-1", "-1", "-1"]);
    hand($$)[0].focus();
    key(focused(), "ArrowRight");
    key(focused(), "ArrowRight");
    expect(focused().dataset.card).toBe("R2B0");
    expect(hand($$).map((b) => b.getAttribute("tabindex"))).toEqual(["-1", "-1", "0", "-1", "-1"]);
  });

  it("plays a card that has one use at once, and a card with several: its uses get the focus, Escape gives it back", () => {
    const { $, $$, model } = render();
    hand($$)[1].focus(); // +M: a gnome of a colour to choose
    hand($$)[1].click();
    expect(focused().classList.contains("nn-option")).toBe(true);
    expect($(".nn-choice").getAttribute("aria-label")).toBe("Quelle couleur de nain ajoutes-tu ?");
    key(focused(), "Escape");
    expect($(".nn-choice").hidden).toBe(true);
    expect(focused().dataset.card).toBe("+M");
    focused().click();
    key(focused(), "ArrowRight");
    expect(focused().dataset.action).toBe("play +M blue");
    focused().click();
    expect(model.sent).toEqual([{ type: "act", action: "play +M blue", ply: nainsFixtures.play.ply }]);
  });

  it("discards with the keyboard: Enter on the button, the cards taken with Enter, Escape leaves", () => {
    const { $, $$, model } = render();
    $(".nn-discard-start").focus();
    $(".nn-discard-start").click();
    expect(focused()).toBe(hand($$)[0]);
    focused().click(); // takes +R
    expect(focused()).toBe(hand($$)[0]); // the redrawn card keeps the focus
    expect(hand($$)[0].getAttribute("aria-pressed")).toBe("true");
    key(focused(), "Escape");
    expect($(".nn").dataset.state).toBe("play");
    $(".nn-discard-start").click();
    focused().click();
    $(".nn-discard-send").click();
    expect(model.sent).toEqual([{ type: "act", action: "discard +R", ply: nainsFixtures.play.ply }]);
  });

  it("gives the focus back to the hand when the turn comes back after a move", () => {
    const { $, $$, model } = render();
    hand($$)[0].focus();
    hand($$)[0].click(); // +R: one use, sent
    expect(focused()).toBe($(".nn")); // the hand waits, disabled: the board holds the focus
    model.set("observation", structuredClone(nainsFixtures.play_other)); // the bot's turn
    model.set("observation", { ...structuredClone(nainsFixtures.play), ply: nainsFixtures.play.ply + 2 });
    expect(focused()).toBe(hand($$)[0]);
  });

  it("hands the focus to Next at a round's end that waits, and back to the table after it", () => {
    const { $, $$, model } = render();
    hand($$)[0].focus();
    hand($$)[0].click(); // the move that ends the round, say; the bot is to start the next
    model.set("waiting", true);
    expect(focused()).toBe($(".ludo-continue"));
    focused().click(); // Enter on a button
    expect(model.sent.at(-1)).toEqual({ type: "continue" });
    model.set("waiting", false);
    model.set("observation", { ...structuredClone(nainsFixtures.play), ply: nainsFixtures.play.ply + 2 });
    expect(focused()).toBe(hand($$)[0]);
  });

  it("chooses the first gnome with the arrows and Enter, and labels the garden with both teams", () => {
    const { $, $$, model } = render(nainsFixtures.choose);
    $$(".nn-colour")[0].focus();
    key(focused(), "ArrowRight");
    focused().click();
    expect(model.sent).toEqual([{ type: "act", action: "gnome blue", ply: nainsFixtures.choose.ply }]);
    expect($(".nn-garden").getAttribute("aria-label")).toMatch(/^Le jardin : .*Nabot : \d+ nains?, \d+ dalles? avant la barrière ; Gnomette/);
  });
});
