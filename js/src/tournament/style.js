// The tournament's own stylesheet, on top of the kit's (.ludo root, --ludo-* colours that
// follow JupyterLab's light and dark themes).

export const TOURNAMENT_CSS = `
.lt { max-width: 980px; display: flex; flex-direction: column; gap: 12px; }
.lt-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 8px; }
.lt-summary { margin: 0; color: var(--ludo-fg-dim); }
.lt-unjailed { margin: 0; padding: 6px 10px; border-left: 4px solid var(--ludo-error); background: var(--ludo-bg-2); border-radius: var(--ludo-radius); font-weight: 600; }
.lt-unjailed[hidden] { display: none; }
.lt-controls { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; }
.lt-start { background: var(--ludo-accent); border-color: var(--ludo-accent); color: var(--ludo-on-accent); font-weight: 600; }
.lt-progress { flex: 1 1 220px; height: 12px; border-radius: 6px; background: var(--ludo-bg-2); border: 1px solid var(--ludo-border); overflow: hidden; }
.lt-progress-fill { height: 100%; width: 0; background: var(--ludo-accent); transition: width 0.3s ease-out; }
@media (prefers-reduced-motion: reduce) { .lt-progress-fill { transition: none; } }
.lt-progress-text { color: var(--ludo-fg-dim); font-variant-numeric: tabular-nums; }
.lt-status { margin: 0; padding: 4px 10px; border-left: 4px solid var(--ludo-border); background: var(--ludo-bg-2); border-radius: var(--ludo-radius); font-weight: 600; }
.lt-status[data-status="running"] { border-left-color: var(--ludo-accent); }
.lt-status[data-status="failed"] { border-left-color: var(--ludo-error); }
.lt-panels { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
.lt-panel { flex: 1 1 420px; min-width: 0; }
.lt-panel h3 { margin: 0 0 6px; font-size: 1.1em; color: var(--ludo-fg-strong); }
.lt-table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
.lt-table th, .lt-table td { padding: 3px 6px; text-align: left; border-bottom: 1px solid var(--ludo-border); vertical-align: top; }
.lt-table thead th { color: var(--ludo-fg-dim); font-weight: 600; font-size: 0.92em; }
.lt-table tbody th { color: var(--ludo-fg-strong); font-weight: 600; }
.lt-interval { display: block; color: var(--ludo-fg-dim); font-size: 0.86em; }
.lt-bar line { stroke: var(--ludo-fg-dim); stroke-width: 2; }
.lt-bar circle { fill: var(--ludo-accent); }
.lt-bar .lt-bar-track { stroke: var(--ludo-border); stroke-width: 1; }
.lt-forfeits[data-count="0"] { color: var(--ludo-fg-dim); }
.lt-forfeits:not([data-count="0"]) { color: var(--ludo-error); font-weight: 600; }
.lt-heat { max-width: 100%; height: auto; }
.lt-heat text { fill: var(--ludo-fg); font-size: 11px; font-family: inherit; }
.lt-heat .lt-cell-text { fill: var(--ludo-fg-strong); font-weight: 600; text-anchor: middle; dominant-baseline: central; }
.lt-heat .lt-cell-empty { fill: var(--ludo-bg-2); }
.lt-heat .lt-cell-self { fill: var(--ludo-border); opacity: 0.5; }
.lt-help { margin: 4px 0 0; color: var(--ludo-fg-dim); font-size: 0.9em; }
.lt-games { max-height: 320px; overflow-y: auto; }
.lt-game[aria-current="true"] td { background: color-mix(in srgb, var(--ludo-accent) 14%, var(--ludo-bg)); }
.lt-forfeit { color: var(--ludo-error); }
.lt-trace { margin: 4px 0 0; max-height: 160px; overflow: auto; white-space: pre-wrap; font-family: var(--jp-code-font-family, monospace); font-size: 0.85em; background: var(--ludo-bg-2); padding: 6px; border-radius: 6px; }
.lt-open { padding: 2px 10px; }
.lt-empty { color: var(--ludo-fg-dim); margin: 4px 0; }
`;
