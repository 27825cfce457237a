// The A Petits Pas board: the row of places and their piles, the stock and the cards out,
// drawn in SVG from the observation; the step's explanation (from the observation, in the
// interface's language); the buttons "step" and "play to the end / pause"; the deal's number
// once the deal is over (a long one in blocks of three, with a button that copies it) and how
// to replay it from Python, and "replay deal n°…". Space (or Enter) on the board takes a step.
//
// Nothing here knows the rules: a step is the act intent `step`, the animation replays the
// events Python sent (motion.js), and the browser never sees a card before it is dealt.

import BOARD from "../../../widgets/pictures/petits_pas.json" with { type: "json" };
import { h, s } from "../kit/dom.js";
import { keyHandler } from "../kit/keys.js";
import { createPendingMove } from "../kit/pending.js";
import { backPattern, cardBack, cardFace, CARD_H, CARD_W } from "./cards.js";
import { geometry, layout } from "./layout.js";
import { keyframes, planStep } from "./motion.js";

const AUTO = "bot:auto";
const HUMAN = "human";
const SEED_LIMIT = 2n ** 128n; // deal numbers are 128-bit seeds: sent as digits, not numbers
const STEP_MS = 1400; // one step's animation when stepping by hand
let boards = 0; // to give each board's pattern its own id

/** The deal's keys, for the kit's help (docs/keyboard.md says the same). */
export const KEYS = [
  { keys: ["space", "enter"], does: "keys.step" },
  { keys: ["tab"], does: "keys.tab" },
];

const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/** A deal number typed by a person, as canonical digits, or null if it is not one. The
 * blocks it is shown in may be typed too: spaces (a dictated "340 282 366…") and underscores
 * (Python's `340_282_366…`) between digits are left out. */
export function parseDealNumber(text) {
  const clean = String(text ?? "").trim().replace(/(?<=\d)[\s_]+(?=\d)/gu, "");
  if (!/^\d{1,40}$/.test(clean)) return null;
  const number = BigInt(clean);
  return number < SEED_LIMIT ? number.toString() : null;
}

const SHORT = 6; // digits a number is shown with as it is (a teacher's 21, 2026)

/** A deal number's digits in blocks of three from the right, joined by `joiner` (a short
 * number as it is): "340 282 366 … 455" to read out to a class. */
export function groupDigits(digits, joiner = " ") {
  if (digits.length <= SHORT) return digits;
  const head = digits.length % 3 || 3;
  const blocks = [digits.slice(0, head)];
  for (let i = head; i < digits.length; i += 3) blocks.push(digits.slice(i, i + 3));
  return blocks.join(joiner);
}

/** A value as Python writes it (the options of a deal, in the line that replays it). */
const pythonValue = (value) => (value === true ? "True" : value === false ? "False" : value === null ? "None" : JSON.stringify(value));

/** What to type in a notebook to replay the deal: `PetitsPas(seed=…)`, its number in the same
 * blocks (Python's underscores), with the readings that differ from the defaults. */
export function replayCall(digits, options = {}, specs = {}) {
  const changed = Object.entries(options).filter(([name, value]) => name in specs && specs[name].default !== value);
  const reading = changed.length ? `, options={${changed.map(([name, value]) => `"${name}": ${pythonValue(value)}`).join(", ")}}` : "";
  return `PetitsPas(seed=${groupDigits(digits, "_")}${reading})`;
}

export function createBoard(ctx) {
  const { t, send } = ctx;
  const patternId = `pp-back-${(boards += 1)}`;
  const svg = s("svg", {
    class: "pp-board ludo-board", tabindex: 0, role: "group",
    onclick: () => svg.focus(),
  });
  const stepButton = h("button", { type: "button", class: "ludo-button pp-step", "data-action": "step", onclick: () => step() });
  const autoButton = h("button", { type: "button", class: "ludo-button pp-auto", "data-action": "auto", onclick: () => toggleAuto() });
  const counts = h("span", { class: "pp-counts" });
  const explainMain = h("p", { class: "pp-explain-main" });
  const explainMore = h("ul", { class: "pp-explain-more" });
  const explain = h("div", { class: "pp-explain", "aria-live": "polite" }, explainMain, explainMore);

  const dealText = h("span", { class: "pp-deal-text" });
  const dealHow = h("span", { class: "pp-deal-how" });
  const dealCall = h("code", { class: "pp-deal-call" });
  const copyButton = h("button", { type: "button", class: "ludo-button pp-copy", onclick: () => copyNumber() });
  const copied = h("span", { class: "ludo-sr pp-copied", "aria-live": "polite" });
  const replayThis = h("button", { type: "button", class: "ludo-button pp-replay-this", onclick: () => replay(view.extra.deal) });
  const deal = h("div", { class: "pp-deal" }, h("p", { class: "pp-deal-line" }, dealText, dealHow, dealCall), copyButton, replayThis, copied);
  const replayLabel = h("span", { class: "pp-replay-label" });
  const replayInput = h("input", {
    class: "pp-replay-input", type: "text", inputmode: "numeric", autocomplete: "off", spellcheck: "false", size: 20, placeholder: "21",
    oninput: () => { replayError.hidden = true; },
  });
  const replayButton = h("button", { type: "submit", class: "ludo-button pp-replay" });
  const replayError = h("span", { class: "pp-replay-error", role: "alert" });
  const replayForm = h("form", {
    class: "pp-replay-form",
    onsubmit: (event) => {
      event.preventDefault();
      const number = parseDealNumber(replayInput.value);
      if (number === null) {
        replayError.hidden = false;
        replayError.textContent = t(view.lang, "board.replay-bad");
        return;
      }
      replay(number);
    },
  }, h("label", { class: "pp-replay-field" }, replayLabel, replayInput), replayButton, replayError);
  const legend = h("p", { class: "pp-legend" });

  const el = h("div", {
    class: "pp", "data-lm-suppress-shortcuts": "true",
    onkeydown: (event) => onKey(event),
  },
  svg,
  h("div", { class: "pp-controls" }, stepButton, autoButton, counts),
  explain,
  h("div", { class: "pp-footer" }, deal, replayForm),
  legend);

  let view = null;
  const pending = createPendingMove(send);
  let drawn = null; // {key, observation}: what the svg shows now

  const live = () => view.observation;
  const autoplaying = () => (view.seats[0] ?? HUMAN) !== HUMAN;
  let copyState = null; // {digits, key}: the last copy's outcome, said until the number changes

  /** Copy the deal's number (its digits, no blocks) to the clipboard; where the page may not
   * write it, select the number so that Ctrl+C copies it. */
  async function copyNumber() {
    const digits = view.extra.deal;
    if (!digits) return;
    let key = "board.copied";
    try {
      await navigator.clipboard.writeText(digits);
    } catch {
      const range = document.createRange();
      range.selectNodeContents(dealNumber());
      const selection = document.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      key = "board.copy-select";
    }
    copyState = { digits, key };
    refreshControls();
  }
  const dealNumber = () => dealText.querySelector(".pp-deal-number") ?? dealText;

  function step() {
    if (pending.send("step")) refreshControls();
  }

  function toggleAuto() {
    if (live().terminal || view.reviewing) return;
    send({ type: "seat", seat: 0, value: autoplaying() ? HUMAN : AUTO });
  }

  function replay(seed) {
    if (seed === null || seed === undefined) return;
    const options = ctx.chosenOptions?.() ?? {};
    send(Object.keys(options).length ? { type: "replay", seed, options } : { type: "replay", seed });
  }

  const onKey = keyHandler({
    "Space Enter": (event) => {
      if (["BUTTON", "INPUT", "SELECT", "TEXTAREA"].includes(event.target?.tagName)) return false; // their own keys
      step();
    },
  });

  // -- the row, the stock and the cards out --------------------------------------------
  function drawBoard(obs) {
    const places = obs.places ?? [];
    const g = geometry(places.length);
    const jumped = new Set(obs.jumped ?? []);
    const where = layout(obs, g);
    const lang = view.lang;
    const slots = [];
    for (let place = 0; place < Math.max(BOARD.min_places, places.length); place += 1) {
      slots.push(s("rect", { class: "pp-slot", x: g.placeX(place) + 0.5, y: g.rowTop + 0.5, width: CARD_W - 1, height: CARD_H - 1, rx: 7 }));
    }
    const cards = [];
    (obs.out ?? []).forEach((card) => {
      const p = where.get(card);
      cards.push(cardFace(card, { x: p.x, y: p.y, lang, cls: "pp-is-out" }));
    });
    const placeGroups = places.map((pile, place) => s("g", { class: "pp-place", "data-place": place, "data-size": pile.length },
      pile.map((card) => {
        const p = where.get(card);
        return cardFace(card, { x: p.x, y: p.y, lang, jumped: jumped.has(card) });
      })));
    const marks = [];
    if (!obs.terminal && places.length) {
      // Under the mover: the top card of the rightmost pile.
      const top = where.get(places.at(-1).at(-1));
      const x = top.x + CARD_W / 2;
      const y = top.y + CARD_H + 6;
      marks.push(s("g", { class: "pp-mover-mark" },
        s("path", { d: `M${x} ${y} l9 12 h-18 Z` }),
        s("text", { x, y: y + 25, "text-anchor": "middle" }, t(lang, "board.mover"))));
    }
    const stockCount = obs.stock ?? 0;
    const stock = [];
    if (stockCount > 0) {
      const layers = Math.min(BOARD.stock_layers.most, Math.ceil(stockCount / BOARD.stock_layers.cards_each));
      for (let i = layers - 1; i >= 0; i -= 1) stock.push(cardBack({ x: g.stock.x - i * 0.8, y: g.stock.y - i * 1.2, patternId }));
    } else {
      stock.push(s("rect", { class: "pp-slot", x: g.stock.x + 0.5, y: g.stock.y + 0.5, width: CARD_W - 1, height: CARD_H - 1, rx: 7 }));
    }
    if (!(obs.out ?? []).length) {
      slots.push(s("rect", { class: "pp-slot", x: g.out.x + 0.5, y: g.out.y + 0.5, width: CARD_W - 1, height: CARD_H - 1, rx: 7 }));
    }
    const caption = (x, key, n, cls) => s("text", { class: `pp-caption ${cls}`, x: x + CARD_W / 2, y: g.bandTop + CARD_H + 20, "text-anchor": "middle" }, t(lang, key, { n }));

    svg.setAttribute("viewBox", `0 0 ${g.width} ${g.height}`);
    svg.setAttribute("aria-label", t(lang, "board.label"));
    svg.replaceChildren(
      s("defs", {}, backPattern(patternId)),
      s("g", { class: "pp-slots" }, slots),
      s("g", { class: "pp-marks" }, marks),
      s("g", { class: "pp-stock", "data-count": stockCount }, stock),
      caption(g.stock.x, "board.stock", stockCount, "pp-stock-caption"),
      caption(g.out.x, "board.out", obs.out_count ?? 0, "pp-out-caption"),
      s("g", { class: "pp-cards" }, s("g", { class: "pp-out", "data-count": obs.out_count ?? 0 }, cards), s("g", { class: "pp-row" }, placeGroups)),
    );
    // Hooks for tests: the ply drawn, the places, the result.
    svg.dataset.ply = obs.ply;
    svg.dataset.places = places.length;
    svg.dataset.result = obs.result ?? "";
    return { g, where };
  }

  /** Animate the step from `before` to `after` (the svg already shows `after`). */
  function animate(before, after, g, l1) {
    const plan = planStep(after, layout(before, g), l1, g);
    const moved = plan.mover && svg.querySelector(`.pp-card[data-card="${plan.mover}"]`);
    if (moved) moved.classList.add(plan.kind === "blocked" ? "pp-stuck" : "pp-moved"); // also without motion
    if (reducedMotion()) return;
    const duration = autoplaying() ? Math.max(150, Math.min(STEP_MS, view.botDelay * 900)) : STEP_MS;
    // A travelling card is a copy drawn over everything (SVG has no z-index) while the card
    // itself, in its place in the row, stays hidden until the copy lands and goes.
    const flyers = s("g", { class: "pp-flyers", "aria-hidden": "true" });
    svg.append(flyers);
    for (const [card, path] of plan.cards) {
      const node = svg.querySelector(`.pp-card[data-card="${card}"]`);
      if (!node || typeof node.animate !== "function") continue;
      const flyer = node.cloneNode(true);
      flyer.classList.add("pp-flyer");
      flyer.removeAttribute("data-card");
      flyer.removeAttribute("role");
      flyer.dataset.flies = card;
      flyers.append(flyer);
      node.animate([{ opacity: 0 }, { opacity: 0 }], { duration });
      flyer.animate(keyframes(path), { duration, fill: "both" }).finished.then(() => flyer.remove(), () => {});
    }
  }

  function isNextStep(before, after) {
    return before && !view.reviewing && after.ply === before.ply + 1 && (after.stock ?? 0) <= (before.stock ?? 0)
      && (after.out_count ?? 0) >= (before.out_count ?? 0);
  }

  function draw() {
    const obs = view.shown;
    if (!obs.places) { svg.replaceChildren(); drawn = null; return; }
    const key = JSON.stringify([obs.ply, obs.places, obs.out, obs.stock, obs.jumped, obs.terminal, view.lang, view.reviewing]);
    if (drawn?.key === key) return; // unchanged: keep a running animation
    const before = drawn?.observation ?? null;
    const { g, where } = drawBoard(obs);
    if (isNextStep(before, obs)) animate(before, obs, g, where);
    drawn = { key, observation: obs };
  }

  // -- the text and buttons around it ---------------------------------------------------
  function refreshControls() {
    const obs = view.shown;
    const lang = view.lang;
    stepButton.textContent = t(lang, "board.step");
    stepButton.disabled = !pending.canAct();
    const auto = autoplaying() && !live().terminal;
    autoButton.textContent = t(lang, auto ? "board.pause" : "board.play");
    autoButton.dataset.playing = String(auto);
    autoButton.disabled = Boolean(live().terminal) || view.reviewing;
    counts.textContent = [
      t(lang, "board.left", { n: obs.left ?? 0 }),
      t(lang, "board.steps", { n: obs.steps ?? 0 }),
    ].join(" · ");

    const lines = obs.explained?.[lang] ?? [];
    explainMain.textContent = lines.length ? lines[0] : t(lang, obs.terminal ? "board.over" : "board.start");
    explainMore.replaceChildren(...lines.slice(1).map((line) => h("li", {}, line)));
    explain.dataset.kind = obs.events?.[0]?.kind ?? "start";

    const number = view.extra.deal;
    const known = number !== null && number !== undefined;
    deal.dataset.known = String(known);
    // The number in blocks a class can read out, then the line that replays it from Python.
    const shownDeal = JSON.stringify([number, lang]);
    if (dealText.dataset.shown !== shownDeal) { // redrawn only when it changes: a selection of the number stays
      dealText.dataset.shown = shownDeal;
      const [before, after] = t(lang, "board.deal-number", { n: "\u0000" }).split("\u0000"); // the text around {n}
      dealText.replaceChildren(...(known ? [before, h("span", { class: "pp-deal-number", "data-deal": number }, groupDigits(number)), after] : [t(lang, "board.deal-secret")]));
    }
    dealHow.hidden = dealCall.hidden = copyButton.hidden = !known;
    dealHow.textContent = known ? t(lang, "board.deal-how") : "";
    dealCall.textContent = known ? replayCall(number, view.options, view.gameInfo.options) : "";
    if (copyState?.digits !== number) copyState = null;
    copyButton.textContent = t(lang, copyState?.key === "board.copied" ? "board.copied" : "board.copy");
    copied.textContent = copyState ? t(lang, copyState.key) : "";
    replayThis.hidden = !known;
    replayThis.textContent = t(lang, "board.replay-this");
    replayLabel.textContent = t(lang, "board.replay-label");
    replayInput.setAttribute("aria-label", t(lang, "board.replay-label"));
    replayButton.textContent = t(lang, "board.replay");
    if (!replayError.hidden) replayError.textContent = t(lang, "board.replay-bad");
    legend.textContent = t(lang, "board.legend");
  }

  replayError.hidden = true;
  return {
    el,
    update(next) {
      view = next;
      pending.update(next);
      draw();
      refreshControls();
      svg.dataset.autoplay = String(autoplaying());
    },
    focus() {
      svg.focus();
    },
  };
}
