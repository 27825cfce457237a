// The tournament's panels, each drawn from one snapshot of the traits (`view`): the
// leaderboard, the crosstable as a heat map, the list of games. They only read the traits;
// the one thing they ask is to open a game (`send({type: "open", game})`).

import { h, s } from "../kit/dom.js";
import { formatNumber } from "../kit/numbers.js";
import { OKABE_ITO } from "../kit/palette.js";

/** Points, ratings and counts as the reader writes them: "1,5" and "1 200" in French. */
const number = (value, lang, digits = 1) => formatNumber(value, lang, { maximumFractionDigits: digits });

/** The leaderboard: rank, entrant, points with their interval (and a bar), rating with its
 * interval, forfeits. */
export function createStandings({ t }) {
  const head = h("thead");
  const body = h("tbody");
  const empty = h("p", { class: "lt-empty" });
  const el = h("div", { class: "lt-standings" }, h("table", { class: "lt-table" }, head, body), empty);
  return {
    el,
    update(view) {
      const { lang, standings } = view;
      head.replaceChildren(h("tr", {}, ...["rank", "entrant", "points", "rating", "forfeits"].map(
        (key) => h("th", { scope: "col" }, t(lang, `standings.${key}`)))));
      const played = standings.some((row) => row.games > 0);
      empty.hidden = played;
      empty.textContent = t(lang, "standings.empty");
      body.replaceChildren(...standings.map((row) => h("tr", { class: "lt-row", "data-entrant": row.entrant, "data-rank": row.rank },
        h("td", {}, String(row.rank)),
        h("th", { scope: "row" }, row.entrant),
        h("td", { class: "lt-points", "data-points": row.points },
          t(lang, "standings.of", { points: number(row.points, lang), games: number(row.games, lang) }),
          intervalBar(row),
          h("span", { class: "lt-interval" }, t(lang, "standings.interval",
            { low: number(row.points_low, lang), high: number(row.points_high, lang) }))),
        h("td", { class: "lt-rating", "data-rating": row.rating },
          number(row.rating, lang),
          h("span", { class: "lt-interval" }, t(lang, "standings.interval",
            { low: number(row.low, lang), high: number(row.high, lang) }))),
        h("td", { class: "lt-forfeits", "data-count": row.forfeits }, number(row.forfeits, lang)))));
    },
  };
}

const BAR = { width: 90, height: 10 };

/** Points per game and its interval on a 0–1 line. */
function intervalBar(row) {
  if (!row.games) return null;
  const x = (points) => 2 + (BAR.width - 4) * Math.min(Math.max(points / row.games, 0), 1);
  const y = BAR.height / 2;
  return s("svg", { class: "lt-bar", width: BAR.width, height: BAR.height, viewBox: `0 0 ${BAR.width} ${BAR.height}`, "aria-hidden": "true" },
    s("line", { class: "lt-bar-track", x1: 2, x2: BAR.width - 2, y1: y, y2: y }),
    s("line", { x1: x(row.points_low), x2: x(row.points_high), y1: y, y2: y }),
    s("circle", { cx: x(row.points), cy: y, r: 3.5 }));
}

const CELL = 30;
const LABEL = 130;
const TOP = 22;

/** How much a cell leans to a win (blue) or a loss (vermillion): colour-blind safe, and
 * the points are written in the cell too. */
function cellPaint(points, games) {
  const share = points / games;
  return { fill: share >= 0.5 ? OKABE_ITO.blue : OKABE_ITO.vermillion, opacity: (0.12 + 1.5 * Math.abs(share - 0.5)).toFixed(2) };
}

/** The crosstable as an SVG heat map: row against column, in the standings' order; the
 * columns are numbered by the rows' places. */
export function createCrosstable({ t }) {
  const help = h("p", { class: "lt-help" });
  const holder = h("div", { class: "lt-heat-holder" });
  const el = h("div", { class: "lt-crosstable" }, holder, help);
  return {
    el,
    update(view) {
      const { lang } = view;
      const { order = [], cells = [] } = view.crosstable;
      const size = order.length;
      const width = LABEL + size * CELL + 2;
      const height = TOP + size * CELL + 2;
      const svg = s("svg", { class: "lt-heat", width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t(lang, "crosstable.title") });
      order.forEach((_name, column) => {
        svg.append(s("text", { x: LABEL + column * CELL + CELL / 2, y: TOP - 7, "text-anchor": "middle" }, String(column + 1)));
      });
      order.forEach((row, i) => {
        const y = TOP + i * CELL;
        const label = `${i + 1}. ${row}`;
        svg.append(s("text", { x: 0, y: y + CELL / 2, "dominant-baseline": "central" }, label.length > 18 ? `${label.slice(0, 17)}…` : label));
        order.forEach((column, j) => {
          const x = LABEL + j * CELL;
          const cell = cells[i]?.[j];
          const box = { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 3 };
          if (!cell) {
            svg.append(s("rect", { ...box, class: "lt-cell-self" }));
            return;
          }
          const g = s("g", { class: "lt-cell", "data-row": row, "data-column": column, "data-points": cell.points, "data-games": cell.games },
            s("title", {}, t(lang, "crosstable.cell", { row, column, points: number(cell.points, lang), games: number(cell.games, lang) })));
          if (cell.games) {
            const paint = cellPaint(cell.points, cell.games);
            g.append(s("rect", { ...box, fill: paint.fill, "fill-opacity": paint.opacity }),
              s("text", { class: "lt-cell-text", x: x + CELL / 2, y: y + CELL / 2 }, number(cell.points, lang)));
          } else {
            g.append(s("rect", { ...box, class: "lt-cell-empty" }));
          }
          svg.append(g);
        });
      });
      holder.replaceChildren(svg);
      help.textContent = t(lang, "crosstable.help");
    },
  };
}

/** The finished games: players and result, plies, forfeits with their reason (and the
 * bot's traceback, folded), a button that opens the game on its board below. */
export function createGames({ t, send }) {
  const body = h("tbody");
  const empty = h("p", { class: "lt-empty" });
  const el = h("div", { class: "lt-games" }, h("table", { class: "lt-table" }, body), empty);
  const unfolded = new Set(); // tracebacks the reader opened stay open across updates
  let drawn = null;
  return {
    el,
    update(view) {
      const { lang, games, selected } = view;
      if (drawn?.games !== games || drawn?.lang !== lang) {
        drawn = { games, lang };
        body.replaceChildren(...games.map((game) => gameRow(t, send, lang, game, unfolded)));
      }
      empty.hidden = games.length > 0;
      empty.textContent = t(lang, "games.empty");
      for (const row of body.children) row.setAttribute("aria-current", String(Number(row.dataset.game) === selected));
    },
  };
}

function gameRow(t, send, lang, game, unfolded) {
  const number_ = game.index + 1;
  const players = game.seats.map((name, seat) => `${name} ${number(game.points[seat], lang)}`).join(" – ");
  const forfeits = game.forfeits.map((forfeit) => {
    const kind = t.has(`forfeit.${forfeit.kind}`) ? t(lang, `forfeit.${forfeit.kind}`) : forfeit.kind;
    const line = h("div", { class: "lt-forfeit", "data-kind": forfeit.kind, "data-entrant": forfeit.entrant, title: forfeit.reason },
      t(lang, "games.forfeit", { entrant: forfeit.entrant, reason: `${kind} (${forfeit.reason})` }));
    if (!forfeit.detail) return line;
    const key = `${game.index}:${forfeit.seat}`;
    const details = h("details", { class: "lt-details", open: unfolded.has(key) },
      h("summary", {}, t(lang, "games.trace")), h("pre", { class: "lt-trace" }, forfeit.detail));
    details.addEventListener("toggle", () => (details.open ? unfolded.add(key) : unfolded.delete(key)));
    return h("div", {}, line, details);
  });
  return h("tr", { class: "lt-game", "data-game": game.index },
    h("td", {}, t(lang, "games.row", { number: number_, players }), ...forfeits),
    h("td", {}, t(lang, "games.plies", { plies: number(game.plies, lang) })),
    h("td", {}, h("button", {
      type: "button", class: "ludo-button lt-open", "data-game": game.index,
      "aria-label": `${t(lang, "games.open")} ${t(lang, "games.row", { number: number_, players })}`,
      onclick: () => send({ type: "open", game: game.index }),
    }, t(lang, "games.open"))));
}
