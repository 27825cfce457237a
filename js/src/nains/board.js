// The Tir de tuyau board: the garden (the slabs, the fence, the hose, both gnome teams), the
// viewer's hand, the piles and the score, all drawn from the observation. A click on a card
// sends one `act` intent chosen among `observation.legal`; no rule is computed here. What the
// static picture draws alike (widgets/pictures/nains.py) is BOARD; the fence's distance is the
// observation's `fence`.

import BOARD from "../../../widgets/pictures/nains.json" with { type: "json" };
import { h, s } from "../kit/dom.js";
import { createFocusKeeper, createRoving, keyHandler } from "../kit/keys.js";
import { paletteColour, seatMark, shapeElement } from "../kit/palette.js";
import { createPendingMove } from "../kit/pending.js";
import { seatName } from "../kit/status.js";
import { liveHint } from "../kit/view.js";

const COLOURS = ["red", "blue", "yellow", "green"];

/** The table's keys, for the kit's help (docs/keyboard.md says the same). */
export const KEYS = [
  { keys: ["tab"], does: "keys.tab" },
  { keys: ["arrows", "home-end"], does: "keys.cards" },
  { keys: ["enter", "space"], does: "keys.choose" },
  { keys: ["escape"], does: "keys.cancel" },
];
const LETTER_COLOUR = BOARD.letter_colours;
// Okabe–Ito, and a shape per colour so that no gnome is told apart by colour alone.
const GNOME_FILL = Object.fromEntries(Object.entries(BOARD.gnomes).map(([colour, look]) => [colour, paletteColour(look.colour)]));
const GNOME_SHAPE = Object.fromEntries(Object.entries(BOARD.gnomes).map(([colour, look]) => [colour, look.shape]));
// Ink on each colour with a contrast of at least 4.5:1 (white on vermillion or green is not).
const INK = { red: "#000000", blue: "#ffffff", yellow: "#000000", green: "#000000" };
/** The inline style that paints a chip or button in a gnome colour (see .nn-chip). */
const paint = (colour) => `--chip:${GNOME_FILL[colour]};--ink:${INK[colour]}`;

const SLAB = 34;
const SPAN = BOARD.span; // slabs drawn each side of the fence (the garden, then the lawn)
const WIDTH = 2 * SPAN * SLAB;
const HEIGHT = 150;
const GROUND = 118;
const X0 = SPAN * SLAB;

/** What a card code means: "+R", "+M", "R2B0", "M2B0", "R2M0", "R2", "S3". */
export function parseCard(code) {
  if (code.startsWith("+")) return { kind: "gnome", colour: LETTER_COLOUR[code[1]] };
  if (code.startsWith("S")) return { kind: "squirrel", n: Number(code.slice(1)) };
  const match = /^([RBYGM])2(?:([RBYGM])0)?$/.exec(code);
  return { kind: "pull", two: LETTER_COLOUR[match?.[1]] ?? null, zero: match?.[2] ? LETTER_COLOUR[match[2]] : null };
}

/** A gnome: pointed hat and coat in its colour, its colour's shape and letter on the belly. */
function gnome(x, colour, seat, letter, attrs = {}) {
  const fill = GNOME_FILL[colour];
  const facing = seat === 0 ? 1 : -1; // both teams face the fence
  return s("g", { class: "nn-gnome", "data-colour": colour, "data-seat": seat, ...attrs },
    s("ellipse", { class: "nn-shadow", cx: x, cy: GROUND + 2, rx: 12, ry: 3 }),
    s("rect", { class: "nn-coat", x: x - 10, y: GROUND - 30, width: 20, height: 28, rx: 7, fill }),
    s("circle", { class: "nn-face", cx: x, cy: GROUND - 38, r: 8 }),
    s("path", { class: "nn-beard", d: `M${x - 7} ${GROUND - 37} Q${x} ${GROUND - 22} ${x + 7} ${GROUND - 37} Z` }),
    s("path", { class: "nn-hat", fill, d: `M${x - 10} ${GROUND - 43} L${x + 10} ${GROUND - 43} L${x + 4 * facing} ${GROUND - 68} Z` }),
    s("line", { class: "nn-arm", x1: x, y1: GROUND - 22, x2: x + 13 * facing, y2: GROUND - 14 }),
    shapeElement(GNOME_SHAPE[colour], x, GROUND - 14, 7, { class: "nn-mark", fill: "#ffffff", "fill-opacity": 0.35, stroke: INK[colour] }),
    s("text", { class: "nn-letter", x, y: GROUND - 14, dy: "0.35em", "text-anchor": "middle", fill: INK[colour] }, letter),
  );
}

const EDGE = BOARD.edge;         // slabs kept free between a gnome's centre and the picture's edge
const MIN_STEP = BOARD.min_step; // slabs between two gnomes of a team, at the tightest (coats touch)

/**
 * Where the gnomes stand, in slabs from the fence (seat 0 negative), and the shift that keeps
 * them in the picture. Each team's first gnome stands on its slab (`lead` from the fence, `fence` at
 * the start), the others behind it one slab apart, closer when the teams are long. The two first
 * gnomes are always 2 × fence slabs apart, so the scene fits once the spacing fits; when the hose has
 * carried a team past the picture's edge, the whole garden slides so that no gnome leaves it.
 */
function layoutTeams(leads, counts) {
  const fronts = leads.map((lead) => Math.max(lead - 0.5, 0.35));
  const followers = Math.max(counts[0] - 1, 0) + Math.max(counts[1] - 1, 0);
  const room = 2 * (SPAN - EDGE) - fronts[0] - fronts[1];
  const step = followers ? Math.max(MIN_STEP, Math.min(1, room / followers)) : 1;
  const xs = [0, 1].map((seat) => Array.from({ length: counts[seat] }, (_, k) => (seat === 0 ? -1 : 1) * (fronts[seat] + k * step)));
  const left = Math.min(-fronts[0], ...xs[0]) - EDGE;
  const right = Math.max(fronts[1], ...xs[1]) + EDGE;
  const shift = left < -SPAN ? -SPAN - left : right > SPAN ? SPAN - right : 0;
  return { xs: xs.map((team) => team.map((x) => X0 + (x + shift) * SLAB)), shift: shift * SLAB };
}

/** The slabs whose distance to the fence is written under them: every fourth. */
function numberedSlabs(distance) {
  const away = Array.from({ length: Math.floor(distance / 4) }, (_, k) => 4 * (k + 1));
  return [...away.map((d) => -d).reverse(), ...away];
}

function garden(view, obs, t) {
  const lang = view.lang;
  const hose = obs.hose ?? 0;
  const distance = obs.fence;
  const leads = [distance + hose, distance - hose];
  const teams = obs.teams ?? [[], []];
  const { xs, shift } = layoutTeams(leads, teams.map((team) => team.length));
  const fence = X0 + shift;
  const parts = [];
  parts.push(s("rect", { class: "nn-lawn", x: 0, y: 0, width: WIDTH, height: HEIGHT, rx: 10 }));
  for (let i = -distance; i < distance; i += 1) {
    parts.push(s("rect", { class: "nn-slab", "data-slab": i < 0 ? -i : i + 1, x: fence + i * SLAB + 2, y: GROUND - 4, width: SLAB - 4, height: 14, rx: 3 }));
  }
  for (const i of numberedSlabs(distance)) parts.push(s("text", { class: "nn-slab-number", x: fence + i * SLAB - Math.sign(i) * SLAB / 2, y: GROUND + 24, "text-anchor": "middle" }, String(Math.abs(i))));
  const ends = xs.map((positions, seat) => (positions.length ? positions[positions.length - 1] : fence + (seat === 0 ? -1 : 1) * distance * SLAB) + (seat === 0 ? -14 : 14));
  // the hose over an edge in the theme's strongest ink, so it stands out from a light or dark lawn
  const hosePath = `M${Math.max(ends[0], 4)} ${GROUND - 14} L${Math.min(ends[1], WIDTH - 4)} ${GROUND - 14}`;
  parts.push(s("path", { class: "nn-hose-edge", d: hosePath }), s("path", { class: "nn-hose", d: hosePath }));
  // the mark painted on the hose at the fence when the round began: it shows how far it moved
  parts.push(s("rect", { class: "nn-hose-mark", x: fence - hose * SLAB - 3, y: GROUND - 19, width: 6, height: 10, rx: 2 }));
  // the fence
  parts.push(s("g", { class: "nn-fence", "data-x": fence },
    s("rect", { x: fence - 12, y: 40, width: 24, height: 6, rx: 2 }),
    s("rect", { x: fence - 12, y: 80, width: 24, height: 6, rx: 2 }),
    ...[-9, 0, 9].map((dx) => s("path", { d: `M${fence + dx - 4} ${GROUND + 8} V34 L${fence + dx} 26 L${fence + dx + 4} 34 V${GROUND + 8} Z` }))));
  teams.forEach((team, seat) => team.forEach((colour, k) => {
    parts.push(gnome(xs[seat][k], colour, seat, t(lang, `letter.${colour}`), { "data-index": k }));
  }));
  // each team's name and badge at its end of the garden
  [0, 1].forEach((seat) => {
    const name = seatName(view, seat);
    const mark = seatMark(seat, name);
    const x = seat === 0 ? 16 : WIDTH - 16;
    parts.push(s("g", { class: "nn-team-label", "data-seat": seat },
      shapeElement(mark.shape, x, 18, 9, { fill: mark.colour, class: "ludo-token-shape" }),
      s("text", { x, y: 18, dy: "0.35em", "text-anchor": "middle", class: "ludo-token-letter", "font-size": 10 }, mark.letter),
      s("text", { class: "nn-team-name", x: seat === 0 ? 32 : WIDTH - 32, y: 18, dy: "0.35em", "text-anchor": seat === 0 ? "start" : "end" },
        `${name} · ${t(lang, "board.lead", { d: Math.max(leads[seat], 0) })}`)));
  });
  return parts;
}

function colourChip(t, lang, colour, value) {
  if (colour === "multi") return h("span", { class: "nn-chip nn-chip-multi", "data-colour": "multi" }, `${t(lang, "card.multi")}${value === undefined ? "" : ` ×${value}`}`);
  return h("span", { class: "nn-chip", "data-colour": colour, style: paint(colour) },
    `${t(lang, `letter.${colour}`)} ${t(lang, `colour.${colour}`)}${value === undefined ? "" : ` ×${value}`}`);
}

/** A card named in words ("« Tirer : rouge 2, bleu 0 »"), never by its code: for the hint,
 * the move list, the pull's summary and the discard pile's top card. */
export function cardName(t, lang, code) {
  const card = parseCard(code);
  const colour = (c) => (c === "multi" ? t(lang, "card.multi") : t(lang, `colour.${c}`));
  if (card.kind === "gnome") return t(lang, "card.named.gnome", { colour: colour(card.colour) });
  if (card.kind === "squirrel") return t(lang, "card.named.squirrel", { n: card.n });
  return t(lang, "card.named.pull", { two: colour(card.two), zero: card.zero && colour(card.zero) });
}

/** A hint's action read: {verb, codes (the hand's cards it uses), colour or null}. */
function readHint(action) {
  const [verb, cards, colour] = action.split(" ");
  if (verb === "gnome") return { verb, codes: [], colour: cards, action };
  return { verb, codes: cards.split(","), colour: colour ?? null, action };
}

/** The face of a card, as an HTML fragment. */
function cardFace(t, lang, code) {
  const card = parseCard(code);
  if (card.kind === "gnome") return [h("b", { class: "nn-card-kind" }, t(lang, "card.gnome")), colourChip(t, lang, card.colour)];
  if (card.kind === "squirrel") return [h("b", { class: "nn-card-kind" }, t(lang, "card.squirrel", { n: card.n })), h("span", { class: "nn-acorns" }, "●".repeat(card.n))];
  return [h("b", { class: "nn-card-kind" }, t(lang, "card.pull")),
    card.two ? colourChip(t, lang, card.two, 2) : null,
    card.zero ? colourChip(t, lang, card.zero, 0) : null,
    h("small", { class: "nn-card-others" }, t(lang, "card.others"))];
}

/** Legal moves grouped by the card they use: {code: [texts]} (discards and the secret first gnome left out). */
function movesByCard(legal) {
  const groups = {};
  for (const text of legal) {
    const [verb, code] = text.split(" ");
    if (verb === "discard" || verb === "gnome") continue;
    (groups[code] ??= []).push(text);
  }
  return groups;
}

/** The round the last move ended (the engine's `round` event, with its garden), or null. */
const roundEnded = (o) => (o.events ?? []).find((event) => event.type === "round" && event.teams) ?? null;

/** The round that just ended, said in the banner that waits for "Next" (the kit's round.js):
 * "Manche 1 : Gnomette la gagne ! Manches gagnées : Nabot 0 – 1 Gnomette." */
export function roundResult(view, t) {
  const ended = roundEnded(view.observation);
  if (!ended) return null;
  const [a, b] = [seatName(view, 0), seatName(view, 1)];
  const wins = ended.wins ?? view.observation.wins ?? [0, 0];
  return t(view.lang, "round.result", { round: ended.round, name: seatName(view, ended.winner), a, wa: wins[0], wb: wins[1], b });
}

export function createBoard({ t, send }) {
  const score = h("p", { class: "nn-score" });
  const svg = s("svg", { class: "nn-garden", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img" });
  const explain = h("div", { class: "nn-explain", "aria-live": "polite" });
  const piles = h("p", { class: "nn-piles" });
  const other = h("div", { class: "nn-other" });
  const choose = h("div", { class: "nn-choose" });
  const prompt = h("p", { class: "nn-prompt" });
  const choice = h("div", { class: "nn-choice", role: "group" });
  const handTitle = h("h3", { class: "ludo-heading nn-hand-title" });
  const hand = h("div", { class: "nn-hand", role: "group" });
  const tools = h("div", { class: "nn-tools" });
  // JupyterLab leaves the arrows, Enter and Space to the table (no cell moves under the player).
  const el = h("div", { class: "nn", "data-lm-suppress-shortcuts": "true" }, score, svg, explain, piles, other, choose, prompt, choice, handTitle, hand, tools);
  // One Tab stop per row of buttons, the arrows within it; a redraw keeps the keyboard here.
  const handKeys = createRoving(hand, "button[data-card]");
  const colourKeys = createRoving(choose, ".nn-colour");
  const choiceKeys = createRoving(choice, "button");
  const keeper = createFocusKeeper(el);
  el.addEventListener("keydown", keyHandler({ Escape: () => cancel() }));

  let view = null;
  let chosenCard = null; // a card clicked whose use must still be picked
  let chosenIndex = null; // where it is in the hand: of two copies, only the one clicked is lit
  let discarding = null; // Set of hand indices selected for a discard, or null
  const pending = createPendingMove(send);
  let message = null;    // a transient prompt key
  let stamp = null;      // ply the selections were made at

  const obs = () => view.observation;
  const shown = () => view.shown;
  const canAct = pending.canAct;
  const legal = () => (canAct() ? obs().legal ?? [] : []);
  /** The hint for the live position, read, while no move is on its way. */
  const advice = () => {
    const action = pending.move() ? null : liveHint(view);
    return action ? readHint(action) : null;
  };
  const hinted = (action) => advice()?.action === action;

  function act(action) {
    pending.send(action);
    chosenCard = null; discarding = null; message = null;
    draw();
  }

  function label(text) {
    const lang = view.lang;
    const [verb, code, colour] = text.split(" ");
    const window = obs().window;
    if (verb === "play" && colour && parseCard(code).kind === "gnome") return t(lang, "play.normal", { colour: t(lang, `colour.${colour}`) });
    if (verb === "play" && colour) return t(lang, "play.colour", { colour: t(lang, `colour.${colour}`) });
    if (verb === "play") return t(lang, "play.normal", { colour: t(lang, `colour.${parseCard(code).colour}`) });
    return t(lang, `play.${verb}`, { colour: window ? t(lang, `colour.${window.colour}`) : "" });
  }

  /** The question above a card's uses: answer the opponent's move or play normally, else which colour. */
  function choicePrompt(options) {
    const lang = view.lang;
    const answer = options.some((text) => !text.startsWith("play "));
    if (answer) return t(lang, "prompt.answer", { kind: t(lang, `kind.${obs().window.kind}`) });
    return t(lang, parseCard(chosenCard).kind === "gnome" ? "prompt.gnome-colour" : "prompt.colour");
  }

  function clickCard(index, code) {
    if (!canAct()) return;
    if (discarding) {
      if (discarding.has(index)) discarding.delete(index); else discarding.add(index);
      return draw();
    }
    const options = movesByCard(legal())[code] ?? [];
    if (options.length === 1) return act(options[0]);
    chosenCard = options.length ? code : null;
    chosenIndex = index;
    message = options.length ? null : "prompt.unplayable";
    draw();
    if (chosenCard) choiceKeys.focus(true); // the card's uses, just shown
  }

  function startDiscard() {
    discarding = new Set(); chosenCard = null; message = null;
    draw();
    handKeys.focus(true);
  }

  /** Escape: put back a card whose use was being chosen, or leave the discard; false if neither. */
  function cancel() {
    if (chosenCard === null && discarding === null) return false;
    chosenCard = null; discarding = null;
    draw();
    handKeys.focus();
  }

  function discardText() {
    const codes = [...discarding].sort((a, b) => a - b).map((i) => obs().hand[i]);
    return `discard ${codes.join(",")}`;
  }

  /** The indices of the hand's cards a hint uses (a card held twice is marked once per use). */
  function hintedCards(codes) {
    const wanted = [...(advice()?.codes ?? [])];
    return new Set(codes.flatMap((code, index) => {
      const at = wanted.indexOf(code);
      if (at < 0) return [];
      wanted.splice(at, 1);
      return [index];
    }));
  }

  /** The hint in words, or null. */
  function hintText(lang) {
    const hint = advice();
    if (!hint) return null;
    const colour = hint.colour && t(lang, `colour.${hint.colour}`);
    if (hint.verb === "discard") return t(lang, "hint.discard", { cards: hint.codes.map((code) => cardName(t, lang, code)).join(", ") });
    return t(lang, `hint.${hint.verb}`, { card: hint.codes.length ? cardName(t, lang, hint.codes[0]) : null, colour });
  }

  function drawHand(codes, seat, clickable) {
    const marked = clickable ? hintedCards(codes) : new Set();
    return codes.map((code, index) => {
      const selected = discarding?.has(index) || (chosenCard !== null && chosenIndex === index && discarding === null);
      const playable = clickable && (discarding !== null || code in movesByCard(legal()));
      return h(clickable ? "button" : "div", {
        type: clickable ? "button" : null, class: `nn-card nn-card-${parseCard(code).kind}${selected ? " nn-selected" : ""}${clickable && !playable ? " nn-dim" : ""}${marked.has(index) ? " nn-hinted" : ""}`,
        "data-card": code, "data-index": index, "data-seat": seat, "aria-pressed": clickable ? String(Boolean(selected)) : null,
        disabled: clickable ? !canAct() : null,
        onclick: clickable ? () => clickCard(index, code) : null,
      }, cardFace(t, view.lang, code));
    });
  }

  /** A hand shown face up to a spectator: its name, then its cards on one row that scrolls
   * rather than wraps (a wrapped card would read as a third hand). */
  function openHand(seat, name, codes) {
    return h("div", { class: "nn-hand-open", role: "group", "aria-label": name, "data-seat": seat },
      h("span", { class: "nn-hand-name" }, name),
      h("div", { class: "nn-hand-row" }, drawHand(codes, seat, false)));
  }

  function describe(event, lang) {
    const name = (seat) => seatName(view, seat);
    const colour = (c) => t(lang, `colour.${c}`);
    switch (event.type) {
      case "gnome": return t(lang, "event.gnome", { name: name(event.seat), colour: colour(event.colour) });
      case "squirrel": return t(lang, "event.squirrel", { name: name(event.seat), n: event.squirrels });
      case "discard": return t(lang, "event.discard", { name: name(event.seat), count: event.cards.length });
      case "contre": case "surcontre": case "sursurcontre":
        return t(lang, `event.${event.type}`, { name: name(event.seat), colour: colour(event.colour) });
      case "round": return t(lang, "event.round", { name: name(event.winner), round: event.round });
      default: return null;
    }
  }

  function drawExplain(o, lang) {
    const lines = [];
    const pull = o.last_pull;
    const events = o.events ?? [];
    if (pull && events.some((e) => e.type === "pull")) {
      const names = [seatName(view, 0), seatName(view, 1)];
      lines.push(h("p", { class: "nn-pull", "data-diff": pull.diff },
        t(lang, "pull.summary", { card: cardName(t, lang, pull.card), bonnet: pull.bonnet ? t(lang, "pull.bonnet", { colour: t(lang, `colour.${pull.bonnet}`) }) : "",
          who: names[pull.seat], a: names[0], pa: pull.power[0], pb: pull.power[1], b: names[1] }),
        " ",
        h("b", {}, pull.toward === null ? t(lang, "pull.tie") : t(lang, "pull.moved", { name: names[pull.toward], diff: pull.diff })),
        h("span", { class: "nn-values" }, COLOURS.map((c) => colourChip(t, lang, c, pull.values[c])))));
    }
    for (const event of events) {
      const text = describe(event, lang);
      if (text) lines.push(h("p", { class: `nn-event nn-event-${event.type}` }, text));
    }
    if (o.window && !o.terminal) {
      lines.push(h("p", { class: "nn-window" }, t(lang, "window.summary", {
        name: seatName(view, o.window.seat), kind: t(lang, `kind.${o.window.kind}`), colour: t(lang, `colour.${o.window.colour}`) })));
    }
    explain.replaceChildren(...lines);
  }

  function draw() {
    keeper.before();
    drawTable();
    for (const row of [handKeys, colourKeys, choiceKeys]) row.refresh();
    keeper.after(() => choiceKeys.current() ?? colourKeys.current() ?? handKeys.current() ?? tools.querySelector("button"));
  }

  /** The garden to draw: the one a round ended with (its event keeps it: the next round is
   * already laid out), with that round's number and score, while the table rests on the
   * round's end (until "Next"), in a review of that moment and at the game's end; else the
   * observation's. */
  function gardenOf(o) {
    const ended = roundEnded(o);
    const held = ended && (view.waiting || view.reviewing || o.terminal);
    return held ? { ...o, hose: ended.hose, teams: ended.teams, round: ended.round, wins: ended.wins ?? o.wins } : o;
  }

  function drawTable() {
    const o = gardenOf(shown());
    if (!o.teams) { svg.replaceChildren(); return; }
    const lang = view.lang;
    const names = [seatName(view, 0), seatName(view, 1)];
    score.textContent = t(lang, "board.score", { round: o.round, a: names[0], wa: o.wins[0], wb: o.wins[1], b: names[1] });
    const leads = [o.fence + (o.hose ?? 0), o.fence - (o.hose ?? 0)].map((lead) => Math.max(lead, 0));
    svg.setAttribute("aria-label", `${t(lang, "board.label")} ${t(lang, "board.teams", { a: names[0], na: o.teams[0].length, da: leads[0], b: names[1], nb: o.teams[1].length, db: leads[1] })}`);
    svg.dataset.ply = o.ply;
    svg.dataset.hose = o.hose;
    svg.replaceChildren(...garden(view, o, t));
    drawExplain(o, lang);
    const top = o.discards.at(-1);
    piles.textContent = `${t(lang, "pile.draw", { count: o.draw_count })} · ${t(lang, "pile.discards", { count: o.discards.length })}${top ? t(lang, "pile.top", { card: cardName(t, lang, top) }) : ""}`;

    const me = typeof o.seat === "number" ? o.seat : null;
    // the other hand(s): backs, or faces in the omniscient view
    const others = [0, 1].filter((seat) => seat !== me);
    other.replaceChildren(...others.map((seat) => (o.hands
      ? openHand(seat, t(lang, "hand.of", { name: names[seat] }), o.hands[seat])
      : h("div", { class: "nn-backs", "data-seat": seat, "data-count": o.hand_sizes[seat] },
        h("span", { class: "nn-hand-name" }, t(lang, "hand.hidden", { name: names[seat], count: o.hand_sizes[seat] })),
        Array.from({ length: o.hand_sizes[seat] }, () => h("span", { class: "nn-back" }))))));

    // the secret choice of the first gnome
    const choosing = o.phase === "choose" && !o.terminal;
    const waiting = choosing ? o.chosen.flatMap((done, seat) => (done && seat !== me ? [seat] : [])) : [];
    choose.replaceChildren(...[
      ...waiting.map((seat) => h("p", { class: "nn-waiting" }, t(lang, "choose.waiting", { name: names[seat] }))),
      o.my_gnome ? h("p", { class: "nn-mine" }, t(lang, "choose.mine", { colour: t(lang, `colour.${o.my_gnome}`) })) : null,
      choosing && canAct() ? h("div", { class: "nn-colours" }, h("span", {}, t(lang, "choose.prompt")),
        COLOURS.map((colour) => h("button", { type: "button", class: `nn-colour${hinted(`gnome ${colour}`) ? " nn-hinted" : ""}`, "data-action": `gnome ${colour}`, style: paint(colour), onclick: () => act(`gnome ${colour}`) },
          `${t(lang, `letter.${colour}`)} · ${t(lang, `colour.${colour}`)}`))) : null].filter(Boolean));

    // a card whose use must be picked: colours, counters
    const options = chosenCard ? movesByCard(legal())[chosenCard] ?? [] : [];
    choice.replaceChildren(...(options.length ? [
      h("span", { class: "nn-choice-prompt" }, choicePrompt(options)),
      ...options.map((text) => {
        const colour = text.split(" ")[2]; // the colour a multicolour card is played as
        return h("button", { type: "button", class: `ludo-button nn-option${colour ? " nn-option-colour" : ""}${/contre/.test(text) ? " nn-counter" : ""}${hinted(text) ? " nn-hinted" : ""}`,
          "data-action": text, style: colour ? paint(colour) : null, onclick: () => act(text) },
        colour ? `${t(lang, `letter.${colour}`)} · ${label(text)}` : label(text));
      }),
      h("button", { type: "button", class: "ludo-button nn-option-cancel", onclick: () => cancel() }, t(lang, "choice.cancel")),
    ] : []));
    choice.hidden = !options.length;

    // the viewer's hand
    const mine = me !== null ? o.hand ?? [] : [];
    handTitle.hidden = me === null;
    handTitle.textContent = t(lang, "hand.title");
    hand.dataset.seat = me ?? "";
    hand.replaceChildren(...(me !== null ? drawHand(mine, me, !view.reviewing && o.phase === "play") : []));
    hand.hidden = me === null;
    hand.setAttribute("aria-label", t(lang, "hand.title"));
    choice.setAttribute("aria-label", options.length ? choicePrompt(options) : "");

    const playing = canAct() && o.phase === "play";
    tools.replaceChildren(...(!playing ? [] : discarding === null
      ? [h("button", { type: "button", class: `ludo-button nn-discard-start${advice()?.verb === "discard" ? " nn-hinted" : ""}`, onclick: () => startDiscard() }, t(lang, "discard.start"))]
      : [h("button", { type: "button", class: "ludo-button nn-discard-send", disabled: discarding.size === 0 || !legal().includes(discarding.size ? discardText() : ""), onclick: () => act(discardText()) }, t(lang, "discard.send")),
        h("button", { type: "button", class: "ludo-button nn-discard-cancel", onclick: () => cancel() }, t(lang, "discard.cancel"))]));

    let key = null;
    if (pending.move()) key = "prompt.sent";
    else if (message) key = message;
    else if (discarding) key = "discard.prompt";
    else if (playing) key = "prompt.play";
    else if (o.seat === "omniscient") key = "prompt.omniscient";
    // a live hint speaks instead of the standing invitation, never over what the player is doing
    const advised = pending.move() || message || discarding ? null : hintText(lang);
    prompt.hidden = key === null && advised === null;
    prompt.textContent = advised ?? (key === null ? "" : t(lang, key));
    prompt.classList.toggle("nn-prompt-hint", advised !== null);
    el.dataset.phase = o.terminal ? "over" : o.phase;
    el.dataset.ply = o.ply;
    el.dataset.state = pending.move() ? "sent" : canAct() ? (o.phase === "choose" ? "choose" : discarding ? "discard" : "play") : "wait";
  }

  return {
    el,
    update(next) {
      view = next;
      pending.update(next);
      if (stamp !== obs().ply || !canAct()) { chosenCard = null; discarding = null; message = null; }
      stamp = obs().ply;
      draw();
    },
    focus() {
      return choiceKeys.focus() || colourKeys.focus() || handKeys.focus();
    },
  };
}
