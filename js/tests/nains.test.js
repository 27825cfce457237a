// The Tir de tuyau board and the kit's hidden-information parts (curtain, omniscient toggle),
// on observations made by engines/nains (tests/fixtures/nains.json).

import { afterEach, describe, expect, it } from "vitest";
import { parseCard } from "../src/nains/board.js";
import widget from "../src/nains.js";
import { describe as say } from "../src/nains/describe.js";
import { KIT_STRINGS, translator } from "../src/kit/i18n.js";
import { NAINS_STRINGS } from "../src/nains/strings.js";
import fixtures from "./fixtures/nains.json" with { type: "json" };
import { renderWidget } from "./fake_model.js";
import { click } from "./helpers.js";

afterEach(() => document.body.replaceChildren());

function render(overrides = {}) {
  return renderWidget(widget, {
    observation: structuredClone(fixtures.play), seats: ["human", "bot:3"], names: ["Nabot", "Gnomette"],
    curtain: null, omniscient: false, private_information: true, ...overrides,
  });
}

describe("nains board", () => {
  it("reads card codes", () => {
    expect(parseCard("+M")).toEqual({ kind: "gnome", colour: "multi" });
    expect(parseCard("R2B0")).toEqual({ kind: "pull", two: "red", zero: "blue" });
    expect(parseCard("M2G0")).toEqual({ kind: "pull", two: "multi", zero: "green" });
    expect(parseCard("Y2")).toEqual({ kind: "pull", two: "yellow", zero: null });
    expect(parseCard("S3")).toEqual({ kind: "squirrel", n: 3 });
  });

  it("draws the garden: both teams with a letter on each gnome, the score and the piles", () => {
    const { $, $$ } = render();
    expect($$(".nn-slab")).toHaveLength(16);
    const gnomes = $$(".nn-gnome").map((g) => [g.dataset.seat, g.dataset.colour, g.querySelector(".nn-letter").textContent]);
    expect(gnomes).toEqual([["0", "red", "R"], ["0", "yellow", "J"], ["1", "blue", "B"]]);
    expect($(".nn-score").textContent).toContain("Manche 1");
    const hose = fixtures.play.hose;
    expect($$(".nn-team-name").map((n) => n.textContent)).toEqual([
      `Nabot · ${8 + hose} dalles avant la barrière`, `Gnomette · ${8 - hose} dalles avant la barrière`]);
    expect($(".nn-piles").textContent).toContain("Pioche");
    expect($(".nn-backs").dataset.count).toBe("3");
    expect($$(".nn-back")).toHaveLength(3);
  });

  it("keeps every gnome inside the garden picture, apart enough to read, whatever the hose and the teams", () => {
    const { model, $, $$ } = render();
    const colours = ["red", "blue", "yellow", "green", "red", "blue", "yellow"];
    const fence = fixtures.play.fence;
    const [, , width] = $(".nn-garden").getAttribute("viewBox").split(" ").map(Number);
    for (let hose = -fence; hose <= fence; hose += 1) {
      // every team size on both sides, and the most uneven pairs
      for (const [a, b] of [1, 2, 3, 4, 5, 6, 7].map((n) => [n, n]).concat([[1, 7], [7, 1]])) {
        model.set("observation", { ...structuredClone(fixtures.play), hose, teams: [colours.slice(0, a), colours.slice(0, b)] });
        const centres = [0, 1].map((seat) => $$(`.nn-gnome[data-seat="${seat}"]`)
          .sort((g, k) => g.dataset.index - k.dataset.index)
          .map((g) => Number(g.querySelector(".nn-face").getAttribute("cx"))));
        const where = `hose ${hose}, teams ${a} and ${b}`;
        for (const coat of $$(".nn-coat")) {
          const x = Number(coat.getAttribute("x"));
          expect(x, where).toBeGreaterThanOrEqual(0);
          expect(x + Number(coat.getAttribute("width")), where).toBeLessThanOrEqual(width);
        }
        // each team stands in line away from the fence, its gnomes far enough apart that no letter is hidden
        const fenceX = Number($(".nn-fence").dataset.x);
        expect(centres[0][0], where).toBeLessThan(fenceX);
        expect(centres[1][0], where).toBeGreaterThan(fenceX);
        for (const [seat, xs] of centres.entries()) {
          const away = xs.map((x) => (seat === 0 ? fenceX - x : x - fenceX));
          away.slice(1).forEach((d, k) => expect(d - away[k], where).toBeGreaterThanOrEqual(20));
        }
      }
    }
  }, 30_000); // hundreds of redraws: seconds on a loaded 2-core CI machine

  it("plays a card that has one use with one click", () => {
    const { model, $ } = render();
    click($('.nn-card[data-card="S2"]'));
    expect(model.sent).toEqual([{ type: "act", action: "play S2", ply: fixtures.play.ply }]);
    expect($(".nn").dataset.state).toBe("sent");
  });

  it("asks for the colour of a multicolour card", () => {
    const { model, $, $$ } = render({ lang: "en" });
    click($('.nn-card[data-card="M2B0"]'));
    expect(model.sent).toEqual([]);
    const options = $$(".nn-option").map((b) => b.dataset.action);
    expect(options).toEqual(["play M2B0 red", "play M2B0 yellow", "play M2B0 green"]);
    click($('.nn-option[data-action="play M2B0 yellow"]'));
    expect(model.sent[0].action).toBe("play M2B0 yellow");
  });

  it("offers a counter only when it is legal", () => {
    const { model, $, $$ } = render({ observation: structuredClone(fixtures.window), seats: ["bot:3", "human"] });
    expect($(".nn-window")).not.toBeNull();
    click($('.nn-card[data-card="+R"]'));
    expect($$(".nn-option").map((b) => b.dataset.action)).toEqual(["contre +R", "play +R"]);
    click($('.nn-option[data-action="contre +R"]'));
    expect(model.sent[0].action).toBe("contre +R");
    const plain = render();
    click(plain.$('.nn-card[data-card="+R"]'));
    expect(plain.$$(".nn-counter")).toHaveLength(0);
    expect(plain.model.sent[0].action).toBe("play +R");
  });

  it("says what the buttons do: a counter or a normal play, a gnome's colour, a bonnet's colour", () => {
    const counter = render({ observation: structuredClone(fixtures.window), seats: ["bot:3", "human"] });
    click(counter.$('.nn-card[data-card="+R"]'));
    const question = counter.$(".nn-choice-prompt").textContent;
    expect(question).not.toContain("couleur");
    expect(question).toContain("contre");
    expect(question).toContain("normalement");
    const { $ } = render({ lang: "en" });
    click($('.nn-card[data-card="+M"]'));
    expect($(".nn-choice-prompt").textContent).toBe("Which colour of gnome do you add?");
    click($('.nn-card[data-card="M2B0"]'));
    expect($(".nn-choice-prompt").textContent).toBe("Which colour does the multicolour bonnet stand for?");
  });

  it("discards several selected cards in the notation's order", () => {
    const { model, $ } = render();
    click($(".nn-discard-start"));
    click($('.nn-card[data-card="S2"]'));
    click($('.nn-card[data-card="+R"]'));
    expect(model.sent).toEqual([]);
    click($(".nn-discard-send"));
    expect(model.sent[0].action).toBe("discard +R,S2");
  });

  it("chooses the first gnome in secret, and says when the other has chosen", () => {
    const { model, $$ } = render({ observation: structuredClone(fixtures.choose) });
    const buttons = $$(".nn-colour");
    expect(buttons.map((b) => b.dataset.action)).toEqual(["gnome red", "gnome blue", "gnome yellow", "gnome green"]);
    click(buttons[2]);
    expect(model.sent[0].action).toBe("gnome yellow");
    const watch = render({ observation: structuredClone(fixtures.chosen_public), seats: ["human", "human"] });
    expect(watch.$(".nn-waiting").textContent).toContain("Nabot");
    expect(watch.$(".nn-gnome")).toBeNull();
    expect(watch.$(".nn-choose").textContent).not.toContain("null");
  });

  it("explains a pull: the card in words, each team's power and the difference", () => {
    const { $ } = render({ observation: structuredClone(fixtures.after_pull), lang: "en" });
    const text = $(".nn-pull").textContent;
    expect(text).toContain("Nabot pulls with the card “Pull: red 2, blue 0”: Nabot 3 – 0 Gnomette.");
    expect(text).toContain("Nabot pulls the hose 3 slabs.");
    const french = render({ observation: structuredClone(fixtures.after_pull) }).$(".nn-pull").textContent;
    expect(french).toContain("Nabot tire avec la carte « Tirer : rouge 2, bleu 0 » : Nabot 3 – 0 Gnomette.");
  });

  it("names a pull's card with the chips' colour words, a multicolour bonnet too, in both languages", () => {
    const pulled = (card, bonnet) => {
      const observation = structuredClone(fixtures.after_pull);
      observation.last_pull = { ...observation.last_pull, card, bonnet };
      observation.events = [{ ...observation.events[0], card, bonnet }];
      return observation;
    };
    const yellow = render({ observation: pulled("Y2R0", null) });
    expect(yellow.$(".nn-pull").textContent).toContain("Nabot tire avec la carte « Tirer : jaune 2, rouge 0 » :");
    // the chips say "J jaune": the summary says jaune, never the engine's Y
    expect(yellow.$$(".nn-values .nn-chip").map((chip) => chip.textContent)).toContain("J jaune ×1");
    expect(yellow.$(".nn-pull").textContent).not.toMatch(/Y2|Y\b/);
    const bonnet = render({ observation: pulled("M2R0", "yellow") });
    expect(bonnet.$(".nn-pull").textContent).toContain("« Tirer : multicolore 2, rouge 0 » (le multicolore compte pour le jaune) :");
    const english = render({ observation: pulled("M2R0", "yellow"), lang: "en" });
    expect(english.$(".nn-pull").textContent).toContain("“Pull: multicolour 2, red 0” (multicolour counted as yellow):");
  });

  it("names the discard pile's top card in words", () => {
    const { $, model } = render({ observation: structuredClone(fixtures.after_pull) });
    expect($(".nn-piles").textContent).toMatch(/· Défausse : 1 \(dessus : « Tirer : rouge 2, bleu 0 »\)$/);
    model.set("observation", { ...structuredClone(fixtures.after_pull), discards: ["R2B0", "+G"] });
    expect($(".nn-piles").textContent).toMatch(/· Défausse : 2 \(dessus : « Ajouter un nain vert »\)$/);
    model.set("lang", "en");
    expect($(".nn-piles").textContent).toMatch(/· Discards: 2 \(top: “Add a green gnome”\)$/);
    model.set("observation", structuredClone(fixtures.play));
    expect($(".nn-piles").textContent).toMatch(/Discards: 0$/);
  });

  it("shows no engine card code anywhere a player reads or hears: text, labels, tooltips, notices", () => {
    // "+G", "Y2R0", "M2", "S3": a code standing alone, as the engine writes it
    const CODE = /(?<![\w«“])(?:\+[RBYGM]|[RBYGM]2(?:[RBYGM]0)?|S[1-9])(?!\w)/;
    const read = (el) => [el.textContent,
      ...[...el.querySelectorAll("[aria-label], [title]")].flatMap((n) => [n.getAttribute("aria-label"), n.getAttribute("title")])]
      .filter(Boolean);
    for (const lang of ["fr", "en"]) {
      for (const [name, observation] of Object.entries(fixtures)) {
        const seats = observation.seat === 1 ? ["bot:3", "human"] : ["human", "bot:3"];
        const { el, model } = render({ observation: structuredClone(observation), seats, lang, omniscient: name === "omniscient" });
        model.set("observation", { ...structuredClone(observation), ply: observation.ply + 1 }); // a move said
        for (const text of read(el)) expect(text, `${name} ${lang}`).not.toMatch(CODE);
        document.body.replaceChildren();
      }
    }
    const { el, model } = render({ observation: structuredClone(fixtures.public), seats: ["bot:1", "bot:3"] });
    expect(el.querySelectorAll(".ludo-move")).not.toHaveLength(0);
    model.set("notice", { id: 3, level: "error", code: "illegal", params: { action: "play Y2R0" } });
    expect(el.querySelector(".ludo-toast-text").textContent).toBe("Ce coup n'est pas permis : joue « Tirer : jaune 2, rouge 0 ».");
    for (const text of read(el)) expect(text).not.toMatch(CODE);
  });

  it("shows the other hand face down, and both hands only in the omniscient view", () => {
    const pub = render({ observation: structuredClone(fixtures.public), seats: ["bot:1", "bot:3"] });
    expect(pub.$(".nn-card")).toBeNull();
    expect(pub.$$(".nn-backs")).toHaveLength(2);
    const all = render({ observation: structuredClone(fixtures.omniscient), seats: ["bot:1", "bot:3"], omniscient: true });
    expect(all.$$(".nn-hand-open")).toHaveLength(2);
    expect(all.$$("button.nn-card")).toHaveLength(0);
  });

  it("keeps each hand of the omniscient view on one labelled row, however many cards it holds", () => {
    const observation = structuredClone(fixtures.omniscient);
    observation.hands = [["+R", "+M", "M2B0", "S2", "S1", "R2B0", "+G", "G2"], ["+G", "G2", "S1", "S3"]];
    const { $$ } = render({ observation, seats: ["bot:1", "bot:3"], omniscient: true });
    const hands = $$(".nn-hand-open");
    expect(hands.map((hand) => hand.getAttribute("aria-label"))).toEqual(["Main de Nabot", "Main de Gnomette"]);
    hands.forEach((hand, seat) => {
      const rows = hand.querySelectorAll(".nn-hand-row");
      expect(rows).toHaveLength(1);
      expect(rows[0].querySelectorAll(".nn-card")).toHaveLength(observation.hands[seat].length);
      const style = getComputedStyle(rows[0]);
      expect(style.flexWrap).toBe("nowrap");
      expect(style.overflowX).toBe("auto");
    });
  });

  it("shows a hint on the board: the card(s) it names marked, the colour too, and the advice in words", () => {
    const hinted = ($$) => $$(".nn-hinted").map((e) => e.dataset.card ?? e.dataset.action ?? e.className);
    const hint = (action, observation = fixtures.play) => ({ hint: { action, ply: observation.ply } });
    const play = render(hint("play +R"));
    expect(hinted(play.$$)).toEqual(["+R"]);
    expect(play.$(".nn-prompt").textContent).toBe("Conseil : joue la carte marquée, « Ajouter un nain rouge ».");
    const bonnet = render({ ...hint("play M2B0 yellow"), lang: "en" });
    expect(hinted(bonnet.$$)).toEqual(["M2B0"]);
    expect(bonnet.$(".nn-prompt").textContent).toBe("Hint: play the marked card, “Pull: multicolour 2, blue 0”, choosing yellow.");
    click(bonnet.$('.nn-card[data-card="M2B0"]'));
    expect(hinted(bonnet.$$)).toEqual(["play M2B0 yellow", "M2B0"]);
    const discard = render(hint("discard +R,S2"));
    expect(hinted(discard.$$)).toEqual(["+R", "S2", "ludo-button nn-discard-start nn-hinted"]);
    expect(discard.$(".nn-prompt").textContent).toContain("défausse les cartes marquées");
    const gnome = render({ observation: structuredClone(fixtures.choose), ...hint("gnome red", fixtures.choose), lang: "en" });
    expect(hinted(gnome.$$)).toEqual(["gnome red"]);
    expect(gnome.$(".nn-prompt").textContent).toBe("Hint: choose a red first gnome in secret.");
    const counter = render({ observation: structuredClone(fixtures.window), seats: ["bot:3", "human"], ...hint("contre +R", fixtures.window) });
    expect(hinted(counter.$$)).toEqual(["+R"]);
    expect(counter.$(".nn-prompt").textContent).toBe("Conseil : contre avec la carte marquée, « Ajouter un nain rouge ».");
    const stale = render({ hint: { action: "play +R", ply: fixtures.play.ply - 1 } });
    expect(stale.$$(".nn-hinted")).toHaveLength(0);
  });

  it("crowns the winner by their own name, whichever seat wins", () => {
    for (const [winner, loser] of [[0, "Gnomette"], [1, "Nabot"]]) {
      const observation = { ...structuredClone(fixtures.public), terminal: true, phase: "over", winner, returns: winner ? [-1, 1] : [1, -1] };
      const { $ } = render({ observation, seats: ["bot:1", "bot:3"] });
      const banner = $(".ludo-status-text").textContent;
      expect(banner).toContain(["Nabot", "Gnomette"][winner]);
      expect(banner).not.toContain(loser);
    }
  });

  it("paints every colour choice in its gnome's colour, with its letter and readable ink", () => {
    const luminance = (hex) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a, b) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const painted = (element) => [element.style.getPropertyValue("--chip"), element.style.getPropertyValue("--ink")];
    const { $, $$ } = render({ observation: structuredClone(fixtures.after_pull) });
    const chips = $$(".nn-chip[data-colour]:not([data-colour=multi])");
    expect(chips.length).toBeGreaterThan(0);
    const board = render();
    click(board.$('.nn-card[data-card="M2B0"]'));
    const options = board.$$(".nn-option");
    expect(options.map((b) => b.textContent)).toEqual(["R · rouge", "J · jaune", "V · vert"]);
    const choose = render({ observation: structuredClone(fixtures.choose) }).$$(".nn-colour");
    expect($(".nn-pull")).not.toBeNull();
    for (const element of [...chips, ...options, ...choose]) {
      const [chip, ink] = painted(element);
      expect(chip, element.textContent).toMatch(/^#[0-9a-f]{6}$/i);
      expect(contrast(chip, ink), element.textContent).toBeGreaterThanOrEqual(4.5);
    }
    expect(new Set(options.map((b) => painted(b)[0])).size).toBe(3);
  });

  it("outlines the hose in the theme's strongest ink, so it stands out from a light or a dark lawn", () => {
    const { $ } = render();
    const edge = $(".nn-hose-edge");
    const hose = $(".nn-hose");
    // the lawn is mostly the theme's background; the theme's foreground contrasts with it
    expect(getComputedStyle($(".nn-lawn")).fill).toContain("var(--ludo-bg)");
    expect(getComputedStyle(edge).stroke).toBe("var(--ludo-fg-strong)");
    expect(edge.getAttribute("d")).toBe(hose.getAttribute("d"));
    expect(edge.compareDocumentPosition(hose) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(Number(getComputedStyle(edge).strokeWidth)).toBeGreaterThan(Number(getComputedStyle(hose).strokeWidth));
  });

  it("sends nothing when it is not the viewer's turn", () => {
    const { model, $ } = render({ observation: structuredClone(fixtures.after_pull), seats: ["bot:1", "human"] });
    // seat 1 is to move here and is the viewer: playable; make it a bot's turn instead
    model.set("thinking", true);
    click($(".nn-card"));
    expect(model.sent).toEqual([]);
  });
});

describe("kit: curtain and omniscient toggle", () => {
  it("hides the board under a curtain and asks the called seat to say it is there", () => {
    const { model, $ } = render({ observation: structuredClone(fixtures.public), seats: ["human", "human"], curtain: 1 });
    expect($(".ludo-curtain").hidden).toBe(false);
    expect($(".nn").hidden).toBe(true);
    expect($(".ludo-curtain-text").textContent).toContain("Gnomette");
    expect($(".ludo-status").dataset.state).toBe("curtain");
    click($('[data-intent="ready"]'));
    expect(model.sent).toEqual([{ type: "ready" }]);
    model.set("curtain", null);
    model.set("observation", structuredClone(fixtures.play_other));
    expect($(".ludo-curtain").hidden).toBe(true);
    expect($(".nn").hidden).toBe(false);
  });

  it("offers the omniscient view only to a spectator of bots", () => {
    const { model, $ } = render();
    expect($(".ludo-omniscient").hidden).toBe(true);
    model.set("seats", ["bot:1", "bot:3"]);
    expect($(".ludo-omniscient").hidden).toBe(false);
    $(".ludo-omniscient-input").checked = true;
    $(".ludo-omniscient-input").dispatchEvent(new Event("change"));
    expect(model.sent).toEqual([{ type: "omniscient", value: true }]);
    model.set("omniscient", true);
    expect($(".ludo-omniscient-input").checked).toBe(true);
    model.set("omniscient", false); // what Python says wins
    expect($(".ludo-omniscient-input").checked).toBe(false);
  });

  it("is absent from games without secrets", () => {
    const { $ } = render({ private_information: false, seats: ["bot:1", "bot:3"] });
    expect($(".ludo-omniscient").hidden).toBe(true);
    expect($(".ludo-curtain").hidden).toBe(true);
  });
});

describe("moves in words", () => {
  const t = translator(KIT_STRINGS, NAINS_STRINGS);
  it("says every kind of move, the secret first gnome kept secret", () => {
    expect(say("gnome ?", "fr", t)).toBe("choisit en secret son premier nain");
    expect(say("gnome red", "en", t)).toBe("chooses a first gnome: red");
    expect(say("play M2B0 yellow", "fr", t)).toMatch(/^joue « Tirer : multicolore 2, bleu 0 » \(jaune\)$/);
    expect(say("play S2", "en", t)).toMatch(/^plays .*2/);
    expect(say("contre +R", "fr", t)).toMatch(/^contre avec « Ajouter un nain rouge »$/);
    expect(say("discard +R,S2", "en", t)).toMatch(/^discards .+, .+ and draws$/);
    expect(say("zz", "fr", t)).toBe(null);
  });
});
