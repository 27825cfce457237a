import { afterEach, describe, expect, it } from "vitest";
import tournament from "../src/tournament.js";
import { renderWidget } from "./fake_model.js";
import { click } from "./helpers.js";

afterEach(() => document.body.replaceChildren());

// What widgets/tournament.py publishes for a small Sortilèges tournament, mid-run.
const INFO = {
  game: "sortileges", title: { fr: "Sortilèges", en: "Sortilèges" }, players: 2,
  games_per_pair: 2, seconds: 0.3, entrants: ["territoire", "hasard", "plante"],
};
const ROW = { games: 2, score: 0, points_low: 0, points_high: 0, rating: 25, low: 10, high: 40, forfeits: 0 };
const STANDINGS = [
  { ...ROW, rank: 1, entrant: "territoire", points: 2, points_high: 2, rating: 31.5 },
  { ...ROW, rank: 2, entrant: "hasard", points: 1.5, points_low: 0.5, points_high: 2 },
  { ...ROW, rank: 3, entrant: "plante", points: 0.5, forfeits: 2, rating: 18.25 },
];
const CROSSTABLE = {
  order: ["territoire", "hasard", "plante"],
  cells: [
    [null, { points: 1, games: 1 }, { points: 1, games: 1 }],
    [{ points: 0, games: 1 }, null, { points: 1.5, games: 2 }],
    [{ points: 0, games: 1 }, { points: 0.5, games: 2 }, null],
  ],
};
const GAMES = [
  { index: 0, seats: ["territoire", "hasard"], points: [1, 0], plies: 23, forfeits: [] },
  {
    index: 2, seats: ["plante", "hasard"], points: [0, 1], plies: 0,
    forfeits: [{ seat: 0, entrant: "plante", kind: "exception", reason: "raised KeyError: 'witch'",
      detail: 'Traceback (most recent call last):\n  File "plante.py", line 8, in choose\nKeyError: \'witch\'\n' }],
  },
];

function renderTournament(traits = {}) {
  return renderWidget(tournament, {
    info: INFO, status: "running", progress: { done: 2, total: 6, forfeits: 1 },
    standings: STANDINGS, crosstable: CROSSTABLE, games: GAMES, selected: null, notice: {}, lang: "fr",
    ...traits,
  });
}

describe("the tournament's view", () => {
  it("shows the leaderboard with each interval, as Python ranks it", () => {
    const { $$ } = renderTournament();
    const rows = $$(".lt-row");
    expect(rows.map((row) => row.dataset.entrant)).toEqual(["territoire", "hasard", "plante"]);
    expect(rows[1].querySelector(".lt-points").textContent).toContain("1,5 sur 2");
    expect(rows[1].querySelector(".lt-points").textContent).toContain("de 0,5 à 2");
    expect(rows[0].querySelector(".lt-rating").textContent).toBe("31,5de 10 à 40");
    expect(rows[2].querySelector(".lt-forfeits").dataset.count).toBe("2");
    expect(rows[1].querySelectorAll(".lt-bar circle")).toHaveLength(1);
  });

  it("writes every count and decimal as the reader does: spaced thousands and a decimal comma in French", () => {
    const space = "[\u00a0\u202f]"; // a no-break space, narrow or not (ICU's choice)
    const big = { done: 1200, total: 2400, forfeits: 1500 };
    const { $, $$, model } = renderTournament({
      progress: big, info: { ...INFO, games_per_pair: 1000, seconds: 0.25 },
      standings: [{ ...STANDINGS[0], games: 1200, points: 1000.5 }], games: [{ ...GAMES[0], plies: 1234 }],
    });
    expect($(".lt-progress-text").textContent).toMatch(new RegExp(`^1${space}200 / 2${space}400 parties · 1${space}500 forfaits$`));
    expect($(".lt-summary").textContent).toMatch(new RegExp(`, 1${space}000 parties par paire, 0,25 s par coup\\.$`));
    expect($(".lt-points").textContent).toMatch(new RegExp(`^1${space}000,5 sur 1${space}200`));
    expect($$(".lt-game td")[1].textContent).toMatch(new RegExp(`^coups : 1${space}234$`));
    model.set("lang", "en");
    expect($(".lt-progress-text").textContent).toBe("1,200 / 2,400 games · 1,500 forfeits");
    expect($(".lt-summary").textContent).toMatch(/, 1,000 games per pair, 0\.25 s per move\.$/);
    expect($(".lt-points").textContent).toMatch(/^1,000\.5 of 1,200/);
  });

  it("fills the progress bar and follows the status with its buttons", () => {
    const { model, $ } = renderTournament();
    expect($(".lt-progress").getAttribute("aria-valuenow")).toBe("2");
    expect($(".lt-progress-fill").style.width).toBe(`${100 / 3}%`);
    expect($(".lt-progress-text").textContent).toBe("2 / 6 parties · 1 forfaits");
    expect($(".lt-start").disabled).toBe(true);
    click($(".lt-stop"));
    expect(model.sent).toEqual([{ type: "stop" }]);
    expect($(".lt-stop").disabled).toBe(true); // until Python says the run stopped
    model.set("status", "stopped");
    expect($(".lt-status").dataset.status).toBe("stopped");
    expect($(".lt-start").disabled).toBe(false);
    expect($(".lt-start").textContent).toBe("Reprendre");
    click($(".lt-start"));
    expect(model.sent.at(-1)).toEqual({ type: "start" });
    model.set("progress", { done: 6, total: 6, forfeits: 2 });
    model.set("status", "done");
    expect($(".lt-start").disabled).toBe(true);
    expect($(".lt-stop").disabled).toBe(true);
  });

  it("draws the crosstable as a heat map: wins blue, losses vermillion, points written", () => {
    const { $, $$ } = renderTournament();
    const cells = $$(".lt-heat .lt-cell");
    expect(cells).toHaveLength(6); // 3 × 3 without the diagonal
    const win = $(".lt-cell[data-row='territoire'][data-column='hasard']");
    expect(win.querySelector("rect").getAttribute("fill")).toBe("#0072B2");
    const loss = $(".lt-cell[data-row='plante'][data-column='hasard']");
    expect(loss.querySelector("rect").getAttribute("fill")).toBe("#D55E00");
    expect(loss.querySelector("text").textContent).toBe("0,5");
    expect(loss.querySelector("title").textContent).toBe("plante contre hasard : 0,5 sur 2");
    expect($$(".lt-heat .lt-cell-self")).toHaveLength(3);
  });

  it("lists the games with forfeits and their traceback; a click asks Python to open one", () => {
    const { model, $, $$ } = renderTournament();
    expect($$(".lt-game").map((row) => row.dataset.game)).toEqual(["0", "2"]);
    const forfeit = $(".lt-forfeit[data-entrant='plante']");
    expect(forfeit.dataset.kind).toBe("exception");
    expect(forfeit.textContent).toBe("plante perd par forfait : erreur (raised KeyError: 'witch')");
    expect($(".lt-trace").textContent).toContain('File "plante.py", line 8');
    click($(".lt-open[data-game='2']"));
    expect(model.sent).toEqual([{ type: "open", game: 2 }]);
    model.set("selected", 2);
    expect($(".lt-game[data-game='2']").getAttribute("aria-current")).toBe("true");
    expect($(".lt-shown").textContent).toBe("Partie n° 3 affichée ci-dessous.");
  });

  it("keeps an unfolded traceback open as games keep coming", () => {
    const { model, $ } = renderTournament();
    const details = $(".lt-details");
    details.open = true;
    details.dispatchEvent(new Event("toggle"));
    model.set("games", [...GAMES, { index: 3, seats: ["hasard", "territoire"], points: [0, 1], plies: 17, forfeits: [] }]);
    expect($(".lt-details").open).toBe(true);
  });

  it("speaks English when asked, and shows Python's notices once", () => {
    const { model, $, $$ } = renderTournament({ notice: { id: 4, code: "running", params: {} } });
    expect($$(".ludo-toast")).toHaveLength(0); // an old notice is not replayed
    click($(".ludo-lang-button[data-lang='en']"));
    expect(model.sent).toEqual([{ type: "lang", value: "en" }]);
    model.set("lang", "en");
    expect($(".ludo-title").textContent).toBe("Tournament: Sortilèges");
    expect($(".lt-summary").textContent).toBe("3 entrants, 2 games per pair, 0.3 s per move.");
    model.set("notice", { id: 5, level: "error", code: "no-game", params: {} });
    expect($(".ludo-toast-text").textContent).toBe("That game is not finished (yet).");
  });

  it("warns, in the reader's language, when students' bots are not jailed", () => {
    const { model, $ } = renderTournament();
    expect($(".lt-unjailed").hidden).toBe(true); // jailed: nothing to say
    model.set("info", { ...INFO, unjailed: ["namespaces", "files"] });
    expect($(".lt-unjailed").hidden).toBe(false);
    expect($(".lt-unjailed").getAttribute("role")).toBe("alert");
    expect($(".lt-unjailed").textContent).toContain("Sans protection : espaces de noms, fichiers.");
    model.set("lang", "en");
    expect($(".lt-unjailed").textContent).toContain("Unprotected: namespaces, files.");
  });

  it("shows an empty tournament before its first game", () => {
    const { $ } = renderTournament({
      status: "ready", progress: { done: 0, total: 6, forfeits: 0 }, games: [],
      standings: STANDINGS.map((row) => ({ ...row, games: 0, points: 0 })),
    });
    expect($(".lt-start").textContent).toBe("Lancer le tournoi");
    expect($(".lt-start").disabled).toBe(false);
    expect($(".lt-standings .lt-empty").hidden).toBe(false);
    expect($(".lt-games .lt-empty").textContent).toBe("Les parties finies s'afficheront ici.");
  });

  it("stops listening when the view closes", () => {
    const { model, cleanup, el } = renderTournament();
    cleanup();
    expect(model.listenerCount()).toBe(0);
    expect(el.querySelector(".lt")).toBeNull();
  });
});
