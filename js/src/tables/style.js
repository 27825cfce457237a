// The teacher's room's own stylesheet, on top of the kit's (.ludo root, --ludo-* colours
// that follow JupyterLab's light and dark themes).

export const TABLES_CSS = `
.lr { max-width: 980px; display: flex; flex-direction: column; gap: 12px; }
.lr-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 8px; }
.lr-server { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; }
.lr-address { margin: 0; color: var(--ludo-fg-dim); overflow-wrap: anywhere; }
.lr-connection { margin: 0; padding: 4px 10px; border-left: 4px solid var(--ludo-border); background: var(--ludo-bg-2); border-radius: var(--ludo-radius); font-weight: 600; flex: 1 1 260px; }
.lr-connection[data-state="answering"] { border-left-color: var(--ludo-accent); }
.lr-connection[data-state="away"] { border-left-color: var(--ludo-error); }
.lr-panel h3 { margin: 0 0 6px; font-size: 1.1em; color: var(--ludo-fg-strong); }
.lr-table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
.lr-table th, .lr-table td { padding: 3px 6px; text-align: left; border-bottom: 1px solid var(--ludo-border); vertical-align: top; }
.lr-table thead th { color: var(--ludo-fg-dim); font-weight: 600; font-size: 0.92em; }
.lr-table tbody th { color: var(--ludo-fg-strong); font-weight: 600; }
.lr-scroll { max-height: 360px; overflow-y: auto; }
.lr-seat { display: inline-flex; align-items: center; gap: 4px; margin-right: 10px; }
.lr-dot { width: 9px; height: 9px; border-radius: 50%; border: 2px solid var(--ludo-fg-dim); flex: none; }
.lr-seat[data-connected="true"] .lr-dot { background: var(--ludo-accent); border-color: var(--ludo-accent); }
.lr-watchers { color: var(--ludo-fg-dim); font-size: 0.9em; }
.lr-state[data-over="true"] { color: var(--ludo-fg-dim); }
.lr-state[data-over="false"] { color: var(--ludo-fg-strong); font-weight: 600; }
.lr-row[aria-current="true"] td, .lr-row[aria-current="true"] th { background: color-mix(in srgb, var(--ludo-accent) 14%, var(--ludo-bg)); }
.lr-no-link { color: var(--ludo-fg-dim); font-size: 0.9em; }
.lr-actions { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.lr-close[data-confirm="true"] { border-color: var(--ludo-error); color: var(--ludo-error); font-weight: 600; }
.lr-help { margin: 4px 0 0; color: var(--ludo-fg-dim); font-size: 0.9em; }
.lr-empty { color: var(--ludo-fg-dim); margin: 4px 0; }
.lr-watching { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin: 0; }
.lr-form { display: flex; flex-direction: column; gap: 8px; max-width: 520px; }
.lr-field { display: flex; flex-direction: column; gap: 2px; font-weight: 600; color: var(--ludo-fg-dim); font-size: 0.95em; }
.lr-game, .lr-names { font: inherit; font-weight: normal; color: var(--ludo-fg-strong); background: var(--ludo-bg-2); border: 1px solid var(--ludo-border); border-radius: 6px; padding: 4px 8px; }
.lr-names { min-height: 8em; resize: vertical; font-family: var(--jp-code-font-family, ui-monospace, monospace); }
.lr-game:hover, .lr-names:hover { border-color: var(--ludo-accent); }
.lr .lr-names:focus-visible { outline: 3px solid var(--ludo-accent); outline-offset: 2px; }
.lr-form-foot { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; }
.lr-count { color: var(--ludo-fg-dim); font-variant-numeric: tabular-nums; }
.lr-submit { background: var(--ludo-accent); border-color: var(--ludo-accent); color: var(--ludo-on-accent); font-weight: 600; }
.lr-link code { font-family: var(--jp-code-font-family, ui-monospace, monospace); font-size: 0.88em; overflow-wrap: anywhere; user-select: all; }
`;
