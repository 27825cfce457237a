// The board's look. The table and the text follow JupyterLab's light and dark themes
// (--jp-* through the kit's --ludo-* variables); card faces stay light, like real cards, in
// both themes. Rules that change the kit's frame are scoped to this game's shell. The card
// colours the static picture shares are BOARD's (widgets/pictures/petits_pas.json).

import BOARD from "../../../widgets/pictures/petits_pas.json" with { type: "json" };

const C = BOARD.colours;

export const PETITS_PAS_CSS = `
.ludo[data-game="petits_pas"] .ludo-stage { max-width: 620px; flex-basis: 420px; }
.ludo[data-game="petits_pas"] .ludo-status .ludo-badge { display: none; }
.ludo[data-game="petits_pas"] .ludo-buttons { grid-template-columns: 1fr 1fr 1fr; }
.ludo[data-game="petits_pas"] .ludo-buttons .ludo-button { padding: 5px 6px; }

.pp { display: flex; flex-direction: column; gap: 8px; }
.pp-board {
  display: block; width: 100%; height: auto; user-select: none; -webkit-user-select: none;
  border-radius: 10px; background: color-mix(in srgb, var(--ludo-bluish-green) 12%, var(--ludo-bg));
  border: 1px solid var(--ludo-border); overflow: visible;
}

.pp-slot { fill: none; stroke: color-mix(in srgb, var(--ludo-fg) 30%, transparent); stroke-width: 1.5; stroke-dasharray: 5 4; }
.pp-card .pp-face { fill: ${C.face}; stroke: ${C.edge}; stroke-width: 1; }
.pp-card { filter: drop-shadow(0 1px 1.5px rgba(0, 0, 0, 0.35)); }
.pp-rank { font-family: Georgia, "DejaVu Serif", "Times New Roman", serif; font-weight: 700; }
.pp-red { --pp-ink: ${C.red}; }
.pp-black { --pp-ink: ${C.black}; }
.pp-rank, .pp-ink { fill: var(--pp-ink); }
.pp-ink-stroke { stroke: var(--pp-ink); }
.pp-hollow { fill: ${C.face}; }
.pp-jumped-mark circle { fill: var(--ludo-orange); stroke: ${C.jumped_edge}; stroke-width: 1; }
.pp-jumped-arrow { fill: none; stroke: #1b1b1b; stroke-width: 2; stroke-linecap: round; }
.pp-jumped-head { fill: #1b1b1b; }
.pp-moved .pp-face { stroke: var(--ludo-accent); stroke-width: 3; }
.pp-stuck .pp-face { stroke: var(--ludo-vermillion); stroke-width: 3; stroke-dasharray: 6 3; }
.pp-is-out { filter: none; }

.pp-back-face { fill: ${C.back}; stroke: ${C.edge}; stroke-width: 1; }
.pp-back-stripe-bg { fill: ${C.back_pattern}; }
.pp-back-stripe { fill: ${C.back_stripe}; }
.pp-caption { fill: var(--ludo-fg); font-size: 15px; font-weight: 600; font-family: var(--jp-ui-font-family, system-ui, sans-serif); }
.pp-mover-mark path { fill: var(--ludo-accent); }
.pp-mover-mark text { fill: var(--ludo-fg-dim); font-size: 13px; font-weight: 600; font-family: var(--jp-ui-font-family, system-ui, sans-serif); }

.pp-controls { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
.pp .pp-step { font-weight: 700; min-width: 6em; background: var(--ludo-accent); border-color: var(--ludo-accent); color: var(--ludo-on-accent); }
.pp .pp-auto[data-playing="true"] { border-color: var(--ludo-orange); box-shadow: inset 0 0 0 1px var(--ludo-orange); }
.pp-counts { margin-left: auto; color: var(--ludo-fg-dim); font-variant-numeric: tabular-nums; }

.pp-explain {
  padding: 6px 10px; border-radius: var(--ludo-radius); background: var(--ludo-bg-2);
  border-left: 4px solid var(--ludo-accent); min-height: 2.4em;
}
.pp-explain[data-kind="blocked"] { border-left-color: var(--ludo-vermillion); }
.pp-explain[data-kind="take"], .pp-explain[data-kind="exit"] { border-left-color: var(--ludo-bluish-green); }
.pp-explain-main { margin: 0; font-weight: 700; color: var(--ludo-fg-strong); }
.pp-explain-more { margin: 2px 0 0; padding-left: 1.2em; color: var(--ludo-fg); font-size: 0.95em; }

.pp-footer { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 6px 12px; }
.pp-deal { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 8px; color: var(--ludo-fg-dim); }
.pp-deal-line { margin: 0; }
.pp-deal-number { color: var(--ludo-fg-strong); font-weight: 700; font-variant-numeric: tabular-nums; word-spacing: 0.1em; }
.pp-deal-call { color: var(--ludo-fg-strong); overflow-wrap: anywhere; user-select: all; }
.pp-replay-form { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.pp-replay-field { display: flex; align-items: center; gap: 6px; }
.pp-replay-input {
  font: inherit; width: 12em; padding: 4px 6px; border: 1px solid var(--ludo-border); border-radius: 6px;
  background: var(--ludo-bg); color: var(--ludo-fg-strong); font-variant-numeric: tabular-nums;
}
.pp-replay-error { flex-basis: 100%; color: var(--ludo-error); font-weight: 600; }
.pp-legend { margin: 0; color: var(--ludo-fg-dim); font-size: 0.9em; }
@media (prefers-reduced-motion: reduce) { .pp-card { transition: none; } }
`;
