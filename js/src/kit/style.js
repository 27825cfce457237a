// The kit's stylesheet. Colours come from JupyterLab's --jp-* variables (light and dark
// themes), with fallbacks for pages outside Lab; the Okabe–Ito palette is offered to games
// as --ludo-orange, --ludo-sky-blue, ... so that each colour is written once.

import { OKABE_ITO } from "./palette.js";

const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const PALETTE = Object.entries(OKABE_ITO).map(([name, colour]) => `--ludo-${kebab(name)}: ${colour};`).join(" ");

export const KIT_CSS = `
.ludo {
  ${PALETTE}
  --ludo-bg: var(--jp-layout-color1, #ffffff);
  --ludo-bg-2: var(--jp-layout-color2, #eeeeee);
  --ludo-fg: var(--jp-ui-font-color1, rgba(0, 0, 0, 0.87));
  --ludo-fg-strong: var(--jp-ui-font-color0, rgba(0, 0, 0, 1));
  --ludo-fg-dim: var(--jp-ui-font-color2, rgba(0, 0, 0, 0.54));
  --ludo-border: var(--jp-border-color1, #bdbdbd);
  --ludo-accent: var(--jp-brand-color1, #1976d2);
  --ludo-on-accent: var(--jp-ui-inverse-font-color0, #ffffff);
  --ludo-error: var(--jp-error-color1, #d32f2f);
  --ludo-info: var(--jp-info-color1, #0288d1);
  --ludo-radius: 8px;
  position: relative;
  box-sizing: border-box;
  max-width: 920px;
  padding: 14px 16px;
  border: 1px solid var(--ludo-border);
  border-radius: 12px;
  background: var(--ludo-bg);
  color: var(--ludo-fg);
  font-family: var(--jp-ui-font-family, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  font-size: var(--jp-ui-font-size1, 14px);
  line-height: 1.4;
}
.ludo *, .ludo *::before, .ludo *::after { box-sizing: border-box; }
.ludo [hidden] { display: none !important; }
.ludo-title { margin: 0; font-size: 1.5em; color: var(--ludo-fg-strong); letter-spacing: 0.01em; }
.ludo-rules { margin: 2px 0 12px; color: var(--ludo-fg-dim); }
.ludo-body { display: flex; flex-wrap: wrap; gap: 16px 20px; align-items: flex-start; }
.ludo-stage { flex: 1 1 340px; min-width: 260px; max-width: 500px; display: flex; flex-direction: column; gap: 8px; }
/* min-width: 0 on both: a long label (a seat's level, an option) shrinks or wraps inside its
   column rather than pushing the column past the widget's border or below the board. */
.ludo-side { flex: 1 1 230px; min-width: 0; max-width: 340px; display: flex; flex-direction: column; gap: 12px; }

.ludo-status {
  display: flex; align-items: center; gap: 8px; box-sizing: border-box; min-height: 4.2rem;
  line-height: 1.3;
  padding: 6px 12px; border-radius: var(--ludo-radius); border-left: 4px solid var(--ludo-border);
  background: var(--ludo-bg-2); color: var(--ludo-fg-strong); font-size: 1.15em; font-weight: 600;
}
.ludo-status[data-state="your-turn"] { border-left-color: var(--ludo-accent); }
.ludo-status[data-state="win"], .ludo-status[data-state="draw"], .ludo-status[data-state="lost"] {
  border: 2px solid var(--ludo-accent); border-left-width: 4px;
  background: color-mix(in srgb, var(--ludo-accent) 16%, var(--ludo-bg));
}
.ludo-badge { flex: none; }
.ludo-thinking { display: inline-flex; gap: 4px; margin-left: 2px; }
.ludo-thinking i { width: 7px; height: 7px; border-radius: 50%; background: currentColor; animation: ludo-bounce 1.1s infinite ease-in-out; }
.ludo-thinking i:nth-child(2) { animation-delay: 0.15s; }
.ludo-thinking i:nth-child(3) { animation-delay: 0.3s; }
@keyframes ludo-bounce { 0%, 70%, 100% { transform: translateY(0); opacity: 0.35; } 35% { transform: translateY(-6px); opacity: 1; } }
@media (prefers-reduced-motion: reduce) { .ludo-thinking i { animation: ludo-fade 1.6s infinite; } }
@keyframes ludo-fade { 50% { opacity: 0.3; } }

.ludo-slot { box-sizing: border-box; min-height: 2.9rem; display: flex; flex-direction: column; justify-content: center; }
.ludo-hint { margin: 0; padding: 4px 10px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; border: 2px dashed var(--ludo-orange); border-radius: var(--ludo-radius); font-weight: 600; }
.ludo-review-text { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ludo-review .ludo-back, .ludo-review .ludo-step, .ludo-next .ludo-continue { flex: none; white-space: nowrap; }
/* A round's result is read whole: it wraps rather than being cut (the slot grows a line). */
.ludo-next-text { flex: 1; min-width: 0; font-weight: 600; color: var(--ludo-fg-strong); }
.ludo-review, .ludo-next {
  display: flex; flex-wrap: nowrap; align-items: center; justify-content: space-between; gap: 8px;
  box-sizing: border-box; padding: 3px 10px; border: 1px solid var(--ludo-accent); border-radius: var(--ludo-radius);
  background: color-mix(in srgb, var(--ludo-accent) 14%, var(--ludo-bg));
}
.ludo-next { border-width: 2px; background: color-mix(in srgb, var(--ludo-accent) 22%, var(--ludo-bg)); }

.ludo-button, .ludo-seat-select, .ludo-lang-button {
  font: inherit; color: var(--ludo-fg-strong); background: var(--ludo-bg-2);
  border: 1px solid var(--ludo-border); border-radius: 6px; padding: 5px 10px; cursor: pointer;
}
.ludo-button:hover:not(:disabled), .ludo-lang-button:hover, .ludo-seat-select:hover { border-color: var(--ludo-accent); }
.ludo-button:disabled { opacity: 0.45; cursor: default; }
.ludo-button[data-intent="new"], .ludo-back, .ludo-lang-button[aria-pressed="true"] {
  background: var(--ludo-accent); border-color: var(--ludo-accent); color: var(--ludo-on-accent);
}
.ludo button:focus-visible, .ludo select:focus-visible, .ludo input:focus-visible, .ludo [tabindex]:focus-visible, .ludo summary:focus-visible {
  outline: 3px solid var(--ludo-accent); outline-offset: 2px;
}
.ludo-board:focus { outline: none; } /* a click: no ring; the keyboard: the ring above */
.ludo-board:focus-visible { outline: 3px solid var(--ludo-accent); outline-offset: 2px; }
.ludo .ludo-park:focus { outline: none; } /* a board holding the focus while it waits (kit/keys.js) */

.ludo-keys { font-size: 0.92em; color: var(--ludo-fg-dim); }
.ludo-keys-summary { cursor: pointer; width: fit-content; padding: 2px 6px; border-radius: 6px; font-weight: 600; }
.ludo-keys-summary::before { content: "⌨ "; }
.ludo-keys-list { display: grid; grid-template-columns: max-content 1fr; gap: 4px 10px; margin: 6px 0 0; }
.ludo-keys-list dt { display: flex; flex-wrap: wrap; gap: 3px; }
.ludo-keys-list dd { margin: 0; color: var(--ludo-fg); }
.ludo-keys kbd {
  font-family: var(--jp-code-font-family, ui-monospace, monospace); font-size: 0.92em; padding: 0 5px;
  border: 1px solid var(--ludo-border); border-bottom-width: 2px; border-radius: 4px; background: var(--ludo-bg-2); color: var(--ludo-fg-strong);
}
.ludo-buttons { display: grid; grid-template-columns: 1fr 1fr; gap: 6px; }

/* A fieldset is as wide as its content unless told (min-inline-size: min-content). */
.ludo-seats, .ludo-options { min-width: 0; max-width: 100%; }
.ludo-seats { margin: 0; padding: 6px 10px 10px; border: 1px solid var(--ludo-border); border-radius: var(--ludo-radius); }
.ludo-legend, .ludo-heading { padding: 0 4px; margin: 0; font-size: 0.95em; font-weight: 700; color: var(--ludo-fg-dim); }
.ludo-seat-rows { display: flex; flex-direction: column; gap: 6px; }
.ludo-seat { display: grid; grid-template-columns: auto auto minmax(0, 1fr); align-items: center; gap: 8px; }
.ludo-seat-name { min-width: 0; overflow-wrap: break-word; font-weight: 600; }
.ludo-seat-select { min-width: 0; max-width: 100%; text-overflow: ellipsis; }

.ludo-options { margin: 0; padding: 6px 10px 10px; border: 1px solid var(--ludo-border); border-radius: var(--ludo-radius); display: flex; flex-direction: column; gap: 6px; }
.ludo-option-rows { display: flex; flex-direction: column; gap: 5px; }
.ludo-option { display: flex; flex-direction: column; gap: 1px; }
.ludo-option-name { font-size: 0.92em; color: var(--ludo-fg-dim); font-weight: 600; }
.ludo-option-select { font: inherit; color: var(--ludo-fg-strong); background: var(--ludo-bg-2); border: 1px solid var(--ludo-border); border-radius: 6px; padding: 3px 6px; max-width: 100%; }
.ludo-option-select:hover { border-color: var(--ludo-accent); }
.ludo-options[data-draft="true"] .ludo-options-apply { background: var(--ludo-accent); border-color: var(--ludo-accent); color: var(--ludo-on-accent); }

.ludo-settings { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; }
.ludo-speed { display: flex; align-items: center; gap: 6px; }
.ludo-speed-input { width: 90px; accent-color: var(--ludo-accent); }
.ludo-speed-value { min-width: 3em; font-variant-numeric: tabular-nums; }
.ludo-lang { display: inline-flex; }
.ludo-lang-button { border-radius: 0; padding: 4px 10px; }
.ludo-lang-button:first-child { border-radius: 6px 0 0 6px; }
.ludo-lang-button:last-child { border-radius: 0 6px 6px 0; }

.ludo-gr-curve { display: block; width: 100%; max-width: 260px; height: auto; margin: 4px 0; }
.ludo-gr-axis { stroke: var(--jp-border-color1, #bbb); stroke-dasharray: 3 3; }
.ludo-gr-said { margin: 4px 0; font-size: 0.9em; }
.ludo-gr-moments { margin: 0; padding: 0; list-style: none; }
.ludo-gr-moment { text-align: left; background: none; border: 0; color: inherit; cursor: pointer; font: inherit; padding: 2px 0; text-decoration: underline dotted; }
.ludo-gr-moment:hover, .ludo-gr-moment:focus-visible { text-decoration: underline; }
.ludo-gr-moment.ludo-gr-blunder { font-weight: 600; }
.ludo-moves-list {
  list-style: none; margin: 4px 0 0; padding: 4px; max-height: 210px; overflow-y: auto;
  display: grid; grid-template-columns: repeat(auto-fill, minmax(118px, 1fr)); gap: 2px;
  border: 1px solid var(--ludo-border); border-radius: var(--ludo-radius);
}
.ludo-moves-list > :first-child { grid-column: 1 / -1; } /* "start", then the moves two by two */
.ludo-moves-empty { padding: 4px; color: var(--ludo-fg-dim); }
.ludo-move {
  width: 100%; text-align: left; padding: 2px 6px; border: 1px solid transparent; border-radius: 4px;
  background: none; color: var(--ludo-fg); cursor: pointer;
  font-family: var(--jp-code-font-family, ui-monospace, "SFMono-Regular", Menlo, monospace); font-size: 0.92em;
}
.ludo-move b { display: inline-block; min-width: 2.2em; color: var(--ludo-fg-dim); font-weight: 400; }
.ludo-move:hover { border-color: var(--ludo-border); }
.ludo-move[aria-current] { background: var(--ludo-accent); color: var(--ludo-on-accent); }
.ludo-move[aria-current] b { color: inherit; }

.ludo-toasts {
  position: absolute; right: 14px; bottom: 14px; z-index: 10; max-width: min(360px, 90%);
  display: flex; flex-direction: column; gap: 6px; pointer-events: none;
}
.ludo-toast {
  display: flex; align-items: flex-start; gap: 8px; padding: 8px 8px 8px 12px; pointer-events: auto;
  border: 1px solid var(--ludo-border); border-left: 6px solid var(--ludo-info); border-radius: var(--ludo-radius);
  background: var(--ludo-bg); color: var(--ludo-fg-strong); box-shadow: 0 4px 14px rgba(0, 0, 0, 0.25);
  animation: ludo-toast-in 0.2s ease-out;
}
.ludo-toast[data-level="error"] { border-left-color: var(--ludo-error); }
.ludo-toast-text { flex: 1; }
.ludo-toast-close { border: none; background: none; color: inherit; font-size: 1.2em; line-height: 1; cursor: pointer; }
@keyframes ludo-toast-in { from { transform: translateY(8px); opacity: 0; } }
@media (prefers-reduced-motion: reduce) { .ludo-toast { animation: none; } }

.ludo-curtain {
  display: flex; flex-direction: column; align-items: center; gap: 10px; padding: 28px 16px; text-align: center;
  border: 2px dashed var(--ludo-accent); border-radius: var(--ludo-radius); background: var(--ludo-bg-2); min-height: 220px; justify-content: center;
}
.ludo-curtain-title { margin: 0; font-size: 1.3em; color: var(--ludo-fg-strong); }
.ludo-curtain-text { margin: 0; max-width: 34em; }
.ludo-curtain-button { background: var(--ludo-accent); border-color: var(--ludo-accent); color: var(--ludo-on-accent); font-weight: 600; }
.ludo-omniscient { display: flex; align-items: center; gap: 6px; }
.ludo-omniscient-input { accent-color: var(--ludo-accent); }

.ludo-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.ludo-token-letter { fill: #ffffff; font-weight: 700; font-family: var(--jp-ui-font-family, system-ui, sans-serif); pointer-events: none; }
.ludo-token-shape { stroke: color-mix(in srgb, var(--ludo-fg-strong) 55%, var(--ludo-bg)); stroke-width: 1.5; }
`;
