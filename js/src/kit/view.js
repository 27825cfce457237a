// Everything a widget draws, read from the model's traits in one snapshot.
// See docs/protocol.md: the JavaScript only reads traits and sends intents.

// Every trait Python syncs, in the one list widgets/base.py reads too.
import TRAITS from "../../../widgets/view_traits.json" with { type: "json" };

/** A label ({fr, en}) in `lang`, or `fallback` when there is none. */
export const inLang = (label, lang, fallback = "") => label?.[lang] ?? fallback;

/** A plain snapshot of the traits plus what the UI derives from them; `extra` names a game's
 * own traits, read into `view.extra`. */
export function readView(model, extra = []) {
  const observation = model.get("observation") ?? {};
  const review = model.get("review") ?? {};
  const seats = model.get("seats") ?? [];
  const thinking = Boolean(model.get("thinking"));
  const reviewing = Boolean(review.observation);
  // Hot seat with secrets: the seat Python calls to the screen (null: no curtain down).
  const curtain = model.get("curtain") ?? null;
  // The game as its engine describes it: title, seat names, options and bot levels, labelled.
  const gameInfo = model.get("game_info") ?? {};
  // A round has just ended: the table rests on it until someone says `continue`, whoever
  // starts the next round (no move is offered meanwhile).
  const waiting = Boolean(model.get("waiting"));
  return {
    observation,
    review,
    reviewing,
    shown: reviewing ? review.observation : observation,
    seats,
    levels: model.get("levels") ?? [],
    names: model.get("names") ?? [],
    // The seat whose view is shown (null: a spectator); the game's review takes its side.
    viewer: model.get("viewer") ?? null,
    lang: model.get("lang") ?? "fr",
    thinking,
    botDelay: Number(model.get("bot_delay") ?? 0),
    hint: model.get("hint") ?? {},
    gameReview: model.get("game_review") ?? {},
    notice: model.get("notice") ?? {},
    curtain,
    omniscient: Boolean(model.get("omniscient")),
    privateInformation: Boolean(model.get("private_information")),
    options: model.get("options") ?? {},
    gameInfo,
    // Python says whether an undo / redo would be taken (nothing to take back, a curtain...).
    canUndo: model.get("can_undo") ?? true,
    canRedo: model.get("can_redo") ?? true,
    waiting,
    // A recorded game to step through (`replay` in Python): nobody plays in it.
    replaying: Boolean(model.get("replaying")),
    // Options a new game may change: {name: [values, as Python gave them]}.
    optionChoices: Object.fromEntries(Object.entries(gameInfo.options ?? {}).map(([name, option]) => [name, option.choices.map((choice) => choice.value)])),
    extra: Object.fromEntries(extra.map((name) => [name, model.get(name)])),
    // The person at the screen may act (Python's `View.can_act`: their seat is human and to
    // move, the live position is shown, no curtain, no round's end waiting for "Next").
    // Python still checks every intent.
    canAct: Boolean(model.get("can_act")),
  };
}

/** The hint for the live position, or null. */
export function liveHint(view) {
  const { hint, observation, reviewing } = view;
  return !reviewing && hint.action && hint.ply === observation.ply ? hint.action : null;
}

/** At a position looked back at, the better move the game's review found there (null when
 * none was reviewed, or the move played was the best): a board draws it as it draws a hint. */
export function reviewedBest(view) {
  const { gameReview, review, reviewing } = view;
  if (!reviewing || gameReview.status !== "done") return null;
  const entry = gameReview.entries.find((e) => e.ply === review.ply);
  return entry && entry.best !== entry.played ? entry.best : null;
}

/** Call `onChange` whenever any trait (the kit's, and a game's `extra`) changes; returns a
 * function that stops listening.
 *
 * Python sends a move as one message setting several traits (observation, thinking, ...);
 * the model stores them all, then fires one `change:<name>` per trait. The first event
 * already sees every new value, so `onChange` runs once per message: an event that finds
 * every trait as it was last drawn (the same values, by identity) is skipped. */
export function watchTraits(model, onChange, extra = []) {
  const names = [...TRAITS, ...extra];
  const read = () => names.map((name) => model.get(name));
  let drawn = read();
  const changed = () => {
    const now = read();
    if (now.every((value, index) => value === drawn[index])) return;
    drawn = now;
    onChange();
  };
  return onTraits(model, names, changed);
}

/** Call `onChange` on every `change:<name>` of the traits `names`; returns a function that
 * stops listening. */
export function onTraits(model, names, onChange) {
  for (const name of names) model.on(`change:${name}`, onChange);
  return () => {
    for (const name of names) model.off(`change:${name}`, onChange);
  };
}

/** A view drawn from traits of its own (the teacher's room, the tournament), mounted: `update`
 * runs now and on every change of `traits`. Returns the view's teardown, what `render`
 * returns: stop listening, run each of `cleanups` (its toasts' and buttons' timers), remove
 * `root`. */
export function mountView(model, { traits, update, root, cleanups = [] }) {
  update();
  const stop = onTraits(model, traits, update);
  return () => {
    stop();
    for (const cleanup of cleanups) cleanup();
    root.remove();
  };
}
