// "Where did I lose?": once a game is over (or a recorded one is shown), "Review the game"
// asks Python for a review of every decision (engines/review.py); the panel then draws the
// value of the game for one seat move by move, lists the moments that mattered (mistakes,
// blunders, the turning point) in words, and a click on one shows the position before it.

import { h, s } from "./dom.js";
import { formatDecimal } from "./numbers.js";
import { paletteColour } from "./palette.js";

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
