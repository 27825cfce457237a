// The gingerbread house's roof, seen from above: an SVG drawn from the observation, the pull
// as a drag gesture (its steadiness measured here, sent as a number), the put-back as a click.
// No rule and no risk is computed here: the cards offered are `observation.targets`, the
// risk tint is `observation.risk` (sent by Python only in the teacher's risk view).

import { h, keyedChildren, s } from "../kit/dom.js";
import { createFocusKeeper, keyHandler, moveOnGrid } from "../kit/keys.js";
import { seatBadge } from "../kit/palette.js";
import { createPendingMove } from "../kit/pending.js";
import { formatDecimal, formatPercent } from "../kit/numbers.js";
import { liveHint, reviewedBest } from "../kit/view.js";
import { dexterity, holdDexterity, HOLD_TARGET_MS, PULL_DISTANCE } from "./gesture.js";
import BOARD from "../../../widgets/pictures/sorciere.json" with { type: "json" };
import { cellName, COLUMNS, parseAction, SIDE } from "./notation.js";

// What the static picture draws alike (widgets/pictures/sorciere.py) is in BOARD: the roof's
// grid, the cards' size in grid steps, the colours, the words. Pixels per step are the live
// board's own (the picture's are fewer).
const U = 56; // pixels per grid step
const MARGIN = BOARD.margin; // grid steps around the roof (walls, room to drag)
const CARD_W = BOARD.card.width;
const CARD_H = BOARD.card.height;
const WIDTH = (SIDE - 1 + 2 * MARGIN) * U;
const HEIGHT = (SIDE - 1 + 2 * MARGIN) * U;

/** The roof's keys, for the kit's help (docs/keyboard.md says the same). */
export const KEYS = [
  { keys: ["arrows"], does: "keys.move" },
  { keys: ["hold-space"], does: "keys.pull" },
  { keys: ["escape"], does: "keys.cancel" },
  { keys: ["enter", "space"], does: "keys.put" },
  { keys: ["tab"], does: "keys.tab" },
];
const TREAT_COLOURS = BOARD.treats;

/** Grid units -> SVG pixels; row 0 (the front wall) at the bottom. */
const px = (x) => (x + MARGIN) * U;
const py = (y) => (SIDE - 1 - y + MARGIN) * U;

/** A small picture of a treat centred on (x, y): each has its own shape, not only a colour. */
function treatIcon(treat, x, y, r) {
  const fill = TREAT_COLOURS[treat] ?? "#999";
  const attrs = { class: `sv-treat sv-treat-${treat}`, "data-treat": treat };
  if (treat === "chocolate") {
    return s("g", attrs, s("rect", { x: x - r, y: y - r * 0.65, width: 2 * r, height: 1.3 * r, rx: r * 0.15, fill }),
      s("path", { d: `M${x} ${y - r * 0.65} V${y + r * 0.65} M${x - r} ${y} H${x + r}`, class: "sv-treat-line" }));
  }
  if (treat === "lollipop") {
    return s("g", attrs, s("line", { x1: x, y1: y, x2: x, y2: y + r * 1.3, class: "sv-treat-stick" }),
      s("circle", { cx: x, cy: y - r * 0.2, r: r * 0.75, fill }),
      s("path", { d: `M${x - r * 0.4} ${y - r * 0.2} a ${r * 0.4} ${r * 0.4} 0 1 1 ${r * 0.4} ${r * 0.4}`, class: "sv-treat-line" }));
  }
  if (treat === "gummy") {
    return s("g", attrs, s("circle", { cx: x - r * 0.45, cy: y - r * 0.75, r: r * 0.3, fill }),
      s("circle", { cx: x + r * 0.45, cy: y - r * 0.75, r: r * 0.3, fill }),
      s("circle", { cx: x, cy: y - r * 0.35, r: r * 0.5, fill }),
      s("ellipse", { cx: x, cy: y + r * 0.5, rx: r * 0.6, ry: r * 0.65, fill }));
  }
  return s("g", attrs, s("rect", { x: x - r * 0.7, y: y - r * 0.8, width: 1.4 * r, height: 1.6 * r, rx: r * 0.55, fill, class: "sv-treat-soft" }));
}

/** Risk tint: green (safe) to red (dangerous), from Python's probability. */
function riskColour(p) {
  const k = Math.min(1, Math.max(0, p / 0.35));
  return `hsl(${Math.round(120 * (1 - k))}, 85%, 45%)`;
}

function cardShape(attrs = {}) {
  return s("rect", { x: (-CARD_W * U) / 2, y: (-CARD_H * U) / 2, width: CARD_W * U, height: CARD_H * U, rx: 7, ...attrs });
}

function docking() {
  // the holes of a petit beurre: they make it read as a cookie
  const dots = [];
  for (const dx of BOARD.docking.dx) for (const dy of BOARD.docking.dy) dots.push(s("circle", { cx: dx * U, cy: dy * U, r: 1.8, class: "sv-dot" }));
  return dots;
}

/** A round's result in words: how the roof ended and who takes a candy. */
function resultWords(view, t, result) {
  const name = (seat) => view.names[seat] ?? `${seat + 1}`;
  return (result.end === "collapse" ? t(view.lang, "round.collapse", { name: name(result.collapser) }) : t(view.lang, "round.cleared"))
    + (result.winner === null ? t(view.lang, "round.nobody") : t(view.lang, "round.winner", { name: name(result.winner) }));
}

/** The round that just ended, said in the banner that waits for "Next" (the kit's round.js):
 * "Manche 1 : Le toit s'est effondré sous la main de Hansel ! Gretel prend un bonbon." */
export function roundResult(view, t) {
  const result = view.observation.phase === "scored" ? view.observation.results?.at(-1) : null;
  return result ? t(view.lang, "round.result", { round: result.round, text: resultWords(view, t, result) }) : null;
}

export function createBoard({ t, send }) {
  const svg = s("svg", {
    class: "sv-roof ludo-board", tabindex: 0, role: "application", "data-lm-suppress-shortcuts": "true",
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    onpointerdown: (event) => onDown(event),
    onpointermove: (event) => onMove(event),
    onpointerup: (event) => onUp(event),
    onpointercancel: () => { cancelDrag(); draw(); },
    onclick: (event) => onClick(event),
    onkeydown: (event) => onKey(event),
    onkeyup: (event) => onKeyUp(event),
    onfocus: () => { if (svg.matches(":focus-visible")) { keyboard = true; draw(); } },
  });
  const prompt = h("p", { class: "sv-prompt" });
  const riskButton = h("button", { type: "button", class: "ludo-button sv-risk-toggle", "data-intent": "risk", onclick: () => send({ type: "risk", value: !riskOn() }) });
  const legend = h("p", { class: "sv-legend" });
  const round = h("div", { class: "sv-round" });
  const piles = h("div", { class: "sv-piles" });
  const gesture = h("p", { class: "sv-gesture" });
  const spoken = h("span", { class: "ludo-sr", "aria-live": "polite" });
  const el = h("div", { class: "sv" },
    h("div", { class: "sv-stage" }, svg, h("div", { class: "sv-panel" }, piles, round, riskButton, legend, gesture)),
    prompt, spoken);

  let view = null;
  const pending = createPendingMove(send);
  const keeper = createFocusKeeper(el); // a redraw keeps the keyboard on the roof
  let drag = null; // {slot, points, el, base}: the card being dragged, `base` its transform at rest
  let hold = null; // {slot, start, timer}
  let cursor = 14;
  let keyboard = false;
  let animatedPly = null;
  let lastDexterity = null;
  let ended = null; // the live observation that ended the last round (its roof, piles and result)

  const live = () => view.observation;
  const riskOn = () => Array.isArray(view?.observation?.risk);
  const phase = () => live().phase;
  const targets = () => (pending.canAct() ? live().targets ?? [] : []);
  const canPull = (slot) => phase() === "pull" && targets().includes(slot);
  const canPut = (slot) => phase() === "put" && targets().includes(slot);
  /** The hint for the live position, read ({kind, slot?}), while no move is on its way; at a
   * position looked back at, the better pull the game's review found there. */
  const hint = () => (pending.move() ? null : parseAction(liveHint(view) ?? reviewedBest(view)));
  const hinted = (kind, slot) => hint()?.kind === kind && hint().slot === slot;

  function act(action) {
    pending.send(action);
    draw();
  }

  function pull(slot, dex) {
    lastDexterity = dex;
    act(`pull ${slot}@${dex}`);
  }

  // -- the drag ------------------------------------------------------------------------
  function svgPoint(event) {
    const rect = svg.getBoundingClientRect();
    const scale = rect.width ? WIDTH / rect.width : 1;
    return { x: (event.clientX - rect.left) * scale, y: (event.clientY - rect.top) * scale, t: Number.isFinite(event.timeStamp) ? event.timeStamp : performance.now() };
  }

  function onDown(event) {
    keyboard = false;
    const card = event.target.closest?.("[data-slot].sv-card");
    if (!card || drag) return;
    const slot = Number(card.dataset.slot);
    if (!canPull(slot)) return;
    const p = svgPoint(event);
    drag = { slot, points: [p], el: card, base: card.getAttribute("transform") };
    svg.setPointerCapture?.(event.pointerId);
    card.classList.add("sv-dragging");
    svg.dataset.drag = String(slot);
    event.preventDefault();
  }

  /** Record the pointer in the drag: how far it moved ({dx, dy}) and whether the card left the roof. */
  function follow(event) {
    const p = svgPoint(event);
    drag.points.push(p);
    const [first] = drag.points;
    const [dx, dy] = [p.x - first.x, p.y - first.y];
    return { dx, dy, gone: Math.hypot(dx, dy) >= PULL_DISTANCE * U };
  }

  function onMove(event) {
    if (!drag) return;
    const { dx, dy, gone } = follow(event);
    drag.el.setAttribute("transform", `translate(${dx} ${dy}) ${drag.base}`);
    drag.el.classList.toggle("sv-free", gone);
  }

  function onUp(event) {
    if (!drag) return;
    const { gone } = follow(event);
    const { slot, points } = drag;
    cancelDrag();
    if (gone) pull(slot, dexterity(points));
    else { cursor = slot; draw(); }
  }

  function cancelDrag() {
    if (!drag) return;
    drag.el.setAttribute("transform", drag.base);
    drag.el.classList.remove("sv-dragging", "sv-free");
    delete svg.dataset.drag;
    drag = null;
  }

  function onClick(event) {
    const slot = event.target.closest?.("[data-slot].sv-target-put");
    if (slot && canPut(Number(slot.dataset.slot))) act(`put ${slot.dataset.slot}`);
  }

  // -- the keyboard --------------------------------------------------------------------
  /** What a screen reader hears of the cursor's place: the card, its face if known, what may be done. */
  function slotWords(slot) {
    const card = live().slots?.find((one) => one.slot === slot);
    const lang = view.lang;
    const facts = [
      card?.z === null || card === undefined ? t(lang, "slot.empty", { cell: cellName(slot) })
        : card.known ? t(lang, "slot.known", { cell: cellName(slot), treat: t(lang, `treat.${card.known}`) })
          : t(lang, "slot.name", { cell: cellName(slot) }),
      canPull(slot) ? t(lang, "slot.can-pull") : null,
      canPut(slot) ? t(lang, "slot.can-put") : null,
    ];
    return facts.filter(Boolean).join(", ");
  }

  function stopHold() {
    clearInterval(hold.timer);
    hold = null;
  }

  const onKey = keyHandler({
    "ArrowLeft ArrowRight ArrowUp ArrowDown": (event) => {
      if (!view || hold) return;
      const [col, row] = moveOnGrid(event.key, [cursor % SIDE, Math.floor(cursor / SIDE)], [SIDE, SIDE]);
      cursor = row * SIDE + col;
      keyboard = true;
      spoken.textContent = slotWords(cursor);
      draw();
    },
    // Space held pulls (its length is the steadiness); pressed on a free place, it puts back.
    Space: (event) => {
      if (!view) return false;
      if (canPut(cursor)) return act(`put ${cursor}`);
      if (goOn()) return;
      if (event.repeat || hold || !canPull(cursor)) return; // taken: the page must not scroll
      hold = { slot: cursor, start: performance.now(), timer: setInterval(() => showHold(), 250) };
      showHold();
    },
    Enter: () => {
      if (!view) return false;
      if (canPut(cursor)) return act(`put ${cursor}`);
      if (goOn()) return;
      return false;
    },
    Escape: () => {
      if (!hold) return false;
      stopHold();
      draw();
    },
  });

  /** At a round's end, Enter or Space on the roof does what "Next" does; false otherwise. */
  function goOn() {
    if (view.waiting && !view.reviewing) send({ type: "continue" });
    else if (phase() === "scored" && pending.canAct()) act("next");
    else return false;
    return true;
  }

  function showHold() {
    if (!hold) return;
    const count = Math.min(3, Math.floor(((performance.now() - hold.start) / HOLD_TARGET_MS) * 3));
    prompt.hidden = false;
    prompt.textContent = t(view.lang, "prompt.hold", { count: "●".repeat(count) + "○".repeat(3 - count) });
  }

  function onKeyUp(event) {
    if (event.key !== " " || !hold) return;
    const ms = performance.now() - hold.start;
    const { slot } = hold;
    stopHold();
    event.preventDefault();
    if (canPull(slot)) pull(slot, holdDexterity(ms));
  }

  // -- drawing -------------------------------------------------------------------------
  function drawWalls(obs) {
    const floor = s("rect", { class: "sv-floor", x: px(-0.5), y: py(SIDE - 0.5), width: SIDE * U, height: SIDE * U, rx: 6 });
    const panels = (obs.walls ?? []).map(([side, x0, y0, x1, y1]) => s("line", {
      class: "sv-wall", "data-wall": side, x1: px(x0), y1: py(y0), x2: px(x1), y2: py(y1),
    }));
    return [floor, ...panels];
  }

  /** A card of the roof as a keyed item (kit/dom.js keyedChildren): its key says all it shows. */
  function drawCard(slot, obs, animate) {
    // A fallen roof has no risk left to read: the labels would ride the falling cookies.
    const risk = riskOn() && !obs.collapse ? obs.risk?.[slot.slot] : null;
    const riskLabel = risk !== null && risk !== undefined ? formatPercent(risk, view.lang) : null;
    const pullable = canPull(slot.slot);
    const classes = ["sv-card"];
    if (pullable) classes.push("sv-pullable");
    if ((pullable || view.reviewing) && hinted("pull", slot.slot)) classes.push("sv-hinted");
    if (slot.known) classes.push("sv-known");
    if (obs.collapse) classes.push(animate ? "sv-fall" : "sv-fallen");
    if (keyboard && cursor === slot.slot) classes.push("sv-cursor");
    if (obs.collapse?.slot === slot.slot) classes.push("sv-culprit");
    const title = slot.known
      ? t(view.lang, "slot.known", { cell: cellName(slot.slot), treat: t(view.lang, `treat.${slot.known}`) })
      : t(view.lang, "slot.name", { cell: cellName(slot.slot) });
    // fall direction: away from the centre, a fixed function of the slot (public)
    const fx = (slot.x - 2.5) * 14;
    const fy = (2.5 - slot.y) * 14 + 30;
    const make = () => s("g", {
      class: classes.join(" "), "data-slot": slot.slot, "data-z": slot.z,
      transform: `translate(${px(slot.x)} ${py(slot.y)}) rotate(${slot.angle})`,
    }, s("g", {
      class: "sv-card-body",
      style: `--fx:${fx.toFixed(0)}px;--fy:${fy.toFixed(0)}px;--fr:${(slot.angle * 4).toFixed(0)}deg;--delay:${(slot.z % 9) * 40}ms`,
    },
    cardShape({ class: "sv-cookie" }),
    cardShape({ class: "sv-cookie-rim", transform: "scale(0.86)" }),
    ...docking(),
    slot.known ? treatIcon(slot.known, 0, 0, 13) : null,
    risk !== null && risk !== undefined ? cardShape({ class: "sv-risk", fill: riskColour(risk) }) : null,
    riskLabel !== null ? s("text", { class: "sv-risk-label", x: 0, y: 4, "text-anchor": "middle" }, riskLabel) : null,
    s("title", {}, title)));
    return { key: JSON.stringify([slot, risk, riskLabel, classes, title]), make };
  }

  /** Column letters under the front wall, row numbers left of the left wall. */
  function drawCoordinates() {
    const label = (attrs, text) => s("text", { class: "sv-coord", "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, text);
    const index = [...Array(SIDE).keys()];
    return [
      ...index.map((col) => label({ "data-col": col, x: px(col), y: py(-0.8) }, COLUMNS[col])),
      ...index.map((row) => label({ "data-row": row, x: px(-0.8), y: py(row) }, String(row + 1))),
    ];
  }

  function drawSlotTarget(slot) {
    const hintedHere = hinted("put", slot.slot);
    return {
      key: JSON.stringify([slot, hintedHere]),
      make: () => s("g", { class: `sv-target-put${hintedHere ? " sv-hinted" : ""}`, "data-slot": slot.slot, transform: `translate(${px(slot.x)} ${py(slot.y)}) rotate(${slot.angle})` },
        cardShape({ class: "sv-target-shape" })),
    };
  }

  function drawPiles(obs) {
    const rows = (obs.piles ?? []).map((pile, seat) => {
      const name = view.names[seat] ?? `${seat + 1}`;
      const top = pile.at(-1);
      const canes = pile.reduce((sum, card) => sum + card.canes, 0);
      const candies = Array.from({ length: obs.candies?.[seat] ?? 0 }, () => h("span", { class: "sv-candy", "aria-hidden": "true" }));
      const topIcon = top ? s("svg", { class: "sv-top-card", viewBox: "-20 -16 40 32", width: 40, height: 32 },
        s("rect", { x: -19, y: -15, width: 38, height: 30, rx: 5, class: "sv-face" }), treatIcon(top.treat, 0, 0, 10)) : null;
      return h("div", { class: `sv-pile${view.shown.to_move === seat ? " sv-to-move" : ""}`, "data-seat": seat, "data-count": pile.length, "data-top": top?.treat ?? "" },
        seatBadge(seat, name), h("span", { class: "sv-pile-name" }, name), topIcon,
        h("span", { class: "sv-pile-count" }, pile.length ? t(view.lang, "pile.count", { count: pile.length, canes }) : t(view.lang, "pile.empty")),
        h("span", { class: "sv-candies", "data-candies": obs.candies?.[seat] ?? 0 }, candies));
    });
    const reserve = h("div", { class: "sv-reserve" }, t(view.lang, "pile.reserve", { count: obs.reserve ?? 0 }));
    const held = obs.held ? h("div", { class: "sv-held", "data-treat": obs.held.treat }, t(view.lang, "pile.held", { treat: t(view.lang, `treat.${obs.held.treat}`) })) : null;
    piles.replaceChildren(...rows, reserve, ...(held ? [held] : []));
  }

  function drawRound(obs) {
    const result = resultBeside(obs);
    round.hidden = !result;
    if (!result) return round.replaceChildren();
    round.dataset.end = result.end;
    round.replaceChildren(h("strong", {}, t(view.lang, "round.title", { round: result.round })), " ", resultWords(view, t, result));
  }

  /** The next round is dealt but nobody has pulled yet: the last round's end is still recalled. */
  const beforeFirstPull = (obs) => ended !== null && obs.pulls === 0 && obs.round === ended.round + 1;

  /** The result beside the roof: the round just ended, until the next round's first pull (the
   * roof itself shows the round's end until "Next": the position is the scored round). */
  function resultBeside(obs) {
    const last = obs.results?.at(-1) ?? null;
    if (obs.phase === "scored" || obs.phase === "over") return last;
    return !view.reviewing && beforeFirstPull(obs) && last?.round === ended.round ? last : null;
  }

  /** The prompt's text: a hint in words while one is live, else what the player may do. */
  function promptText() {
    if (pending.move()) return t(view.lang, "prompt.sent");
    const advice = hint();
    if (advice && view.reviewing) return t(view.lang, "review.best-pull", { cell: cellName(advice.slot) });
    if (advice) return t(view.lang, `hint.${advice.kind}`, advice.kind === "next" ? {} : { cell: cellName(advice.slot) });
    if (!view.canAct) return null;
    // A player at the keyboard is told the keys, one with the mouse the gesture.
    const key = keyboard
      ? { pull: "prompt.pull-keys", put: "prompt.put-keys", scored: "prompt.next-keys" }[phase()]
      : { pull: "prompt.pull", put: "prompt.put", scored: "prompt.next" }[phase()];
    return key ? t(view.lang, key) : null;
  }

  function draw() {
    keeper.before();
    drawRoof();
    keeper.after(() => svg);
  }

  function drawRoof() {
    const obs = view.shown;
    if (!obs.slots) return svg.replaceChildren();
    const animate = Boolean(obs.collapse) && animatedPly !== obs.ply && !view.reviewing;
    if (obs.collapse && !view.reviewing) animatedPly = obs.ply;
    const present = obs.slots.filter((slot) => slot.z !== null).sort((a, b) => a.z - b.z);
    const puts = obs.slots.filter((slot) => canPut(slot.slot));
    // Only what changed is made anew: a move changes a card or two, not the roof.
    keyedChildren(svg, [
      { key: JSON.stringify(obs.walls ?? []), make: () => s("g", { class: "sv-house" }, drawWalls(obs), drawCoordinates()) },
      { key: "targets", make: () => s("g", { class: "sv-targets" }) },
      { key: "cards", make: () => s("g", { class: "sv-cards" }) },
    ]);
    const [, targetLayer, cardLayer] = svg.children;
    keyedChildren(targetLayer, puts.map(drawSlotTarget));
    keyedChildren(cardLayer, present.map((slot) => drawCard(slot, obs, animate)));
    svg.dataset.ply = view.shown.ply;
    svg.dataset.phase = pending.canAct() ? phase() : "wait";
    svg.dataset.cards = present.length;
    svg.dataset.risk = String(riskOn());
    svg.dataset.cursor = String(cursor); // the keyboard's place (a hook for browser tests)
    svg.classList.toggle("sv-collapsed", Boolean(obs.collapse));
    svg.setAttribute("aria-label", t(view.lang, "board.label"));
    drawPiles(obs);
    drawRound(obs);
    riskButton.hidden = !view.extra.risk_button; // the teacher's, shown when Python allows it
    riskButton.textContent = t(view.lang, riskOn() ? "risk.hide" : "risk.show");
    riskButton.setAttribute("aria-pressed", String(riskOn()));
    legend.hidden = !riskOn();
    legend.textContent = t(view.lang, "risk.legend");
    gesture.hidden = lastDexterity === null;
    gesture.textContent = lastDexterity === null ? "" : t(view.lang, "gesture.dexterity", { value: formatDecimal(lastDexterity, view.lang, 2) });
    if (!hold) { // while a key is held, the prompt counts the hold (showHold)
      const text = promptText();
      prompt.hidden = text === null;
      prompt.textContent = text ?? "";
      prompt.classList.toggle("sv-prompt-hint", Boolean(hint()));
    }
  }

  return {
    el,
    update(next) {
      view = next;
      pending.update(next);
      if (["scored", "over"].includes(next.observation.phase)) ended = next.observation;
      // A redraw would drop the card being dragged: the drag's end draws.
      if (drag && canPull(drag.slot) && live().ply === Number(svg.dataset.ply)) return;
      if (drag && !canPull(drag.slot)) cancelDrag();
      draw();
    },
    focus() {
      svg.focus();
    },
    destroy() {
      if (hold) stopHold();
    },
  };
}

