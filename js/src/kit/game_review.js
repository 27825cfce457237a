// "Where did I lose?": once a game is over (or a recorded one is shown), "Review the game"
// asks Python for a review of every decision (engines/review.py); the panel then draws the
// value of the game for one seat move by move, lists the moments that mattered (mistakes,
// blunders, the turning point) in words, and a click on one shows the position before it.
// A game with no decisions (A Petits Pas) is reviewed deal by deal instead: its entries hold
// the win chance after each card dealt (`chance_before`, `chance_after`, 0 to 1;
// engines/petits_pas/review.py); the panel draws that chance card by card (0 to 100 %), says
// where the deal was decided and the card that moved it most, and a click shows the table
// with that card on it (an entry's `ply` is that position, not the one before).

import { h, s } from "./dom.js";
import { formatDecimal, formatNumber, formatPercent } from "./numbers.js";
import { paletteColour } from "./palette.js";

/** The review's line in the keyboard help (kit/keys.js): its moments are buttons. */
export const GAME_REVIEW_KEYS = { keys: ["tab", "enter"], does: "keys.game-review" };

const SHOWN = new Set(["mistake", "blunder"]);
const CLIP = 60; // points: beyond, the curve stays at its edge (a proven win sits there too)
const WIDTH = 220;
const HEIGHT = 70;

/** The decisions the curve shows for `seat` and its value after each: in a duel every
 * decision, the other's value turned (what one wins the other loses); with more players only
 * `seat`'s own (another's gain is not `seat`'s loss alone). */
export function curve(entries, seat, players = 2) {
  const shown = players > 2 ? entries.filter((entry) => entry.seat === seat) : entries;
  return shown.map((entry) => {
    const value = Math.max(-CLIP, Math.min(CLIP, entry.value_after));
    return { entry, value: entry.seat === seat ? value : -value };
  });
}

/** The first move of `seat` that threw a proven win away (engines/review.py's turning point). */
export function turningPoint(entries, seat) {
  return entries.find((e) => e.seat === seat && e.exact && e.value_before > 0 && e.value_after <= 0) ?? null;
}

function drawCurve(points) {
  const values = points.map((point) => point.value);
  const entries = points.map((point) => point.entry);
  const x = (index) => (values.length < 2 ? WIDTH / 2 : (index * WIDTH) / (values.length - 1));
  const y = (value) => HEIGHT / 2 - (value * (HEIGHT / 2 - 4)) / CLIP;
  const line = values.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
  return s("svg", { class: "ludo-gr-curve", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img" },
    s("line", { x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2, class: "ludo-gr-axis" }),
    s("polyline", { points: line, fill: "none", stroke: paletteColour("blue"), "stroke-width": 2 }),
    ...entries.flatMap((entry, index) => (SHOWN.has(entry.label)
      ? [s("circle", { cx: x(index), cy: y(values[index]), r: 3.5, class: `ludo-gr-dot ludo-gr-${entry.label}`,
          fill: paletteColour(entry.label === "blunder" ? "vermillion" : "orange") })]
      : [])));
}

/** Whether a review's entries are a deal's win chances rather than judged decisions. */
export function isDealReview(entries) {
  return entries.length > 0 && entries[0].chance_after !== undefined;
}

/** The deal's win chance point by point: before the first card, then after each card. */
export function chanceCurve(entries) {
  if (!entries.length) return [];
  return [{ entry: null, value: entries[0].chance_before }, ...entries.map((entry) => ({ entry, value: entry.chance_after }))];
}

/** The moments of a deal's review worth a sentence, in the order dealt: the card that moved
 * the chance most toward the result, where the deal was decided, and where that was proven
 * when it was decided by an estimate first. */
export function dealMoments(entries) {
  return entries.filter((entry) => entry.swing || entry.decided || entry.certain);
}

const DECIDED = {
  lost: { exact: "gamereview.deal-lost.exact", estimated: "gamereview.deal-lost.estimated" },
  won: { exact: "gamereview.deal-won.exact", estimated: "gamereview.deal-won.estimated" },
};
const CERTAIN = { lost: "gamereview.deal-certain.lost", won: "gamereview.deal-certain.won" };
const SWING = { lost: "gamereview.deal-swing.lost", won: "gamereview.deal-swing.won" };

function drawChances(points, won) {
  const x = (index) => (points.length < 2 ? WIDTH / 2 : (index * WIDTH) / (points.length - 1));
  const y = (chance) => HEIGHT - 4 - chance * (HEIGHT - 8);
  const line = points.map((point, index) => `${x(index).toFixed(1)},${y(point.value).toFixed(1)}`).join(" ");
  const dot = (point, index) => {
    const { entry } = point;
    if (!entry || !(entry.decided || entry.swing)) return [];
    const colour = entry.decided ? (won ? "bluish_green" : "vermillion") : "orange";
    return [s("circle", { cx: x(index), cy: y(point.value), r: 3.5, class: `ludo-gr-dot ludo-gr-${entry.decided ? "decided" : "swing"}`,
      fill: paletteColour(colour), "data-dealt": entry.dealt })];
  };
  return s("svg", { class: "ludo-gr-curve ludo-gr-chances", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img" },
    s("line", { x1: 0, y1: y(0.5), x2: WIDTH, y2: y(0.5), class: "ludo-gr-axis" }),
    s("polyline", { points: line, fill: "none", stroke: paletteColour("blue"), "stroke-width": 2 }),
    ...points.flatMap(dot));
}

/** The words of a deal's review: what the curve is, how it was computed, its moments. */
function dealReview({ t, send, describe }, view, review, { said, chart, list }) {
  const { lang } = view;
  const entries = review.entries;
  const percent = (share) => formatPercent(share, lang);
  const last = entries.at(-1);
  const won = last.chance_after === 1;
  const estimated = entries.filter((entry) => !entry.exact);
  const exact = entries.length - estimated.length;
  const worlds = Math.max(0, ...estimated.map((entry) => entry.worlds));
  const se = Math.max(0, ...estimated.map((entry) => entry.se));
  said.textContent = `${t(lang, "gamereview.deal-said")} ${t(lang, estimated.length ? "gamereview.deal-how" : "gamereview.deal-exact", {
    exact, worlds: formatNumber(worlds, lang), se: formatDecimal(se * 100, lang, 1), points: Math.round(se * 1000) / 10,
  })}`;
  chart.replaceChildren(drawChances(chanceCurve(entries), won));
  chart.firstChild.setAttribute("aria-label", t(lang, "gamereview.deal-curve", {
    first: percent(entries[0].chance_before), last: percent(last.chance_after),
  }));
  const side = won ? "won" : "lost";
  const moments = dealMoments(entries); // marked once the deal is over
  const sentence = (entry) => {
    const params = {
      card: entry.card_name?.[lang] ?? describe(entry.card, lang), n: entry.dealt,
      before: percent(entry.chance_before), after: percent(entry.chance_after), worlds: formatNumber(entry.worlds, lang),
    };
    const parts = [];
    if (entry.decided) parts.push(t(lang, DECIDED[side][entry.exact ? "exact" : "estimated"], params));
    else if (entry.certain) parts.push(t(lang, CERTAIN[side], params));
    if (entry.swing) parts.push(t(lang, SWING[side], params));
    return parts.join(" ");
  };
  list.replaceChildren(...(moments.length ? moments.map((entry) => h("li", {},
    h("button", {
      type: "button", class: `ludo-gr-moment ludo-gr-deal${entry.decided ? " ludo-gr-decided" : ""}`, "data-ply": entry.ply,
      "data-dealt": entry.dealt, onclick: () => send({ type: "review", ply: entry.ply }),
    }, sentence(entry)))) : [h("li", {}, t(lang, "gamereview.deal-none"))]));
}

export function createGameReview({ t, send, describe }) {
  const ask = h("button", { type: "button", class: "ludo-button ludo-gr-ask", onclick: () => send({ type: "game_review" }) });
  const title = h("h3", { class: "ludo-heading" });
  const said = h("p", { class: "ludo-gr-said", "aria-live": "polite" });
  const chart = h("div", { class: "ludo-gr-chart" });
  const list = h("ol", { class: "ludo-gr-moments" });
  const el = h("section", { class: "ludo-gr" }, title, ask, said, chart, list);
  let drawn = null;
  return {
    el,
    update(view) {
      const review = view.gameReview ?? {};
      const over = Boolean(view.observation.terminal);
      el.hidden = !over || !view.gameInfo.reviewable;
      if (el.hidden) return;
      const { lang } = view;
      title.textContent = t(lang, "gamereview.title");
      ask.textContent = t(lang, "gamereview.ask");
      ask.hidden = review.status !== undefined;
      if (review.status !== "done") {
        said.textContent = review.status === "thinking" ? t(lang, "gamereview.thinking") : "";
        chart.replaceChildren();
        list.replaceChildren();
        drawn = null;
        return;
      }
      const key = JSON.stringify([review.entries.length, lang, view.names, view.viewer]);
      if (key === drawn) return;
      drawn = key;
      if (isDealReview(review.entries)) {
        dealReview({ t, send, describe }, view, review, { said, chart, list });
        return;
      }
      if (!review.entries.length && review.withheld) { // each hand's moves go with the hand
        said.textContent = t(lang, "gamereview.withheld", { count: review.withheld });
        chart.replaceChildren();
        list.replaceChildren();
        return;
      }
      const seat = view.viewer ?? 0;
      const entries = review.entries;
      const name = (index) => view.names[index] ?? "";
      const turning = turningPoint(entries, seat);
      const exact = entries.filter((e) => e.exact).length;
      const how = exact ? "gamereview.exact" : review.proves ? "gamereview.estimated" : "gamereview.judged";
      said.textContent = `${t(lang, "gamereview.said", { name: name(seat) })} ${t(lang, how, {
        exact, count: entries.length, seconds: formatDecimal(review.seconds, lang, 2),
      })}`;
      chart.replaceChildren(drawCurve(curve(entries, seat, view.names.length)));
      chart.firstChild.setAttribute("aria-label", t(lang, "gamereview.curve", { name: name(seat) }));
      const moments = entries.filter((e) => SHOWN.has(e.label) || e === turning);
      list.replaceChildren(...(moments.length ? moments.map((entry) => h("li", {},
        h("button", {
          type: "button", class: `ludo-gr-moment ludo-gr-${entry.label}`, "data-ply": entry.ply,
          onclick: () => send({ type: "review", ply: entry.ply }),
        }, t(lang, "gamereview.moment", {
          n: entry.ply + 1, name: name(entry.seat), label: t(lang, `gamereview.label.${entry.label}`),
          played: describe(entry.played, lang), best: describe(entry.best, lang),
        }), entry === turning ? h("b", {}, ` ${t(lang, "gamereview.turning")}`) : null)))
        : [h("li", {}, t(lang, "gamereview.none"))]));
    },
  };
}
