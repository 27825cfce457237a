// How one step is animated, planned from the step's events (observation.events) and the
// positions before and after it. No rule is decided here: the events say what happened
// (which card jumped, over what, where it landed, what left the game, what was dealt), and
// the plan only turns that story into paths.
//
// A plan maps a card's text to waypoints [{t, x, y, opacity?}] with t in [0, 1] of the
// step's duration; the board plays them with the Web Animations API. The step unfolds in
// three beats: the mover's jump (0–0.4), cards leaving and the row closing (0.45–0.7), then
// cards dealt from the stock (0.7–1; right after a blocked mover, 0.3–0.7).

import { HEAD } from "./layout.js";

const JUMP = [0, 0.4];
const LEAVE = [0.45, 0.7];
const DEAL = [0.7, 1];
const DEAL_AFTER_BLOCK = [0.3, 0.7];
const MOVERS = new Set(["take", "cover", "exit", "far-left"]);

const at = (t, point, extra = {}) => ({ t, x: point.x, y: point.y, ...extra });
const same = (a, b) => a && b && Math.abs(a.x - b.x) < 0.01 && Math.abs(a.y - b.y) < 0.01;

/** The top of the jump from `from` to `to`: above the row, halfway. */
function apex(from, to) {
  return { x: (from.x + to.x) / 2, y: Math.max(4, HEAD - 50) + Math.min(0, Math.min(from.y, to.y) - HEAD) };
}

/**
 * The plan of the step that led from `before` to `after` (two observations), with
 * `l0` and `l1` their layouts (same geometry `g`). Returns {cards: Map(text -> waypoints),
 * mover: text or null, kind: the main event's kind or null}.
 */
export function planStep(after, l0, l1, g) {
  const events = after.events ?? [];
  const main = events[0] ?? null;
  const cards = new Map();
  let mover = null;

  if (main && MOVERS.has(main.kind) && l0.has(main.card) && l1.has(main.card)) {
    mover = main.card;
    const from = l0.get(main.card);
    const end = l1.get(main.card);
    if (main.kind === "cover" || main.kind === "take") {
      // It lands on the pile it met, as that pile stood before the step.
      // (covering, it becomes the pile's top; taking, it lands on the taken card, then both go).
      const met = l0.get(main.meets);
      const land = !met ? end : main.kind === "cover" ? { x: met.x, y: end.y } : { x: met.x, y: met.y + 12 };
      const path = [at(0, from), at(0.2, apex(from, land)), at(JUMP[1], land)];
      path.push(at(LEAVE[0], land), at(LEAVE[1], end));
      cards.set(main.card, path);
      if (main.kind === "take") {
        // The pile it jumped from and every pile it took go out with it.
        const leaving = [...(main.pile ?? []).slice(0, -1), ...(main.taken ?? []).flatMap((taken) => taken.pile)];
        for (const card of leaving) {
          const start = l0.get(card);
          const stop = l1.get(card);
          if (start && stop) cards.set(card, [at(0, start), at(LEAVE[0], start), at(LEAVE[1], stop)]);
        }
      }
    } else if (main.kind === "exit") {
      const up = { x: from.x, y: Math.max(4, HEAD - 50) };
      cards.set(main.card, [at(0, from), at(0.2, up), at(LEAVE[1], end)]);
      for (const card of (main.pile ?? []).slice(0, -1)) {
        const start = l0.get(card);
        const stop = l1.get(card);
        if (start && stop) cards.set(card, [at(0, start), at(0.2, start), at(LEAVE[1], stop)]);
      }
    } else { // far-left: over the whole row to a new place at the left end
      const land = { x: g.placeX(0), y: end.y };
      cards.set(main.card, [at(0, from), at(0.2, apex(from, land)), at(JUMP[1], land), at(LEAVE[1], end)]);
    }
  } else if (main?.kind === "blocked" && l0.has(main.card)) {
    // It cannot move: it shakes where it is.
    mover = main.card;
    const p = l0.get(main.card);
    const nudge = (t, dx) => ({ t, x: p.x + dx, y: p.y });
    cards.set(main.card, [nudge(0, 0), nudge(0.06, 5), nudge(0.12, -5), nudge(0.18, 4), nudge(0.24, -3), nudge(0.3, 0)]);
  }

  const dealWindow = main?.kind === "blocked" ? DEAL_AFTER_BLOCK : DEAL;
  const dealt = [];
  for (const [card, end] of l1) {
    if (cards.has(card)) continue;
    const start = l0.get(card);
    if (!start) dealt.push(card);
    else if (!same(start, end)) cards.set(card, [at(0, start), at(LEAVE[0], start), at(LEAVE[1], end)]); // the row closes up
  }
  // Cards dealt come off the stock one after the other, in the order they were dealt.
  const order = dealtOrder(events);
  dealt.sort((a, b) => (order.get(a) ?? 99) - (order.get(b) ?? 99));
  const [t0, t1] = dealWindow;
  const share = (t1 - t0) / Math.max(1, dealt.length);
  dealt.forEach((card, i) => {
    const start = t0 + i * share * 0.5;
    const end = l1.get(card);
    cards.set(card, [at(0, g.stock, { opacity: 0 }), at(start, g.stock, { opacity: 0 }), at(start + 0.01, g.stock, { opacity: 1 }),
      at(Math.min(t1, start + share + (t1 - t0) * 0.4), end, { opacity: 1 })]);
  });
  return { cards, mover, kind: main?.kind ?? null };
}

function dealtOrder(events) {
  const order = new Map();
  for (const event of events) {
    if (event.kind === "deal") order.set(event.card, order.size);
    if (event.kind === "refill") for (const deal of event.deals ?? []) order.set(deal.card, order.size);
  }
  return order;
}

/** Web Animations keyframes for one card's waypoints (absolute translations). */
export function keyframes(path) {
  return path.map(({ t, x, y, opacity }) => ({
    offset: Math.min(1, Math.max(0, t)),
    transform: `translate(${x.toFixed(2)}px, ${y.toFixed(2)}px)`,
    ...(opacity === undefined ? {} : { opacity }),
    easing: "ease-in-out",
  }));
}
