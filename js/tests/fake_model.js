// A stand-in for anywidget's model: traits in a Map, change listeners, and a record of
// every intent sent; `renderWidget` mounts a game on one. Tests play Python's part by
// calling `model.set`. The fixtures are observations made by engines/sortileges (seed 1,
// first=0, seat 0 viewing), with `turns` kept for the seat to move only, as
// docs/protocol.md says.

import fixtures from "./fixtures/sortileges.json" with { type: "json" };

export const FIXTURES = fixtures;

export function defaultTraits(overrides = {}) {
  return {
    observation: structuredClone(fixtures.live),
    review: {},
    seats: ["human", "bot:2"],
    levels: ["1", "2", "3"],
    names: ["Têtdevache", "Fasderat"],
    // as the widget base writes it: the engine's description, the levels labelled
    game_info: {
      title: { fr: "Sortilèges", en: "Sortilèges" },
      options: {},
      levels: { 1: { fr: "hasard", en: "random" }, 2: { fr: "glouton", en: "greedy" }, 3: { fr: "alpha-bêta", en: "alpha-beta" } },
    },
    viewer: 0,
    lang: "fr",
    thinking: false,
    bot_delay: 1,
    hint: {},
    notice: {},
    ...overrides,
  };
}

/** Python's `View.can_act` (engines/table.py) for the traits a test set: the referee's rule,
 * played by the fake as it plays Python's part. A test that sets `can_act` itself wins. */
function canActFrom(traits) {
  const observation = traits.get("observation") ?? {};
  const toMove = observation.to_move ?? null;
  return (
    toMove !== null &&
    !observation.terminal &&
    !traits.get("replaying") &&
    !traits.get("review")?.observation &&
    !traits.get("thinking") &&
    !traits.get("waiting") &&
    (traits.get("curtain") ?? null) === null &&
    observation.seat === toMove &&
    (traits.get("seats") ?? [])[toMove] === "human"
  );
}

export function createFakeModel(overrides = {}) {
  const traits = new Map(Object.entries(defaultTraits(overrides)));
  if (!("can_act" in overrides)) traits.set("can_act", canActFrom(traits));
  const listeners = new Map();
  const model = {
    sent: [],
    saved: 0,
    get: (name) => traits.get(name),
    set(name, value) {
      model.setState({ [name]: value });
    },
    /** One message from Python, as ipywidgets applies it: every trait stored, then one
     * `change:<name>` per trait. */
    setState(given) {
      const state = "can_act" in given ? given : { ...given, can_act: null };
      for (const [name, value] of Object.entries(given)) traits.set(name, value);
      if (!("can_act" in given)) {
        const now = canActFrom(traits);
        if (now === traits.get("can_act")) delete state.can_act;
        else traits.set("can_act", (state.can_act = now));
      }
      for (const name of Object.keys(state)) {
        for (const callback of [...(listeners.get(`change:${name}`) ?? [])]) callback();
      }
    },
    on(event, callback) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(callback);
    },
    off(event, callback) {
      listeners.get(event)?.delete(callback);
    },
    send(message) {
      model.sent.push(message);
    },
    /** A custom message from Python (`Widget.send`), as anywidget hands it over. */
    custom(content) {
      for (const callback of [...(listeners.get("msg:custom") ?? [])]) callback(content, []);
    },
    save_changes() {
      model.saved += 1;
    },
    listenerCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
  return model;
}

/** Render `widget` (a game entry's default export) on a fake model holding `traits`. */
export function renderWidget(widget, traits = {}) {
  const model = createFakeModel(traits);
  const el = document.createElement("div");
  document.body.append(el);
  const cleanup = widget.render({ model, el });
  const $ = (selector) => el.querySelector(selector);
  const $$ = (selector) => [...el.querySelectorAll(selector)];
  return { model, el, cleanup, $, $$ };
}
