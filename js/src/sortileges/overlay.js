// The analysis overlay: what the strongest bot thinks of the live position, drawn over the
// board. Everything comes from `observation.analysis` (engines/sortileges/analysis.py):
// Voronoi territory shading, the value of stepping to each square, the expected line as
// numbered arrows. Nothing is computed here; the toggle only sends an `analysis` intent.

import { h, s } from "../kit/dom.js";
import { formatDecimal, formatNumber } from "../kit/numbers.js";
import { seatName } from "../kit/status.js";

/** A value {score}|{win}|{loss} as a short text, its number written for `lang`: +1.5 (+1,5
 * in French), #3 (wins in 3), −#3. */
export function formatValue(value, lang) {
  if (!value) return "";
  if (value.win !== undefined) return `#${formatNumber(value.win, lang)}`;
  if (value.loss !== undefined) return `−#${formatNumber(value.loss, lang)}`;
  const score = Number(value.score ?? 0);
  return `${score > 0 ? "+" : score < 0 ? "−" : "±"}${formatDecimal(Math.abs(score), lang, 1)}`;
}

/**
 * How clear an edge is, by the size of the search's score (|score| at least the bound):
 * the score counts roughly squares (steps, territory: engines/sortileges/evaluation.py), 20
 * a square once the witches are walled apart. In games of level 5 the first turns' scores
 * swing between about −10 and +13 from one turn to the next, so an edge under 15 is a
 * slight one; separated races score in the hundreds.
 */
const EDGES = [[40, "hint.large"], [15, "hint.clear"], [3, "hint.slight"]];

/** A hint's value ({score}|{win}|{loss}, for the witch to move) said in words for a
 * beginner: who is ahead and how clearly, or who can force the win and within how many
 * turns; then the number itself, explained, for the curious. */
export function judgeValue(value, view, t) {
  const lang = view.lang;
  const mover = view.observation.to_move ?? 0;
  const name = (seat) => seatName(view, seat);
  if (value.win !== undefined || value.loss !== undefined) {
    const winner = value.win !== undefined ? mover : 1 - mover;
    return { words: t(lang, "hint.win", { name: name(winner), n: formatNumber(value.win ?? value.loss, lang) }), number: null };
  }
  const score = Number(value.score ?? 0);
  const edge = EDGES.find(([bound]) => Math.abs(score) >= bound);
  const words = edge ? t(lang, edge[1], { name: name(score > 0 ? mover : 1 - mover) }) : t(lang, "hint.even");
  return { words, number: t(lang, "hint.number", { name: name(mover), value: formatValue(value, lang) }) };
}

/** A comparable number for a value: proven wins above every score, losses below. */
export function rankValue(value) {
  if (!value) return -Infinity;
  if (value.win !== undefined) return 1e6 - value.win;
  if (value.loss !== undefined) return -1e6 + value.loss;
  return Number(value.score ?? 0);
}

/** The analysis for the live position, or null (off, thinking, stale, or reviewing). */
export function liveAnalysis(view) {
  const analysis = view.observation?.analysis;
  if (view.reviewing || !analysis || analysis.status !== "done") return null;
  return analysis.ply === view.observation.ply ? analysis : null;
}

/**
 * SVG layers for the analysis: {under: [...], over: [...]}. `g` is the board geometry
 * (corner, centre, cell), `colour(seat)` the seat's palette colour, `lang` the widget's.
 */
export function overlayLayers(g, analysis, colour, lang) {
  const under = [];
  const over = [];
  for (const [square, owner] of Object.entries(analysis.territory ?? {})) {
    const [x, y] = g.corner(square);
    under.push(s("rect", {
      class: "sp-territory", "data-square": square, "data-owner": owner,
      x: x + 1, y: y + 1, width: g.cell - 2, height: g.cell - 2, fill: colour(owner),
    }));
  }
  (analysis.pv ?? []).forEach((turn, index) => {
    const [x1, y1] = g.centre(turn.from);
    const [x2, y2] = g.centre(turn.to);
    const pv = s("g", { class: "sp-pv", "data-index": index + 1, "data-seat": turn.seat, stroke: colour(turn.seat), fill: colour(turn.seat) },
      s("line", { x1, y1, x2, y2, "stroke-width": 3, "stroke-dasharray": "5 4", "stroke-linecap": "round" }),
      s("circle", { cx: (x1 + x2) / 2, cy: (y1 + y2) / 2, r: 9 }),
      s("text", { x: (x1 + x2) / 2, y: (y1 + y2) / 2, dy: "0.35em", "text-anchor": "middle" }, String(index + 1)));
    over.push(pv);
    if (turn.spell) {
      const [sx, sy] = g.corner(turn.spell);
      over.push(s("g", { class: "sp-pv-spell", "data-index": index + 1, "data-square": turn.spell },
        s("rect", { x: sx + 8, y: sy + 8, width: g.cell - 16, height: g.cell - 16, rx: 8, stroke: colour(turn.seat) }),
        s("text", { x: sx + g.cell / 2, y: sy + g.cell / 2, dy: "0.35em", "text-anchor": "middle", fill: colour(turn.seat) }, `✶${index + 1}`)));
    }
  });
  const steps = Object.entries(analysis.steps ?? {});
  const best = Math.max(...steps.map(([, v]) => rankValue(v)));
  for (const [square, value] of steps) {
    const [x, y] = g.corner(square);
    const top = rankValue(value) === best;
    over.push(s("g", { class: `sp-step-value${top ? " sp-step-best" : ""}`, "data-square": square },
      s("rect", { x: x + 4, y: y + g.cell - 21, width: g.cell - 8, height: 17, rx: 5 }),
      s("text", { x: x + g.cell / 2, y: y + g.cell - 8, "text-anchor": "middle" }, formatValue(value, lang))));
  }
  return { under, over };
}

/** The toggle button and a one-line summary under the board. */
export function createAnalysisPanel({ t, send }) {
  const button = h("button", {
    type: "button", class: "ludo-button sp-analysis-toggle", "aria-pressed": "false",
    onclick: () => send({ type: "analysis", on: button.getAttribute("aria-pressed") !== "true" }),
  });
  const summary = h("span", { class: "sp-analysis-summary", "aria-live": "polite" });
  // the hint's value in words, then its number, explained, for the curious
  const hintWords = h("span", { class: "sp-hint-words" });
  const hintNumber = h("span", { class: "sp-hint-number" });
  const hintScore = h("span", { class: "sp-hint-score" }, hintWords, " ", hintNumber);
  const el = h("div", { class: "sp-analysis" }, button, summary, hintScore);
  return {
    el,
    update(view, hint) {
      const analysis = view.observation?.analysis;
      const on = Boolean(analysis);
      button.setAttribute("aria-pressed", String(on));
      button.textContent = t(view.lang, on ? "analysis.hide" : "analysis.show");
      const live = liveAnalysis(view);
      if (live) {
        summary.textContent = t(view.lang, "analysis.summary", { best: live.best, value: formatValue(live.value, view.lang), depth: formatNumber(live.depth, view.lang) });
      } else if (on && !view.reviewing && analysis.status === "thinking") {
        summary.textContent = t(view.lang, "analysis.thinking");
      } else {
        summary.textContent = "";
      }
      const score = hint ? view.hint.score : null;
      const judged = score ? judgeValue(score, view, t) : null;
      hintScore.hidden = judged === null;
      hintWords.textContent = judged?.words ?? "";
      hintNumber.hidden = !judged?.number;
      hintNumber.textContent = judged?.number ?? "";
    },
  };
}
