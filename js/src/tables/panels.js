// The teacher's room's panels, each drawn from one snapshot of the traits (`view`): the
// server's tables, the pairing form and the sheet of links. They only read the traits; what
// they ask goes through `send`: `watch` a table, `unwatch`, `close` a table, `pair_up` a list
// of names.

import { h, keyedChildren } from "../kit/dom.js";
import { formatNumber } from "../kit/numbers.js";
import { inLang } from "../kit/view.js";

/** A seat's label in words: a pupil's name, "Human", or "Bot level 2". */
export function seatText(t, lang, label, name = null) {
  if (name) return name;
  if (typeof label === "string" && label.startsWith("bot:")) return t(lang, "seat.bot", { level: label.slice(4) });
  return label === "human" ? t(lang, "seat.human") : String(label ?? "");
}

/** How long a Close button, once clicked, asks "Confirm?" before it is Close again. */
export const CONFIRM_MS = 5000;
/** A second click sooner than this after the first is a double click, not a confirmation. */
export const SLIP_MS = 400;

/** The server's tables: number, game, seats (who is connected), ply, state, a Watch button
 * for the tables whose watch link this widget knows, and a Close button for each. Closing
 * takes two clicks (or Enter twice): the first turns the button into "Confirm?" for
 * `CONFIRM_MS`, Escape or the time running out turns it back; only the second sends
 * `close`. `destroy()` stops its timer. */
export function createList({ t, send }) {
  const head = h("thead");
  const body = h("tbody");
  const empty = h("p", { class: "lr-empty" });
  const help = h("p", { class: "lr-help" });
  const said = h("p", { class: "ludo-sr lr-close-said", "aria-live": "polite" });
  const el = h("div", { class: "lr-list" }, h("div", { class: "lr-scroll" }, h("table", { class: "lr-table" }, head, body)), empty, help, said);
  let lang = "fr";
  let armed = null; // the table whose Close button asks "Confirm?": {table, at, timer}

  // written only when it changes: a live region or a focused button says a new text again
  const setText = (element, text) => { if (element.textContent !== text) element.textContent = text; };

  function drawClose(button) {
    const table = Number(button.dataset.table);
    const asking = armed?.table === table;
    button.dataset.confirm = String(asking);
    setText(button, t(lang, asking ? "list.close-confirm" : "list.close"));
    button.setAttribute("aria-label", t(lang, asking ? "list.close-confirm-label" : "list.close-label", { table }));
  }

  function redrawClose() {
    for (const button of body.querySelectorAll(".lr-close")) drawClose(button);
    setText(said, armed ? t(lang, "list.close-armed", { table: armed.table }) : "");
  }

  function disarm() {
    if (!armed) return;
    clearTimeout(armed.timer);
    armed = null;
    redrawClose();
  }

  function clickClose(table) {
    if (armed?.table !== table) { // the first click: ask
      disarm();
      armed = { table, at: Date.now(), timer: setTimeout(disarm, CONFIRM_MS) };
      redrawClose();
      return;
    }
    if (Date.now() - armed.at < SLIP_MS) return; // a double click is not a confirmation
    disarm();
    send({ type: "close", table });
  }

  function closeButton(table) {
    const button = h("button", {
      type: "button", class: "ludo-button lr-close", "data-table": table,
      onclick: () => clickClose(table),
      onkeydown: (event) => {
        if (event.key === "Escape" && armed?.table === table) {
          event.preventDefault();
          disarm();
        }
      },
    });
    drawClose(button);
    return button;
  }

  function row(table, watching) {
    const seats = table.seats.map((seat) => h("span", { class: "lr-seat", "data-connected": String(Boolean(seat.connected)) },
      h("span", { class: "lr-dot", "aria-hidden": "true", title: t(lang, seat.connected ? "list.connected" : "list.absent") }),
      seatText(t, lang, seat.label, seat.name),
      h("span", { class: "ludo-sr" }, ` (${t(lang, seat.connected ? "list.connected" : "list.absent")})`)));
    const watchers = table.watchers ? h("span", { class: "lr-watchers" }, t(lang, "list.watchers", { count: formatNumber(table.watchers, lang) })) : null;
    const watch = table.watchable
      ? h("button", {
        type: "button", class: "ludo-button lr-watch", "data-table": table.table,
        "aria-label": t(lang, "list.watch-label", { table: table.table }),
        onclick: () => send({ type: "watch", table: table.table }),
      }, t(lang, "list.watch"))
      : h("span", { class: "lr-no-link" }, t(lang, "list.no-link"));
    return h("tr", { class: "lr-row", "data-table": table.table, "aria-current": watching === table.table ? "true" : null },
      h("th", { scope: "row" }, t(lang, "list.number", { table: table.table })),
      h("td", { class: "lr-game-title" }, inLang(table.title, lang, table.game ?? "")),
      h("td", { class: "lr-seats" }, ...seats, watchers),
      h("td", { class: "lr-ply" }, formatNumber(table.ply ?? 0, lang)),
      h("td", { class: "lr-state", "data-over": String(Boolean(table.over)) }, t(lang, table.over ? "state.over" : "state.playing")),
      h("td", {}, h("div", { class: "lr-actions" }, watch, closeButton(table.table))));
  }

  return {
    el,
    update(view) {
      const { tables, watching } = view;
      lang = view.lang;
      if (armed && !tables.some((table) => table.table === armed.table)) disarm(); // gone meanwhile
      head.replaceChildren(h("tr", {}, ...["table", "game", "seats", "ply", "state", "actions"].map(
        (key) => h("th", { scope: "col" }, t(lang, `list.${key}`)))));
      // the button that has the focus, found again if its row is made anew
      const active = el.ownerDocument.activeElement;
      const focused = body.contains(active) && active.dataset.table !== undefined ? active : null;
      // a row unchanged keeps its element (and the focus on its button) across refreshes
      keyedChildren(body, tables.map((table) => ({
        key: JSON.stringify([lang, watching === table.table, table]),
        make: () => row(table, watching),
      })));
      if (focused && !body.contains(focused)) {
        [...body.querySelectorAll("button")].find((button) => button.className === focused.className
          && button.dataset.table === focused.dataset.table)?.focus();
      }
      redrawClose();
      empty.hidden = tables.length > 0;
      empty.textContent = t(lang, "list.empty");
      help.textContent = t(lang, "list.help");
    },
    destroy() {
      if (armed) clearTimeout(armed.timer);
      armed = null;
    },
  };
}

/** The names of a textarea: one per line, trimmed, blank lines left out. */
export function namesOf(text) {
  return text.split(/\r?\n/).map((name) => name.trim()).filter((name) => name !== "");
}

/** A game menu and a textarea of names, sent as one `pair_up` intent (Python checks them). */
export function createPairing({ t, send }) {
  const heading = h("h3");
  const gameLabel = h("span");
  const game = h("select", { class: "lr-game", name: "game" });
  const namesLabel = h("span");
  const names = h("textarea", { class: "lr-names", name: "names", rows: 8, spellcheck: "false", autocomplete: "off" });
  const help = h("p", { class: "lr-help" });
  const count = h("span", { class: "lr-count", "aria-live": "polite" });
  const submit = h("button", { type: "submit", class: "ludo-button lr-submit" });
  const noGame = h("p", { class: "lr-empty" });
  let lang = "fr";
  let asked = null; // the sheet's length when names were sent: cleared once Python adds lines
  const counted = () => { count.textContent = t(lang, "pairing.count", { count: formatNumber(namesOf(names.value).length, lang) }); };
  names.addEventListener("input", counted);
  const form = h("form", {
    class: "lr-form",
    onsubmit: (event) => {
      event.preventDefault();
      if (!game.value) return;
      asked = sheetLength;
      send({ type: "pair_up", game: game.value, names: namesOf(names.value) });
    },
  },
  h("label", { class: "lr-field" }, gameLabel, game),
  h("label", { class: "lr-field" }, namesLabel, names),
  help,
  h("div", { class: "lr-form-foot" }, submit, count),
  noGame);
  const el = h("section", { class: "lr-panel lr-pairing" }, heading, form);
  let games = null;
  let sheetLength = 0;
  return {
    el,
    update(view) {
      lang = view.lang;
      const shown = JSON.stringify([lang, view.info.games ?? []]);
      if (shown !== games) { // the menu rebuilt only when it changes: the choice stays
        games = shown;
        const chosen = game.value;
        game.replaceChildren(...(view.info.games ?? []).map((g) => h("option", { value: g.name }, inLang(g.title, lang, g.name))));
        if ([...game.options].some((option) => option.value === chosen)) game.value = chosen;
      }
      sheetLength = view.sheet.length;
      if (asked !== null && sheetLength > asked) { // the tables are open: the names are on the sheet
        asked = null;
        names.value = "";
      }
      const limits = view.info.limits ?? {};
      heading.textContent = t(lang, "pairing.title");
      gameLabel.textContent = t(lang, "pairing.game");
      namesLabel.textContent = t(lang, "pairing.names");
      help.textContent = t(lang, "pairing.help", { names: formatNumber(limits.names ?? 60, lang), chars: formatNumber(limits.chars ?? 40, lang) });
      submit.textContent = t(lang, "pairing.submit");
      const none = !(view.info.games ?? []).length;
      submit.disabled = none;
      noGame.hidden = !none;
      noGame.textContent = t(lang, "pairing.no-game");
      counted();
    },
  };
}

/** The sheet of links: one line per pupil (name, table, opponent, link). */
export function createSheet({ t }) {
  const heading = h("h3");
  const help = h("p", { class: "lr-help" });
  const head = h("thead");
  const body = h("tbody");
  const el = h("section", { class: "lr-panel lr-sheet" }, heading, help,
    h("div", { class: "lr-scroll" }, h("table", { class: "lr-table" }, head, body)));
  return {
    el,
    update(view) {
      const { lang, sheet } = view;
      el.hidden = sheet.length === 0;
      heading.textContent = t(lang, "sheet.title");
      help.textContent = t(lang, "sheet.help");
      head.replaceChildren(h("tr", {}, ...["pupil", "table", "opponent", "link"].map(
        (key) => h("th", { scope: "col" }, t(lang, `sheet.${key}`)))));
      keyedChildren(body, sheet.map((line) => ({
        key: JSON.stringify([lang, line]),
        make: () => h("tr", { class: "lr-line", "data-name": line.name },
          h("th", { scope: "row" }, line.name),
          h("td", {}, t(lang, "list.number", { table: line.table })),
          h("td", {}, seatText(t, lang, line.opponent)),
          h("td", { class: "lr-link" }, h("code", {}, line.link))),
      })));
    },
  };
}
