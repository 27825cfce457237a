import { afterEach, describe, expect, it, vi } from "vitest";
import { KIT_STRINGS, LANGS } from "../src/kit/i18n.js";
import tables from "../src/tables.js";
import { CONFIRM_MS, SLIP_MS, namesOf } from "../src/tables/panels.js";
import { TABLES_STRINGS } from "../src/tables/strings.js";
import { renderWidget } from "./fake_model.js";
import { click, key as press } from "./helpers.js";

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

// What widgets/tables.py publishes: a table opened elsewhere (no watch link known here), a
// pairing opened through the widget (Ada against Bo; Cy against a bot), its sheet.
const INFO = {
  address: "ws://192.168.1.20:8765", refresh: 2,
  games: [
    { name: "nains", title: { fr: "Tir de tuyau (Oh ! les nains)", en: "Hose pull (Oh! les nains)" } },
    { name: "sortileges", title: { fr: "Sortilèges", en: "Sortilèges" } },
  ],
  limits: { names: 60, chars: 40 },
};
const NAINS = { fr: "Tir de tuyau (Oh ! les nains)", en: "Hose pull (Oh! les nains)" };
const TABLES = [
  { table: 1, game: "sortileges", title: { fr: "Sortilèges", en: "Sortilèges" }, ply: 12, over: true, watchers: 0, watchable: false,
    seats: [{ label: "human", name: null, connected: false }, { label: "human", name: null, connected: true }] },
  { table: 2, game: "nains", title: NAINS, ply: 3, over: false, watchers: 1, watchable: true,
    seats: [{ label: "human", name: "Ada", connected: true }, { label: "human", name: "Bo", connected: false }] },
  { table: 3, game: "nains", title: NAINS, ply: 0, over: false, watchers: 0, watchable: true,
    seats: [{ label: "human", name: "Cy", connected: false }, { label: "bot:2", name: null, connected: false }] },
];
const LINK = (token) => `ws://192.168.1.20:8765/#${token.repeat(32)}`;
const SHEET = [
  { name: "Ada", table: 2, opponent: "Bo", link: LINK("a") },
  { name: "Bo", table: 2, opponent: "Ada", link: LINK("b") },
  { name: "Cy", table: 3, opponent: "bot:2", link: LINK("c") },
];

function renderRoom(traits = {}) {
  return renderWidget(tables, {
    info: INFO, connection: "answering", tables: TABLES, sheet: [], watching: null, notice: {}, lang: "fr", ...traits,
  });
}

describe("the teacher's room", () => {
  it("lists the server's tables: game, seats with who is connected, ply, state", () => {
    const { $$, $ } = renderRoom();
    const rows = $$(".lr-row");
    expect(rows.map((row) => row.dataset.table)).toEqual(["1", "2", "3"]);
    const cells = (row) => [...row.children].map((cell) => cell.textContent);
    expect(cells(rows[0]).slice(0, 2)).toEqual(["n° 1", "Sortilèges"]);
    expect(rows[0].querySelector(".lr-ply").textContent).toBe("12");
    expect(rows[0].querySelector(".lr-state").textContent).toBe("finie");
    expect(rows[1].querySelector(".lr-state").textContent).toBe("en cours");
    const seats = rows[1].querySelectorAll(".lr-seat");
    expect([...seats].map((seat) => seat.dataset.connected)).toEqual(["true", "false"]);
    expect(seats[0].textContent).toBe("Ada (connecté)");
    expect(seats[1].textContent).toBe("Bo (pas connecté)");
    expect(rows[1].querySelector(".lr-watchers").textContent).toBe("1 spectateur");
    expect(rows[2].querySelectorAll(".lr-seat")[1].textContent).toContain("Robot niveau 2");
    expect($(".lr-connection").dataset.state).toBe("answering");
    expect($(".lr-address").textContent).toBe("Serveur des tables : ws://192.168.1.20:8765");
  });

  it("offers Watch only for the tables whose link it knows, and says why", () => {
    const { $$, $, model } = renderRoom();
    const rows = $$(".lr-row");
    expect(rows[0].querySelector(".lr-watch")).toBeNull();
    expect(rows[0].querySelector(".lr-no-link").textContent).toBe("lien inconnu");
    expect($(".lr-list .lr-help").textContent).toMatch(/ouvertes depuis ce widget/);
    const watch = rows[2].querySelector(".lr-watch");
    expect(watch.tagName).toBe("BUTTON");
    expect(watch.getAttribute("aria-label")).toBe("Regarder la table n° 3");
    click(watch);
    expect(model.sent).toEqual([{ type: "watch", table: 3 }]);
    model.set("watching", 3);
    expect($(".lr-row[data-table='3']").getAttribute("aria-current")).toBe("true");
    expect($(".lr-watching").hidden).toBe(false);
    expect($(".lr-watching").textContent).toContain("Table n° 3 regardée ci-dessous.");
    click($(".lr-unwatch"));
    expect(model.sent.at(-1)).toEqual({ type: "unwatch" });
  });

  it("sends the form as one pair_up intent: the game chosen and the names, one per line", () => {
    const { $, model } = renderRoom();
    const select = $(".lr-game");
    expect([...select.options].map((option) => option.value)).toEqual(["nains", "sortileges"]);
    select.value = "sortileges";
    const names = $(".lr-names");
    names.value = "Ada\n  Bo \n\nCy\r\n";
    names.dispatchEvent(new Event("input", { bubbles: true }));
    expect($(".lr-count").textContent).toBe("3 noms");
    // Enter on the submit button, as a keyboard does: a form's submit
    $(".lr-form").dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    expect(model.sent).toEqual([{ type: "pair_up", game: "sortileges", names: ["Ada", "Bo", "Cy"] }]);
    expect(names.value).not.toBe(""); // kept until Python has opened the tables
    model.set("sheet", SHEET);
    expect(names.value).toBe("");
    expect($(".lr-game").value).toBe("sortileges");
  });

  it("keeps the names when Python refuses them, and shows its notice", () => {
    const { $, model } = renderRoom();
    $(".lr-names").value = "Ada\nAda";
    $(".lr-form").dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    model.set("notice", { id: 1, level: "error", code: "same-name", params: { name: "Ada" } });
    expect($(".ludo-toast").textContent).toContain("Ce nom est donné deux fois : « Ada ».");
    expect($(".lr-names").value).toBe("Ada\nAda");
  });

  it("shows the sheet of links, each pupil's table, opponent and link", () => {
    const { $, $$, model } = renderRoom();
    expect($(".lr-sheet").hidden).toBe(true);
    model.set("sheet", SHEET);
    expect($(".lr-sheet").hidden).toBe(false);
    const lines = $$(".lr-line");
    expect(lines.map((line) => line.dataset.name)).toEqual(["Ada", "Bo", "Cy"]);
    expect([...lines[2].children].map((cell) => cell.textContent)).toEqual(["Cy", "n° 3", "Robot niveau 2", LINK("c")]);
  });

  it("says when the server does not answer, and asks for a refresh", () => {
    const { $, model } = renderRoom({ connection: "away" });
    expect($(".lr-connection").textContent).toMatch(/ne répond pas/);
    expect($(".lr").dataset.connection).toBe("away");
    click($(".lr-refresh"));
    expect(model.sent).toEqual([{ type: "refresh" }]);
  });

  it("speaks English when told, the rows unchanged otherwise keep their elements", () => {
    const { $, $$, model } = renderRoom();
    const before = $$(".lr-row")[1];
    model.set("tables", [TABLES[0], { ...TABLES[1] }, { ...TABLES[2], ply: 1 }]);
    expect($$(".lr-row")[1]).toBe(before); // a refresh that changed nothing of it: focus stays
    model.set("lang", "en");
    expect($(".ludo-title").textContent).toBe("The teacher's room");
    expect($$(".lr-row")[0].querySelector(".lr-state").textContent).toBe("over");
    expect($(".lr-submit").textContent).toBe("Open the tables");
    click($(".ludo-lang-button[data-lang='fr']"));
    expect(model.sent).toEqual([{ type: "lang", value: "fr" }]);
  });

  it("closes a table in two clicks: the first asks to confirm, the second sends one close", () => {
    vi.useFakeTimers();
    const { $, $$, model } = renderRoom();
    const buttons = $$(".lr-close");
    expect(buttons.map((button) => button.dataset.table)).toEqual(["1", "2", "3"]); // every table, watchable or not
    const close = $(".lr-close[data-table='2']");
    expect(close.textContent).toBe("Fermer");
    expect(close.getAttribute("aria-label")).toBe("Fermer la table n° 2");
    click(close);
    expect(model.sent).toEqual([]); // asked, not sent
    expect(close.dataset.confirm).toBe("true");
    expect(close.textContent).toBe("Confirmer ?");
    expect(close.getAttribute("aria-label")).toBe("Confirmer : fermer la table n° 2 (Échap : annuler)");
    expect($(".lr-close-said").textContent).toContain("ferme la table n° 2");
    expect($(".lr-close[data-table='3']").textContent).toBe("Fermer"); // only that one asks
    vi.advanceTimersByTime(SLIP_MS + 100);
    click(close);
    expect(model.sent).toEqual([{ type: "close", table: 2 }]);
    expect(close.textContent).toBe("Fermer"); // a third click asks again, sends nothing
    expect($(".lr-close-said").textContent).toBe("");
    click(close);
    expect(model.sent).toHaveLength(1);
    model.set("tables", [TABLES[0], TABLES[2]]); // Python closed it: the row is gone
    expect($(".lr-close[data-table='2']")).toBeNull();
    expect($(".lr-close-said").textContent).toBe(""); // and nothing asks any more
  });

  it("sends nothing without the confirmation: time out, Escape, a double click, another table", () => {
    vi.useFakeTimers();
    const { $, model } = renderRoom();
    const close = $(".lr-close[data-table='1']");
    click(close);
    vi.advanceTimersByTime(CONFIRM_MS);
    expect(close.textContent).toBe("Fermer"); // it asked long enough
    click(close); // so this click asks again
    expect(close.textContent).toBe("Confirmer ?");
    press(close, "Escape");
    expect(close.textContent).toBe("Fermer");
    click(close);
    click(close); // a double click by a slip of the finger
    expect(close.textContent).toBe("Confirmer ?");
    vi.advanceTimersByTime(SLIP_MS + 100);
    click($(".lr-close[data-table='3']")); // another table's: that one asks now
    expect(close.textContent).toBe("Fermer");
    expect($(".lr-close[data-table='3']").textContent).toBe("Confirmer ?");
    vi.advanceTimersByTime(CONFIRM_MS);
    expect(model.sent).toEqual([]);
  });

  it("keeps asking, and the focus, when a refresh draws the row anew", () => {
    vi.useFakeTimers();
    const { $, model } = renderRoom();
    $(".lr-close[data-table='3']").focus();
    click($(".lr-close[data-table='3']"));
    vi.advanceTimersByTime(SLIP_MS + 100);
    const before = $(".lr-close[data-table='3']");
    model.set("tables", [TABLES[0], TABLES[1], { ...TABLES[2], ply: 1 }]); // a move was played
    const after = $(".lr-close[data-table='3']");
    expect(after).not.toBe(before);
    expect(document.activeElement).toBe(after);
    expect(after.textContent).toBe("Confirmer ?");
    after.click(); // Enter or Space on a focused button
    expect(model.sent).toEqual([{ type: "close", table: 3 }]);
  });

  it("speaks English when closing, and its teardown leaves no listener", () => {
    const { $, model, cleanup, el } = renderRoom({ lang: "en" });
    const close = $(".lr-close[data-table='1']");
    expect(close.textContent).toBe("Close");
    click(close);
    expect(close.textContent).toBe("Confirm?");
    expect(close.getAttribute("aria-label")).toBe("Confirm: close table no. 1 (Escape: cancel)");
    cleanup();
    expect(model.listenerCount()).toBe(0);
    expect(el.querySelector(".lr")).toBeNull();
  });

  it("has the form's controls labelled and reachable by the keyboard", () => {
    const { $ } = renderRoom();
    expect($(".lr-game").closest("label").textContent).toContain("Jeu");
    expect($(".lr-names").closest("label").textContent).toContain("un par ligne");
    expect($(".lr-submit").type).toBe("submit");
    for (const button of document.querySelectorAll(".lr button")) expect(button.tabIndex).toBe(0);
  });

  it("reads the textarea's names as Python expects them", () => {
    expect(namesOf(" Ada \n\n\tBo\r\nCy")).toEqual(["Ada", "Bo", "Cy"]);
    expect(namesOf("\n \n")).toEqual([]);
  });

  it("has its strings in both languages, the same placeholders, no key unknown", () => {
    const [fr, en] = LANGS.map((lang) => TABLES_STRINGS[lang]);
    expect(Object.keys(en).sort()).toEqual(Object.keys(fr).sort());
    const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(fr)) {
      expect(fr[key].trim(), key).not.toBe("");
      expect(placeholders(en[key]), key).toEqual(placeholders(fr[key]));
      expect(key).toMatch(/^[a-z]+(?:-[a-z]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*){1,2}$/);
    }
    for (const key of ["seat.bot", "seat.human", "lang.label", "button.close"]) expect(KIT_STRINGS.fr[key]).toBeDefined();
  });
});
