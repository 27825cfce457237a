// The analysis overlay: what the strongest bot thinks of the live position, drawn over the
// board. Everything comes from `observation.analysis` (engines/sortileges/analysis.py):
// Voronoi territory shading, the value of stepping to each square, the expected line as
// numbered arrows. Nothing is computed here; the toggle only sends an `analysis` intent.

import { h, s } from "../kit/dom.js";

/** A value {score}|{win}|{loss} as a short, language-free text: +1.5, #3 (wins in 3), −#3. */
export function formatValue(value) {
  if (!value) return "";
  if (value.win !== undefined) return `#${value.win}`;
  if (value.loss !== undefined) return `−#${value.loss}`;
  const score = Number(value.score ?? 0);
  return `${score > 0 ? "+" : score < 0 ? "−" : "±"}${Math.abs(score).toFixed(1)}`;
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
 * (corner, centre, cell), `colour(seat)` the seat's palette colour.
 */
export function overlayLayers(g, analysis, colour) {
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
      s("text", { x: x + g.cell / 2, y: y + g.cell - 8, "text-anchor": "middle" }, formatValue(value))));
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
  const hintScore = h("span", { class: "sp-hint-score" });
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
        summary.textContent = t(view.lang, "analysis.summary", { best: live.best, value: formatValue(live.value), depth: live.depth });
      } else if (on && !view.reviewing && analysis.status === "thinking") {
        summary.textContent = t(view.lang, "analysis.thinking");
      } else {
        summary.textContent = "";
      }
      const score = hint ? view.hint.score : null;
      hintScore.textContent = score ? t(view.lang, "hint.score", { value: formatValue(score) }) : "";
    },
  };
}
