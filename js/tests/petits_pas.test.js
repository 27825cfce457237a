import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { groupDigits, parseDealNumber, replayCall } from "../src/petits_pas/board.js";
import { cardLabel, parseCard } from "../src/petits_pas/cards.js";
import { geometry, HEAD, layout } from "../src/petits_pas/layout.js";
import { planStep } from "../src/petits_pas/motion.js";
import { click, key } from "./helpers.js";
import { PP, renderPetitsPas } from "./petits_pas_fake.js";

const cardsIn = (root, selector) => [...root.querySelectorAll(`${selector} .pp-card`)].map((n) => n.dataset.card);

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe("cards", () => {
  it("reads the engine's card texts and labels them in each language", () => {
    expect(parseCard("10H")).toEqual({ rank: "10", suit: "H" });
    expect(parseCard("1H")).toBeNull();
    expect(["JH", "QS", "KD", "AC", "10H"].map((c) => cardLabel(c, "fr"))).toEqual(["V♥", "D♠", "R♦", "A♣", "10♥"]);
    expect(["JH", "QS", "KD", "AC", "10H"].map((c) => cardLabel(c, "en"))).toEqual(["J♥", "Q♠", "K♦", "A♣", "10♥"]);
  });

  it("tells suits apart by shape, colour and fill", () => {
    const { $ } = renderPetitsPas({ observation: PP.lost });
    const all = PP.lost.places.flat().concat(PP.lost.out);
    const face = (suit) => $(`.pp-card[data-card="${all.find((c) => c.endsWith(suit))}"]`);
    const look = (suit) => {
      const node = face(suit);
      return [node.classList.contains("pp-red") ? "red" : "black", node.querySelector(".pp-hollow") ? "outline" : "filled",
        node.querySelector(".pp-suit").dataset.suit];
    };
    expect(["H", "D", "S", "C"].map(look)).toEqual([["red", "filled", "H"], ["red", "outline", "D"], ["black", "filled", "S"], ["black", "outline", "C"]]);
  });
});

describe("drawing a deal", () => {
  it("draws the row, the stock and the cards out from the observation", () => {
    const { $, $$ } = renderPetitsPas();
    const svg = $(".pp-board");
    expect([svg.dataset.ply, svg.dataset.places, svg.dataset.result]).toEqual(["0", "4", ""]);
    expect($$(".pp-place").map((p) => cardsIn(p, "*"))).toEqual(PP.start.places);
    expect($(".pp-stock").dataset.count).toBe("48");
    expect($(".pp-stock-caption").textContent).toBe("Talon : 48");
    expect($(".pp-out").dataset.count).toBe("0");
    expect($(".pp-mover-mark")).not.toBeNull();
    expect($(".pp-explain-main").textContent).toMatch(/Quatre cartes/);
  });

  it("draws piles with the top card last and marks the cards that have jumped", () => {
    const after = PP.cover[1];
    const { $, $$ } = renderPetitsPas({ observation: after });
    const pile = after.places.find((p) => p.length > 1);
    const place = $$(".pp-place").find((p) => Number(p.dataset.size) > 1);
    expect(cardsIn(place, "")).toEqual(pile);
    expect($$(".pp-jumped").map((n) => n.dataset.card)).toEqual(after.jumped);
    expect($(`.pp-card[data-card="${after.jumped[0]}"] .pp-jumped-mark`)).not.toBeNull();
    expect($(`.pp-card[data-card="${after.jumped[0]}"]`).getAttribute("aria-label")).toMatch(/a sauté/);
  });

  it("uses the interface's rank letters", () => {
    const { model, $ } = renderPetitsPas();
    const court = PP.start.places.flat().find((c) => /^[JQK]/.test(c));
    const rank = () => $(`.pp-card[data-card="${court}"] .pp-rank`).textContent;
    expect(rank()).toBe(cardLabel(court, "fr").slice(0, -1));
    model.set("lang", "en");
    expect(rank()).toBe(court[0]);
  });

  it("shows the step's explanation in the interface's language", () => {
    const after = PP.cover[1];
    const { model, $, $$ } = renderPetitsPas({ observation: after });
    expect($(".pp-explain-main").textContent).toBe(after.explained.fr[0]);
    expect($$(".pp-explain-more li").map((n) => n.textContent)).toEqual(after.explained.fr.slice(1));
    expect($(".pp-explain").dataset.kind).toBe("cover");
    model.set("lang", "en");
    expect($(".pp-explain-main").textContent).toBe(after.explained.en[0]);
  });

  it("grows the board for a long row", () => {
    const { $ } = renderPetitsPas({ observation: PP.wide });
    const width = Number($(".pp-board").getAttribute("viewBox").split(" ")[2]);
    expect(PP.wide.places.length).toBeGreaterThanOrEqual(8);
    expect(width).toBe(geometry(PP.wide.places.length).width);
    expect(width).toBeGreaterThan(geometry(4).width);
  });

  it("says won or lost, and shows no mover at the end", () => {
    const won = renderPetitsPas({ observation: PP.won, lang: "en" });
    expect(won.$(".ludo-status").dataset.state).toBe("win");
    expect(won.$(".ludo-status-text").textContent).toBe("Won: no card left on the table!");
    expect(won.$$(".pp-place")).toHaveLength(0);
    expect(won.$(".pp-mover-mark")).toBeNull();
    const lost = renderPetitsPas({ observation: PP.lost });
    expect(lost.$(".ludo-status").dataset.state).toBe("lost");
    expect(lost.$(".ludo-status-text").textContent).toBe("Perdu : la donne est bloquée.");
    expect(lost.$(".pp-board").dataset.result).toBe("lost");
  });

  it("leaves out the kit's seats, move list and hint, keeps new / undo / redo", () => {
    const { $, $$ } = renderPetitsPas();
    expect($(".ludo-seats")).toBeNull();
    expect($(".ludo-moves")).toBeNull();
    expect($$(".ludo-buttons .ludo-button").map((b) => [b.dataset.intent, b.textContent])).toEqual([
      ["new", "Nouvelle donne"], ["undo", "Annuler un pas"], ["redo", "Refaire un pas"]]);
    expect($(".ludo").dataset.game).toBe("petits_pas");
  });
});

describe("stepping", () => {
  it("the step button sends the act intent with the ply, once until Python answers", () => {
    const { model, $ } = renderPetitsPas();
    const button = $(".pp-step");
    expect(button.textContent).toBe("Un pas");
    click(button);
    click(button);
    expect(model.sent).toEqual([{ type: "act", action: "step", ply: 0 }]);
    expect(button.disabled).toBe(true);
    model.set("observation", structuredClone(PP.cover[0]));
    expect(button.disabled).toBe(false);
    click(button);
    expect(model.sent.at(-1)).toEqual({ type: "act", action: "step", ply: PP.cover[0].ply });
  });

  it("a refusal (a new notice) frees the button again", () => {
    const { model, $ } = renderPetitsPas();
    click($(".pp-step"));
    model.set("notice", { id: 4, level: "error", code: "stale", params: {} });
    expect($(".pp-step").disabled).toBe(false);
  });

  it("space or Enter on the board takes a step; keys on the controls are theirs", () => {
    const { model, $ } = renderPetitsPas();
    const svg = $(".pp-board");
    key(svg, " ");
    expect(model.sent).toEqual([{ type: "act", action: "step", ply: 0 }]);
    model.set("observation", structuredClone(PP.cover[0]));
    key(svg, "Enter");
    expect(model.sent).toHaveLength(2);
    model.set("observation", structuredClone(PP.cover[1]));
    key($(".pp-replay-input"), " ");
    key($(".pp-auto"), " ");
    key(svg, "x");
    expect(model.sent).toHaveLength(2);
    expect($(".pp").dataset.lmSuppressShortcuts).toBe("true");
  });

  it("no step while the deal plays itself, is reviewed or is over", () => {
    for (const traits of [{ seats: ["bot:auto"], thinking: true }, { observation: PP.won }, { review: { ply: 0, observation: PP.start } }]) {
      const { model, $ } = renderPetitsPas(traits);
      click($(".pp-step"));
      key($(".pp-board"), " ");
      expect($(".pp-step").disabled).toBe(true);
      expect(model.sent).toEqual([]);
    }
  });

  it("play to the end switches the seat to the autoplay bot, pause back to human", () => {
    const { model, $ } = renderPetitsPas();
    const auto = $(".pp-auto");
    expect(auto.textContent).toBe("Jouer jusqu'au bout");
    click(auto);
    expect(model.sent).toEqual([{ type: "seat", seat: 0, value: "bot:auto" }]);
    model.set("seats", ["bot:auto"]);
    model.set("thinking", true);
    expect(auto.textContent).toBe("Pause");
    expect($(".ludo-status-text").textContent).toBe("La donne se joue toute seule");
    click(auto);
    expect(model.sent.at(-1)).toEqual({ type: "seat", seat: 0, value: "human" });
    model.set("observation", PP.won);
    expect(auto.disabled).toBe(true);
  });

  it("undo step is the kit's undo", () => {
    const { model, $ } = renderPetitsPas();
    click($('[data-intent="undo"]'));
    expect(model.sent).toEqual([{ type: "undo" }]);
  });
});

describe("the deal's number", () => {
  it("is a secret during play, shown at the end with a way to replay it", () => {
    const { model, $ } = renderPetitsPas({ observation: PP.cover[1] });
    expect($(".pp-deal").dataset.known).toBe("false");
    expect($(".pp-deal-text").textContent).toMatch(/sera montré à la fin/);
    expect($(".pp-deal-text").textContent).toMatch(/toute la classe .* petit numéro \(21/);
    expect($(".pp-replay-input").getAttribute("placeholder")).toBe("21");
    expect($(".pp-replay-this").hidden).toBe(true);
    model.set("observation", PP.lost);
    model.set("deal", "3021");
    expect($(".pp-deal-text").textContent).toBe("Donne n° 3021");
    click($(".pp-replay-this"));
    expect(model.sent).toEqual([{ type: "replay", seed: "3021", options: PP.start.reading }]);
  });

  it("names a teacher's short number as it is, with the line that replays it and a copy button", () => {
    const { model, $ } = renderPetitsPas({ observation: PP.lost });
    expect($(".pp-copy").hidden).toBe(true);
    expect($(".pp-deal-call").hidden).toBe(true);
    model.set("deal", "21");
    expect($(".pp-deal-line").textContent).toBe("Donne n° 21 — pour la rejouer : PetitsPas(seed=21)");
    expect($(".pp-deal-number").textContent).toBe("21");
    expect($(".pp-copy").hidden).toBe(false);
    expect($(".pp-copy").textContent).toBe("Copier le numéro");
  });

  it("shows a long drawn number in blocks of three, copies its digits in one click, in English too", async () => {
    const long = "340282366920938463463374607431768211455";
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const { model, $ } = renderPetitsPas({ observation: PP.lost, lang: "en", options: { ...PP.start.reading, take: "lower" } });
    model.set("deal", long);
    expect($(".pp-deal-number").textContent).toBe("340 282 366 920 938 463 463 374 607 431 768 211 455");
    expect($(".pp-deal-call").textContent).toBe('PetitsPas(seed=340_282_366_920_938_463_463_374_607_431_768_211_455, options={"take": "lower"})');
    expect($(".pp-deal-line").textContent).toMatch(/^Deal no\. 340 282 .* — to replay it: PetitsPas\(seed=340_282_/);
    click($(".pp-copy"));
    await vi.waitFor(() => expect($(".pp-copy").textContent).toBe("Number copied"));
    expect(writeText).toHaveBeenCalledWith(long);
    expect($(".pp-copied").textContent).toBe("Number copied"); // said to a screen reader
    expect(model.sent).toEqual([]); // nothing asked of Python
    model.set("deal", null); // a new deal: the number and its copy are gone
    expect($(".pp-copy").hidden).toBe(true);
    expect($(".pp-copied").textContent).toBe("");
  });

  it("selects the number to copy where the page may not write the clipboard", async () => {
    vi.stubGlobal("navigator", { ...navigator, clipboard: undefined });
    const { model, $ } = renderPetitsPas({ observation: PP.lost });
    model.set("deal", "123456789");
    click($(".pp-copy"));
    await vi.waitFor(() => expect($(".pp-copied").textContent).toBe("Numéro sélectionné : Ctrl+C pour le copier"));
    expect(document.getSelection().getRangeAt(0).toString()).toBe("123 456 789");
  });

  it("reads a number typed in its blocks, with spaces or underscores", () => {
    expect(parseDealNumber("340 282 366 920 938 463 463 374 607 431 768 211 455")).toBe("340282366920938463463374607431768211455");
    expect(parseDealNumber("340_282_366_920_938_463_463_374_607_431_768_211_455")).toBe("340282366920938463463374607431768211455");
    expect(parseDealNumber(" 123\u202f456 ")).toBe("123456");
    for (const text of ["_12", "12_", "1 2.5", "- 12", "1 e3"]) expect(parseDealNumber(text), text).toBe(null);
    expect(groupDigits("2026")).toBe("2026");
    expect(groupDigits("1234567", "_")).toBe("1_234_567");
    expect(replayCall("21", { take: "one", ace: "high" }, { take: { default: "one" }, ace: { default: "low" } })).toBe('PetitsPas(seed=21, options={"ace": "high"})');
  });

  it("replays a typed number under the rules chosen in the options panel", () => {
    const { model, $ } = renderPetitsPas();
    const select = $('.ludo-option-select[data-option="take"]');
    select.selectedIndex = PP.game_info.options.take.choices.findIndex((choice) => choice.value === "lower");
    select.dispatchEvent(new Event("change"));
    $(".pp-replay-input").value = " 4294967295 ";
    $(".pp-replay-form").dispatchEvent(new Event("submit", { cancelable: true }));
    expect(model.sent).toEqual([{ type: "replay", seed: "4294967295", options: { ...PP.start.reading, take: "lower" } }]);
  });

  it("refuses what is not a deal number, without asking Python", () => {
    const { model, $ } = renderPetitsPas({ lang: "en" });
    for (const text of ["", "-1", "340282366920938463463374607431768211456", "12.5", "1e3", "douze"]) {
      $(".pp-replay-input").value = text;
      $(".pp-replay-form").dispatchEvent(new Event("submit", { cancelable: true }));
      expect($(".pp-replay-error").hidden, text).toBe(false);
    }
    expect($(".pp-replay-error").textContent).toMatch(/whole number from 0 to 2\^128 − 1/);
    expect(model.sent).toEqual([]);
    expect([parseDealNumber("0"), parseDealNumber("007"), parseDealNumber("4294967296"),
      parseDealNumber("340282366920938463463374607431768211455"), parseDealNumber("340282366920938463463374607431768211456")])
      .toEqual(["0", "7", "4294967296", "340282366920938463463374607431768211455", null]);
  });
});

describe("animation", () => {
  let calls;
  let hidden;
  beforeEach(() => {
    calls = [];
    hidden = [];
    // jsdom has no Web Animations: record what the board asks for.
    Element.prototype.animate = function animate(frames, options) {
      // A card's path is played by its flying copy; the card itself waits, hidden.
      if (this.dataset.flies) calls.push({ card: this.dataset.flies, frames, options, flyer: this });
      else hidden.push({ card: this.dataset.card, frames, options });
      return { cancel() {}, finished: new Promise(() => {}) };
    };
  });
  afterEach(() => { delete Element.prototype.animate; });

  const ys = (frames) => frames.map((f) => Number(/,\s*(-?[\d.]+)px/.exec(f.transform)[1]));
  const xs = (frames) => frames.map((f) => Number(/translate\((-?[\d.]+)px/.exec(f.transform)[1]));
  function stepFrom([before, after], traits = {}) {
    const view = renderPetitsPas({ observation: structuredClone(before), ...traits });
    expect(calls).toEqual([]);
    view.model.set("observation", structuredClone(after));
    return view;
  }

  it("a covering card jumps over the others and lands on the pile it meets", () => {
    const [before, after] = PP.cover;
    const { $, $$ } = stepFrom(PP.cover);
    const move = after.events[0];
    const jump = calls.find((c) => c.card === move.card);
    // the copy flies over everything, aria-hidden; the card waits in its pile, hidden
    expect(jump.flyer.closest(".pp-flyers").getAttribute("aria-hidden")).toBe("true");
    expect($(".pp-board").lastElementChild).toBe(jump.flyer.parentNode);
    expect($$(`.pp-card[data-card="${move.card}"]`)).toHaveLength(1);
    expect($(`.pp-card[data-card="${move.card}"]`).closest(".pp-place").dataset.place).toBe(String(move.to));
    expect(hidden.find((c) => c.card === move.card).frames.every((f) => f.opacity === 0)).toBe(true);
    expect(Math.min(...ys(jump.frames))).toBeLessThan(HEAD); // above the row
    const g = geometry(after.places.length);
    expect(xs(jump.frames)[0]).toBe(g.placeX(move.from));
    expect(xs(jump.frames).at(-1)).toBe(g.placeX(move.to));
    expect($(`.pp-card[data-card="${move.card}"]`).classList.contains("pp-moved")).toBe(true);
    // the card dealt into the gap comes from the stock, unseen until its turn
    const dealt = after.events[1].deals[0].card;
    const deal = calls.find((c) => c.card === dealt);
    expect([xs(deal.frames)[0], ys(deal.frames)[0]]).toEqual([g.stock.x, g.stock.y]);
    expect(deal.frames[0].opacity).toBe(0);
    expect(before.places.flat()).not.toContain(dealt);
  });

  it("a taking card leaves with the piles it takes, to the cards out", () => {
    const [, after] = PP["take-more"];
    stepFrom(PP["take-more"]);
    const g = geometry(after.places.length);
    const out = layout(after, g);
    const move = after.events[0];
    const leaving = [move.card, ...move.taken.flatMap((t) => t.pile)];
    for (const card of leaving) {
      const call = calls.find((c) => c.card === card);
      expect(call, card).toBeDefined();
      expect(xs(call.frames).at(-1), card).toBeCloseTo(out.get(card).x, 1);
    }
    const jump = calls.find((c) => c.card === move.card);
    expect(Math.min(...ys(jump.frames))).toBeLessThan(HEAD);
  });

  it("a blocked card shakes, and the card dealt on the right comes from the stock", () => {
    const [, after] = PP.blocked;
    const { $ } = stepFrom(PP.blocked);
    const [blocked, dealt] = after.events;
    const shake = calls.find((c) => c.card === blocked.card);
    expect(new Set(ys(shake.frames)).size).toBe(1);
    expect(new Set(xs(shake.frames)).size).toBeGreaterThan(2);
    expect($(`.pp-card[data-card="${blocked.card}"]`).classList.contains("pp-stuck")).toBe(true);
    expect(calls.find((c) => c.card === dealt.card).frames[0].opacity).toBe(0);
  });

  it("plans every kind of step from its events, every path starting where the card was", () => {
    for (const name of ["cover", "take", "take-more", "blocked", "far-left", "exit"]) {
      const [before, after] = PP[name];
      const g = geometry(Math.max(before.places.length, after.places.length));
      const l0 = layout(before, g);
      const l1 = layout(after, g);
      const plan = planStep(after, l0, l1, g);
      expect(plan.kind, name).toBe(after.events[0].kind);
      expect(plan.mover, name).toBe(after.events[0].card);
      for (const [card, path] of plan.cards) {
        const start = l0.get(card) ?? g.stock;
        expect([path[0].x, path[0].y], `${name} ${card}`).toEqual([start.x, start.y]);
        expect(path.every((p, i) => i === 0 || p.t >= path[i - 1].t), `${name} ${card}`).toBe(true);
        expect(l1.has(card), `${name} ${card}`).toBe(true);
      }
    }
  });

  it("runs faster when the deal plays itself, scaled to the pause", () => {
    stepFrom(PP.cover, { seats: ["bot:auto"], bot_delay: 0.5 });
    expect(calls[0].options.duration).toBe(450);
  });

  it("does not animate a new deal, an undo, a language change or other traits", () => {
    const { model, $ } = renderPetitsPas({ observation: structuredClone(PP.cover[1]) });
    model.set("observation", structuredClone(PP.cover[0])); // undo
    model.set("observation", structuredClone(PP.start)); // a new deal
    model.set("lang", "en");
    const node = $(".pp-card");
    model.set("thinking", true);
    model.set("bot_delay", 2);
    expect($(".pp-card")).toBe(node); // not redrawn: a running animation goes on
    expect(calls).toEqual([]);
    expect(hidden).toEqual([]);
  });

  it("respects prefers-reduced-motion", () => {
    vi.stubGlobal("matchMedia", (query) => ({ matches: query.includes("reduce"), media: query }));
    const { $ } = stepFrom(PP.cover);
    expect(calls).toEqual([]);
    expect(hidden).toEqual([]);
    expect($(`.pp-card[data-card="${PP.cover[1].events[0].card}"]`).classList.contains("pp-moved")).toBe(true);
  });
});

describe("the widget's manners", () => {
  it("never writes a trait, and cleans up", () => {
    const { model, $, el, cleanup } = renderPetitsPas();
    click($(".pp-step"));
    click($(".pp-auto"));
    expect(model.saved).toBe(0);
    cleanup();
    expect(model.listenerCount()).toBe(0);
    expect(el.querySelector(".pp")).toBeNull();
  });

  it("never receives a card of the stock: it draws the stock face down, by its count", () => {
    const { $ } = renderPetitsPas({ observation: PP.cover[0] });
    expect($(".pp-stock .pp-card")).toBeNull();
    expect($(".pp-stock").dataset.count).toBe(String(PP.cover[0].stock));
    const shown = PP.cover[0].places.flat().length + PP.cover[0].out.length;
    expect(shown + PP.cover[0].stock).toBe(52);
  });
});
