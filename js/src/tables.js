// The teacher's room (widgets/tables.py): a table server's tables, refreshed by Python, with
// a Watch button for the tables opened here (the game then shows below, a widget of its own),
// a Close button for each (confirmed by a second click), the pairing form and the sheet of
// links. Like every view here it only reads traits and sends intents: pair_up, watch,
// unwatch, close, refresh, lang.

import { ensureStyle, h } from "./kit/dom.js";
import { createLanguage } from "./kit/controls.js";
import { KIT_STRINGS, translator } from "./kit/i18n.js";
import { KIT_CSS } from "./kit/style.js";
import { createToasts } from "./kit/toast.js";
import { mountView } from "./kit/view.js";
import { createList, createPairing, createSheet } from "./tables/panels.js";
import { TABLES_STRINGS } from "./tables/strings.js";
import { TABLES_CSS } from "./tables/style.js";

const TRAITS = ["info", "connection", "tables", "sheet", "watching", "notice", "lang"];

function readView(model) {
  return {
    info: model.get("info") ?? {},
    connection: model.get("connection") ?? "asking",
    tables: model.get("tables") ?? [],
    sheet: model.get("sheet") ?? [],
    watching: model.get("watching") ?? null,
    notice: model.get("notice") ?? {},
    lang: model.get("lang") ?? "fr",
  };
}

function render({ model, el }) {
  const t = translator(KIT_STRINGS, TABLES_STRINGS);
  const send = (intent) => model.send(intent);
  const ctx = { t, send };
  ensureStyle(el, "kit", KIT_CSS);
  ensureStyle(el, "tables", TABLES_CSS);

  const title = h("h2", { class: "ludo-title" });
  const language = createLanguage(ctx);
  const address = h("p", { class: "lr-address" });
  const connection = h("p", { class: "lr-connection", "aria-live": "polite" });
  const refresh = h("button", { type: "button", class: "ludo-button lr-refresh", onclick: () => send({ type: "refresh" }) });
  const listHeading = h("h3");
  const list = createList(ctx);
  const watchText = h("span");
  const unwatch = h("button", { type: "button", class: "ludo-button lr-unwatch", onclick: () => send({ type: "unwatch" }) });
  const watching = h("p", { class: "lr-watching", "aria-live": "polite" }, watchText, unwatch);
  const pairing = createPairing(ctx);
  const sheet = createSheet(ctx);
  const first = readView(model);
  const toasts = createToasts(ctx, first.notice);
  const root = h("div", { class: "ludo lr" },
    h("div", { class: "lr-head" }, title, language.el),
    h("div", { class: "lr-server" }, address, connection, refresh),
    h("section", { class: "lr-panel lr-tables" }, listHeading, list.el),
    watching,
    pairing.el,
    sheet.el,
    toasts.el);
  el.append(root);

  function update() {
    const view = readView(model);
    const { lang } = view;
    root.dataset.connection = view.connection;
    title.textContent = t(lang, "room.title");
    language.update(view);
    address.textContent = t(lang, "room.server", { address: view.info.address ?? "" });
    connection.dataset.state = view.connection;
    connection.textContent = t(lang, `connection.${view.connection}`);
    refresh.textContent = t(lang, "button.refresh");
    listHeading.textContent = t(lang, "list.title");
    list.update(view);
    watching.hidden = view.watching === null;
    watchText.textContent = view.watching === null ? "" : t(lang, "watch.shown", { table: view.watching });
    unwatch.textContent = t(lang, "watch.stop");
    pairing.update(view);
    sheet.update(view);
    toasts.update(view);
  }
  return mountView(model, { traits: TRAITS, update, root, cleanups: [toasts.destroy, list.destroy] });
}

export default { render };
