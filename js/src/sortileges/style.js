// The board's look. Square colours are mixed from the theme's own colours, so the board
// follows JupyterLab's light and dark themes; pieces use the Okabe–Ito palette. The colours
// the static picture shares are BOARD's (widgets/pictures/sortileges.json).

import BOARD from "../../../widgets/pictures/sortileges.json" with { type: "json" };

export const SORTILEGES_CSS = `
.sp { display: flex; flex-direction: column; gap: 6px; }
.sp-board { display: block; width: 100%; max-width: 460px; height: auto; user-select: none; -webkit-user-select: none; border-radius: 10px; }
.sp-frame { fill: none; stroke: var(--ludo-border); stroke-width: 2; }
.sp-square { stroke: color-mix(in srgb, var(--ludo-fg) 14%, transparent); stroke-width: 1; }
.sp-light { fill: color-mix(in srgb, var(--ludo-fg) 4%, var(--ludo-bg)); }
.sp-dark { fill: color-mix(in srgb, var(--ludo-fg) 10%, var(--ludo-bg)); }
.sp-target { cursor: pointer; }
.sp-target-step:hover, .sp-target-spell:hover { fill: color-mix(in srgb, var(--ludo-accent) 22%, var(--ludo-bg)); }
.sp-marks, .sp-pieces, .sp-top, .sp-labels { pointer-events: none; }
.sp-house-floor { opacity: 0.18; }
.sp-house { stroke: var(--ludo-bg); stroke-width: 1; }
.sp-step-dot { fill: var(--ludo-bluish-green); stroke: var(--ludo-bg); stroke-width: 2.5; }
.sp-spell-target { fill: none; stroke: var(--ludo-reddish-purple); stroke-width: 2.5; stroke-dasharray: 6 4; }
.sp-spell-target-star { fill: var(--ludo-reddish-purple); opacity: 0.55; }
.sp-plate { fill: ${BOARD.colours.plate}; stroke: color-mix(in srgb, var(--ludo-reddish-purple) 70%, var(--ludo-fg)); stroke-width: 1.5; }
.sp-star { fill: var(--ludo-yellow); stroke: ${BOARD.colours.star_edge}; stroke-width: 0.8; }
.sp-last-spell .sp-plate { stroke: inherit; stroke-width: 4; } /* in the caster's colour */
.sp-pending { opacity: 0.55; }
.sp-last-step { opacity: 0.7; }
.sp-hat { fill: ${BOARD.colours.hat}; stroke: color-mix(in srgb, var(--ludo-fg) 55%, var(--ludo-bg)); stroke-width: 1.2; stroke-linejoin: round; }
.sp-ghost { opacity: 0.3; }
.sp-lost { opacity: 0.4; filter: grayscale(0.6); }
.sp-won { filter: drop-shadow(0 0 5px var(--ludo-yellow)) drop-shadow(0 0 2px var(--ludo-orange)); }
.sp-provisional .ludo-token-shape { stroke: var(--ludo-fg-strong); stroke-width: 2; stroke-dasharray: 4 3; }
.sp-hint { fill: none; stroke: var(--ludo-orange); stroke-width: 3.5; stroke-dasharray: 8 5; }
.sp-hint-badge circle { fill: var(--ludo-orange); }
.sp-hint-badge text { fill: var(--ludo-black); font-size: 12px; font-weight: 700; font-family: var(--jp-ui-font-family, system-ui, sans-serif); }
.sp-cursor { fill: none; stroke: var(--ludo-accent); stroke-width: 4; }
.sp-board:not(:focus) .sp-cursor { display: none; }
.sp-coord { fill: var(--ludo-fg-dim); font-size: 14px; font-weight: 600; font-family: var(--jp-ui-font-family, system-ui, sans-serif); }
.sp-territory { opacity: 0.22; pointer-events: none; }
.sp-step-value rect { fill: var(--ludo-bg); opacity: 0.85; stroke: var(--ludo-border); }
.sp-step-value text { fill: var(--ludo-fg-strong, var(--ludo-fg)); font-size: 12px; font-weight: 700; font-family: var(--jp-ui-font-family, system-ui, sans-serif); }
.sp-step-best rect { fill: var(--ludo-bluish-green); opacity: 0.9; }
.sp-step-best text { fill: var(--ludo-black, #000); }
.sp-pv { opacity: 0.85; }
.sp-pv text { stroke: none; fill: var(--ludo-bg); font-size: 11px; font-weight: 700; font-family: var(--jp-ui-font-family, system-ui, sans-serif); }
.sp-pv-spell rect { fill: none; stroke-width: 2.5; stroke-dasharray: 3 3; }
.sp-pv-spell text { font-size: 13px; font-weight: 700; font-family: var(--jp-ui-font-family, system-ui, sans-serif); }
.sp-analysis { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.sp-analysis-toggle[aria-pressed="true"] { outline: 2px solid var(--ludo-accent); }
.sp-analysis-summary, .sp-hint-score { font-size: 0.9em; color: var(--ludo-fg-dim); }
.sp-hint-words { color: var(--ludo-fg); font-weight: 600; }
.sp-prompt { margin: 0; padding: 6px 10px; border-radius: var(--ludo-radius); background: var(--ludo-bg-2); font-weight: 600; text-align: center; }
.sp-prompt.sp-refusal { background: color-mix(in srgb, var(--ludo-orange) 22%, var(--ludo-bg)); font-weight: 500; }
`;
