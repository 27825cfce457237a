// The class tournament's view (widgets/tournament.py): title, Start / Stop, a progress bar,
// the leaderboard, the crosstable as a heat map and the games, each of which opens on its
// game's board below (a widget of its own, shown by Python under this one). Like every
// view here it only reads traits and sends intents: start, stop, open, lang.

import { ensureStyle, h } from "./kit/dom.js";
import { createLanguage } from "./kit/controls.js";
import { KIT_STRINGS, translator } from "./kit/i18n.js";
import { formatNumber } from "./kit/numbers.js";
import { KIT_CSS } from "./kit/style.js";
import { createToasts } from "./kit/toast.js";
import { inLang, mountView } from "./kit/view.js";
import { createCrosstable, createGames, createStandings } from "./tournament/panels.js";
import { TOURNAMENT_STRINGS } from "./tournament/strings.js";
import { TOURNAMENT_CSS } from "./tournament/style.js";

const TRAITS = ["info", "status", "progress", "standings", "crosstable", "games", "selected", "notice", "lang"];

function readView(model) {
  return {
    info: model.get("info") ?? {},
    status: model.get("status") ?? "ready",
    progress: model.get("progress") ?? {},
    standings: model.get("standings") ?? [],
    crosstable: model.get("crosstable") ?? {},
    games: model.get("games") ?? [],
    selected: model.get("selected") ?? null,
    notice: model.get("notice") ?? {},
    lang: model.get("lang") ?? "fr",
  };
}

function panel(title, content) {
  const heading = h("h3");
  return { el: h("section", { class: "lt-panel" }, heading, content.el), heading, title, content };
}

function render({ model, el }) {
  const t = translator(KIT_STRINGS, TOURNAMENT_STRINGS);
  const send = (intent) => model.send(intent);
  const ctx = { t, send };
  ensureStyle(el, "kit", KIT_CSS);
  ensureStyle(el, "tournament", TOURNAMENT_CSS);

  const title = h("h2", { class: "ludo-title" });
  const summary = h("p", { class: "lt-summary" });
  const unjailed = h("p", { class: "lt-unjailed", role: "alert" }); // bots not in a jail: say so
  const language = createLanguage(ctx);
  const start = h("button", { type: "button", class: "ludo-button lt-start", onclick: () => send({ type: "start" }) });
  let stopAsked = false; // the Stop button waits for Python's answer (the status changes)
  const stop = h("button", {
    type: "button", class: "ludo-button lt-stop",
    onclick: () => { stopAsked = true; stop.disabled = true; send({ type: "stop" }); },
  });
  const fill = h("div", { class: "lt-progress-fill" });
  const bar = h("div", { class: "lt-progress", role: "progressbar", "aria-valuemin": 0 }, fill);
  const count = h("span", { class: "lt-progress-text" });
  const status = h("p", { class: "lt-status", "aria-live": "polite" });
  const shown = h("p", { class: "lt-summary lt-shown", "aria-live": "polite" });
  const panels = [
    panel("standings.title", createStandings(ctx)),
    panel("crosstable.title", createCrosstable(ctx)),
    panel("games.title", createGames(ctx)),
  ];
  const first = readView(model);
  const toasts = createToasts(ctx, first.notice);
  const root = h("div", { class: "ludo lt" },
    h("div", { class: "lt-head" }, title, language.el),
    summary,
    unjailed,
    h("div", { class: "lt-controls" }, start, stop, bar, count),
    status,
    h("div", { class: "lt-panels" }, ...panels.map((p) => p.el)),
    shown,
    toasts.el);
  el.append(root);

  let lastStatus = first.status;
  function update() {
    const view = readView(model);
    const { info, lang, progress } = view;
    root.dataset.status = view.status;
    title.textContent = t(lang, "tournament.title", { game: inLang(info.title, lang, info.game ?? "") });
    summary.textContent = t(lang, "tournament.summary", {
      entrants: formatNumber(info.entrants?.length ?? 0, lang), pairs: formatNumber(info.games_per_pair ?? 0, lang), seconds: formatNumber(info.seconds ?? 0, lang),
    });
    const missing = info.unjailed ?? [];
    unjailed.hidden = !missing.length;
    unjailed.textContent = missing.length
      ? t(lang, "sandbox.warning", { missing: missing.map((name) => t(lang, `sandbox.${name}`)).join(", ") })
      : "";
    language.update(view);
    const done = progress.done ?? 0;
    const total = progress.total ?? 0;
    const running = view.status === "running";
    if (view.status !== lastStatus) stopAsked = false;
    lastStatus = view.status;
    start.textContent = t(lang, done ? "button.resume" : "button.start");
    start.disabled = running || done >= total;
    stop.textContent = t(lang, "button.stop");
    stop.disabled = !running || stopAsked;
    bar.setAttribute("aria-valuemax", total);
    bar.setAttribute("aria-valuenow", done);
    bar.setAttribute("aria-label", t(lang, "progress.label"));
    fill.style.width = `${total ? (100 * done) / total : 0}%`;
    count.textContent = t(lang, "progress.text", { done: formatNumber(done, lang), total: formatNumber(total, lang), forfeits: progress.forfeits ? formatNumber(progress.forfeits, lang) : null });
    status.dataset.status = view.status;
    status.textContent = t(lang, `status.${view.status}`);
    for (const p of panels) {
      p.heading.textContent = t(lang, p.title);
      p.content.update(view);
    }
    shown.hidden = view.selected === null;
    shown.textContent = view.selected === null ? "" : t(lang, "games.shown", { number: view.selected + 1 });
    toasts.update(view);
  }
  return mountView(model, { traits: TRAITS, update, root, cleanups: [toasts.destroy] });
}

export default { render };
