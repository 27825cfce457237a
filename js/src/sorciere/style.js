// The roof's look: gingerbread walls, petits beurres, treats with their own shapes, the risk
// tint and the collapse. Colours of the UI follow the theme (--ludo-* from the kit); those of
// the roof and its cookies are BOARD's, which the static picture reads too
// (widgets/pictures/sorciere.json).

import BOARD from "../../../widgets/pictures/sorciere.json" with { type: "json" };

const C = BOARD.colours;

export const SORCIERE_CSS = `
.sv { display: flex; flex-direction: column; gap: 6px; }
.sv-stage { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; }
.sv-roof { display: block; width: 100%; max-width: 440px; height: auto; user-select: none; -webkit-user-select: none; touch-action: none; border-radius: 10px; background: color-mix(in srgb, var(--ludo-fg) 5%, var(--ludo-bg)); }
.sv-panel { display: flex; flex-direction: column; gap: 6px; min-width: 210px; flex: 1; }
.sv-floor { fill: ${C.floor}; opacity: 0.85; }
.sv-wall { stroke: ${C.wall}; stroke-width: 13; stroke-linecap: round; }
.sv-coord { font: 700 13px var(--jp-ui-font-family, system-ui, sans-serif); fill: var(--ludo-fg-dim); pointer-events: none; }
.sv-wall + .sv-wall { stroke-dasharray: none; }
.sv-card { cursor: default; }
.sv-pullable { cursor: grab; }
.sv-dragging { cursor: grabbing; filter: drop-shadow(0 6px 6px rgba(0,0,0,0.45)); }
.sv-free .sv-cookie { stroke: var(--ludo-bluish-green); stroke-width: 3; }
.sv-cookie { fill: ${C.cookie}; stroke: ${C.cookie_edge}; stroke-width: 1.6; }
.sv-cookie-rim { fill: none; stroke: ${C.cookie_rim}; stroke-width: 1.2; stroke-dasharray: 3 3; }
.sv-dot { fill: ${C.dot}; }
.sv-known .sv-cookie { fill: ${C.cookie_known}; }
.sv-pullable:hover .sv-cookie { fill: #f6d48a; }
.sv-cursor .sv-cookie { stroke: var(--ludo-accent); stroke-width: 4; }
.sv-roof:not(:focus) .sv-cursor .sv-cookie { stroke: ${C.cookie_edge}; stroke-width: 1.6; }
.sv-risk { opacity: 0.55; pointer-events: none; }
.sv-risk-label { font: 700 13px var(--jp-ui-font-family, system-ui, sans-serif); fill: #fff; stroke: #000; stroke-width: 2.5; paint-order: stroke; pointer-events: none; }
.sv-treat-line { fill: none; stroke: rgba(0,0,0,0.45); stroke-width: 1.4; }
.sv-treat-stick { stroke: ${C.stick}; stroke-width: 2.4; stroke-linecap: round; }
.sv-treat-soft { stroke: ${C.soft}; stroke-width: 1.2; }
.sv-target-shape { fill: color-mix(in srgb, var(--ludo-bluish-green) 25%, transparent); stroke: var(--ludo-bluish-green); stroke-width: 2.5; stroke-dasharray: 7 4; cursor: pointer; }
.sv-target-put:hover .sv-target-shape { fill: color-mix(in srgb, var(--ludo-bluish-green) 50%, transparent); }
.sv-card-body { transform-box: fill-box; transform-origin: center; }
.sv-fall .sv-card-body { animation: sv-fall 900ms cubic-bezier(.5,0,.9,.6) var(--delay) both; }
.sv-fallen .sv-card-body { transform: translate(var(--fx), var(--fy)) rotate(var(--fr)) scale(0.9); opacity: 0.45; }
.sv-hinted .sv-cookie, .sv-hinted .sv-target-shape { stroke: var(--ludo-orange); stroke-width: 5; }
.sv-hinted { animation: sv-glow 1.2s ease-in-out infinite alternate; }
button.sv-hinted { outline: 3px solid var(--ludo-orange); outline-offset: 2px; }
.sv-prompt-hint { outline: 2px dashed var(--ludo-orange); }
@keyframes sv-glow { from { filter: drop-shadow(0 0 2px var(--ludo-orange)); } to { filter: drop-shadow(0 0 9px var(--ludo-orange)); } }
@media (prefers-reduced-motion: reduce) { .sv-hinted { animation: none; filter: drop-shadow(0 0 6px var(--ludo-orange)); } }
.sv-culprit .sv-cookie { stroke: var(--ludo-vermillion); stroke-width: 4; }
@keyframes sv-fall {
  0% { transform: none; opacity: 1; }
  15% { transform: translate(2px, -3px) rotate(2deg); }
  30% { transform: translate(-2px, 2px) rotate(-2deg); }
  100% { transform: translate(var(--fx), var(--fy)) rotate(var(--fr)) scale(0.9); opacity: 0.45; }
}
@media (prefers-reduced-motion: reduce) { .sv-fall .sv-card-body { animation-duration: 1ms; } }
.sv-piles { display: flex; flex-direction: column; gap: 4px; }
.sv-pile { display: grid; grid-template-columns: auto 1fr auto; grid-template-rows: auto auto; column-gap: 6px; align-items: center; padding: 4px 6px; border-radius: var(--ludo-radius); border: 1px solid var(--ludo-border); }
.sv-pile .ludo-badge { grid-row: 1 / 3; }
.sv-pile-name { font-weight: 700; }
.sv-top-card { grid-row: 1 / 3; grid-column: 3; }
.sv-face { fill: ${C.face}; stroke: ${C.cookie_edge}; stroke-width: 1.5; }
.sv-pile-count { font-size: 0.9em; color: var(--ludo-fg-dim); }
.sv-to-move { border-color: var(--ludo-accent); box-shadow: 0 0 0 2px color-mix(in srgb, var(--ludo-accent) 40%, transparent); }
.sv-candies { grid-column: 2; }
.sv-candy { display: inline-block; width: 14px; height: 10px; margin-right: 3px; border-radius: 5px; background: repeating-linear-gradient(45deg, #D55E00 0 3px, #fff 3px 6px); border: 1px solid ${C.candy_edge}; }
.sv-reserve, .sv-held, .sv-gesture, .sv-legend { margin: 0; font-size: 0.9em; }
.sv-held { font-weight: 700; color: var(--ludo-vermillion); }
.sv-round { padding: 6px 8px; border-radius: var(--ludo-radius); background: var(--ludo-bg-2); }
.sv-round[data-end="collapse"] { border-left: 4px solid var(--ludo-vermillion); }
.sv-round[data-end="cleared"] { border-left: 4px solid var(--ludo-bluish-green); }
.sv-prompt { margin: 0; padding: 6px 10px; border-radius: var(--ludo-radius); background: var(--ludo-bg-2); font-weight: 600; text-align: center; }
`;
