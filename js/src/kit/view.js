// Everything a widget draws, read from the model's traits in one snapshot.
// See docs/protocol.md: the JavaScript only reads traits and sends intents.

// `viewer` is not read: the observation's `seat` says whose view it is.
export const TRAITS = ["observation", "review", "seats", "levels", "names", "lang", "thinking", "bot_delay", "hint", "notice"];

/** A plain snapshot of the traits plus what the UI derives from them. */
export function readView(model) {
  const observation = model.get("observation") ?? {};
  const review = model.get("review") ?? {};
  const seats = model.get("seats") ?? [];
  const thinking = Boolean(model.get("thinking"));
  const reviewing = Boolean(review.observation);
  const toMove = observation.to_move ?? null;
  const humanToMove = toMove !== null && seats[toMove] === "human";
  return {
    observation,
    review,
    reviewing,
    shown: reviewing ? review.observation : observation,
    seats,
    levels: model.get("levels") ?? [],
    names: model.get("names") ?? [],
    lang: model.get("lang") ?? "fr",
    thinking,
    botDelay: Number(model.get("bot_delay") ?? 0),
    hint: model.get("hint") ?? {},
    notice: model.get("notice") ?? {},
    // The person at the screen may act: their seat is to move, is human, and the live
    // position is shown. Python still checks every intent.
    canAct: !reviewing && !thinking && !observation.terminal && humanToMove && observation.seat === toMove,
  };
}

/** The hint for the live position, or null. */
export function liveHint(view) {
  const { hint, observation, reviewing } = view;
  return !reviewing && hint.action && hint.ply === observation.ply ? hint.action : null;
}

/** Call `onChange` whenever any trait changes; returns a function that stops listening. */
export function watchTraits(model, onChange) {
  for (const name of TRAITS) model.on(`change:${name}`, onChange);
  return () => {
    for (const name of TRAITS) model.off(`change:${name}`, onChange);
  };
}
