// The garden's look: lawn and slabs mixed from the theme's colours (light and dark themes),
// gnomes in the Okabe–Ito palette with a shape and a letter each; the colours the static picture
// shares are BOARD's (widgets/pictures/nains.json).

import BOARD from "../../../widgets/pictures/nains.json" with { type: "json" };

const C = BOARD.colours;

export const NAINS_CSS = `
.ludo:has(.nn) .ludo-stage { max-width: 100%; flex-basis: 560px; }
.nn { display: flex; flex-direction: column; gap: 6px; }
.nn-score { margin: 0; font-weight: 700; }
.nn-garden { display: block; width: 100%; height: auto; border-radius: 10px; user-select: none; }
.nn-lawn { fill: color-mix(in srgb, var(--ludo-bluish-green) 18%, var(--ludo-bg)); }
.nn-slab { fill: color-mix(in srgb, var(--ludo-fg) 16%, var(--ludo-bg)); stroke: color-mix(in srgb, var(--ludo-fg) 30%, var(--ludo-bg)); }
.nn-slab-number { fill: var(--ludo-fg-dim); font-size: 11px; font-family: var(--jp-ui-font-family, system-ui, sans-serif); }
.nn-hose-edge { stroke: var(--ludo-fg-strong); stroke-width: 11; stroke-linecap: round; fill: none; }
.nn-hose { stroke: ${C.hose}; stroke-width: 6; stroke-linecap: round; fill: none; }
.nn-hose-mark { fill: var(--ludo-orange); stroke: var(--ludo-fg-strong); stroke-width: 1; }
.nn-fence path, .nn-fence rect { fill: ${C.fence}; stroke: ${C.fence_edge}; stroke-width: 1.2; }
.nn-shadow { fill: rgba(0, 0, 0, 0.18); }
.nn-coat, .nn-hat { stroke: #1d1b24; stroke-width: 1.2; }
.nn-face { fill: ${C.face}; stroke: #1d1b24; stroke-width: 1; }
.nn-beard { fill: ${C.beard}; stroke: #777; stroke-width: 0.8; }
.nn-arm { stroke: #1d1b24; stroke-width: 3; stroke-linecap: round; }
.nn-letter { font-size: 10px; font-weight: 800; font-family: var(--jp-ui-font-family, system-ui, sans-serif); pointer-events: none; }
.nn-team-name { fill: var(--ludo-fg-strong); font-size: 12px; font-weight: 600; font-family: var(--jp-ui-font-family, system-ui, sans-serif); }
.nn-explain p { margin: 2px 0; }
.nn-pull { padding: 4px 8px; border-left: 4px solid var(--ludo-orange); background: var(--ludo-bg-2); border-radius: 4px; }
.nn-values { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 3px; }
.nn-window { font-weight: 600; color: var(--ludo-reddish-purple); }
.nn-piles { margin: 0; color: var(--ludo-fg-dim); }
.nn-backs { display: flex; flex-wrap: wrap; align-items: center; gap: 4px; }
.nn-hand-open { display: grid; grid-template-columns: 9em minmax(0, 1fr); align-items: center; gap: 6px; }
.nn-hand-row { display: flex; flex-wrap: nowrap; overflow-x: auto; gap: 4px; padding-bottom: 2px; }
.nn-hand-row .nn-card { flex: 0 0 auto; width: 86px; min-height: 72px; font-size: 0.8em; }
.nn-hand-name { margin-right: 6px; font-weight: 600; }
.nn-back { width: 22px; height: 32px; border-radius: 4px; border: 1px solid var(--ludo-border);
  background: repeating-linear-gradient(45deg, var(--ludo-bluish-green), var(--ludo-bluish-green) 4px, ${C.hand_stripe} 4px, ${C.hand_stripe} 8px); }
.nn-hand { display: flex; flex-wrap: wrap; gap: 6px; }
.nn-card { display: flex; flex-direction: column; align-items: flex-start; gap: 3px; width: 104px; min-height: 88px; padding: 6px;
  font: inherit; font-size: 0.88em; text-align: left; color: var(--ludo-fg-strong); background: var(--ludo-bg);
  border: 2px solid var(--ludo-border); border-radius: 8px; }
button.nn-card { cursor: pointer; }
button.nn-card:hover:not(:disabled) { border-color: var(--ludo-accent); transform: translateY(-2px); }
.nn-card:disabled { cursor: default; }
.nn-card-squirrel { background: color-mix(in srgb, var(--ludo-orange) 14%, var(--ludo-bg)); }
.nn-card-pull { background: color-mix(in srgb, var(--ludo-sky-blue) 14%, var(--ludo-bg)); }
.nn-card-gnome { background: color-mix(in srgb, var(--ludo-bluish-green) 12%, var(--ludo-bg)); }
.nn-selected { border-color: var(--ludo-accent); box-shadow: 0 0 0 3px color-mix(in srgb, var(--ludo-accent) 40%, transparent); }
.nn-dim { opacity: 0.6; }
.nn-hinted { outline: 3px solid var(--ludo-orange); outline-offset: 2px; animation: nn-glow 1.2s ease-in-out infinite alternate; }
@keyframes nn-glow { to { outline-color: color-mix(in srgb, var(--ludo-orange) 40%, transparent); } }
@media (prefers-reduced-motion: reduce) { .nn-hinted { animation: none; } }
.nn-prompt-hint { outline: 2px dashed var(--ludo-orange); }
.nn-card-kind { font-size: 0.95em; }
.nn-card-others { color: var(--ludo-fg-dim); }
.nn-acorns { color: #8b5a2b; letter-spacing: 2px; }
.nn-chip, .nn-colour { display: inline-block; padding: 1px 6px; border-radius: 10px; background: var(--chip); color: var(--ink); font-weight: 700; font-size: 0.9em; border: 1px solid #1d1b24; }
.nn-chip-multi { background: linear-gradient(90deg, #D55E00, #F0E442, #009E73, #0072B2); color: #000; text-shadow: 0 0 2px #fff; }
.nn-colour { font: inherit; padding: 5px 12px; cursor: pointer; }
.nn-choice .nn-option-colour { background: var(--chip); color: var(--ink); border-color: #1d1b24; font-weight: 700; }
.nn-colours, .nn-choice { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.nn-counter { border-color: var(--ludo-reddish-purple); font-weight: 700; }
.nn-tools { display: flex; gap: 6px; }
.nn-prompt, .nn-choose p { margin: 0; }
.nn-prompt { padding: 4px 10px; border-radius: var(--ludo-radius); background: var(--ludo-bg-2); font-weight: 600; }
`;
