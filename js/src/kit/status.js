// The status line: whose turn it is (with the seat's name), who thinks, who won.

import { h } from "./dom.js";
import { seatBadge } from "./palette.js";

export function seatName(view, seat) {
  return view.names[seat] ?? `#${seat + 1}`;
}

/** What the status line says: {key, seat} (seat null for a draw). */
function statusOf(view) {
  const { observation, thinking, canAct } = view;
  if (observation.terminal) {
    const returns = observation.returns ?? [];
    if (returns.length === 1) { // a patience: won, lost, or neither
      if (returns[0] === 0) return { key: "status.draw", seat: null };
      return { key: returns[0] > 0 ? "status.win" : "status.lost", seat: 0 };
    }
    const best = Math.max(...returns);
    const winners = returns.flatMap((value, seat) => (value === best ? [seat] : []));
    return winners.length === 1 ? { key: "status.win", seat: winners[0] } : { key: "status.draw", seat: null };
  }
  const seat = observation.to_move ?? null;
  if (view.curtain !== null && view.curtain !== undefined) return { key: "status.curtain", seat: view.curtain };
  // A round's end: the person who starts the next one is told so, anyone else who will.
  if (view.waiting) return { key: view.seats[seat] === "human" && observation.seat === seat ? "status.waiting-you" : "status.waiting", seat };
  if (thinking) return { key: "status.thinking", seat };
  return { key: canAct ? "status.your-turn" : "status.turn", seat };
}

export function createStatus({ t }) {
  const el = h("div", { class: "ludo-status", role: "status", "aria-live": "polite" });
  let shown = "";
  return {
    el,
    update(view) {
      const { key, seat } = statusOf(view);
      const name = seat === null ? "" : seatName(view, seat);
      const signature = [key, seat, name, view.lang].join("|");
      if (signature === shown) return; // unchanged: do not make screen readers repeat it
      shown = signature;
      el.dataset.state = key.slice("status.".length);
      el.replaceChildren(...[
        seat === null ? null : seatBadge(seat, name),
        h("span", { class: "ludo-status-text" }, t(view.lang, key, { name })),
        key === "status.thinking" ? h("span", { class: "ludo-thinking", "aria-hidden": "true" }, h("i"), h("i"), h("i")) : null,
      ].filter(Boolean));
    },
  };
}
