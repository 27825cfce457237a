// Mount a game in an anywidget view: every game entry is `export default gameWidget(game)`.

import { ensureStyle, h } from "./dom.js";
import { KIT_STRINGS, translator } from "./i18n.js";
import { createShell } from "./shell.js";
import { KIT_CSS } from "./style.js";
import { startRelay } from "./relay.js";
import { readView, watchTraits } from "./view.js";

/**
 * game = {id, strings, css, createBoard(ctx), traits?, kit?, describe?, notation?, roundResult?}
 * where ctx = {t, send, describe, notation, roundResult} (the shell adds chosenOptions) and
 * createBoard returns {el, update(view), focus(), destroy?()}. `describe(text, lang, t)` phrases
 * an action text in words with the game's strings (null: keep the text), for the move list,
 * the hint line and the notices. `notation(text)` is the move list's tooltip for a move: its text unless the game
 * says otherwise (null: none, for a game whose texts are engine codes).
 * `roundResult(view, t)` is the result of the round that just ended, in words, for the banner
 * that waits for "Next" at a round's end (null, or absent: the banner says the round is over).
 * `traits` names the game's own traits (read into view.extra); `kit` leaves parts of the
 * shell out (see createShell). Returns the cleanup function anywidget calls.
 */
function mountGame({ model, el }, game) {
  const t = translator(KIT_STRINGS, game.strings);
  const ctx = {
    t,
    send: (intent) => model.send(intent),
    describe: (text, lang) => game.describe?.(text, lang, t) ?? text,
    notation: game.notation ?? ((text) => text),
    roundResult: (view) => game.roundResult?.(view, t) ?? null,
  };
  ensureStyle(el, "kit", KIT_CSS);
  ensureStyle(el, game.id, game.css);
  const extra = game.traits ?? [];
  const first = readView(model, extra);
  const shell = createShell(ctx, game.createBoard(ctx), first, game.kit);
  shell.el.dataset.game = game.id; // lets a game's stylesheet reach its own shell only
  el.append(shell.el);
  const update = () => shell.update(readView(model, extra));
  shell.update(first);
  const stop = watchTraits(model, update, extra);
  return () => {
    stop();
    shell.destroy();
    shell.el.remove();
  };
}

/**
 * A seat joined through the page (the `relay` trait) has no position until the table server's
 * first view is relayed: a line says so meanwhile, and the game is mounted with that view.
 */
function mountSeated({ model, el }, game) {
  const seated = () => Boolean(model.get("observation")?.game);
  if (!model.get("relay") || seated()) return mountGame({ model, el }, game);
  const t = translator(KIT_STRINGS, game.strings);
  const line = h("p", { class: "ludo-connecting", role: "status" }, t(model.get("lang") ?? "fr", "relay.connecting", { address: model.get("relay") }));
  el.append(line);
  let unmount = null;
  const onView = () => {
    if (!seated()) return;
    model.off("change:observation", onView);
    line.remove();
    unmount = mountGame({ model, el }, game);
  };
  model.on("change:observation", onView);
  return () => {
    model.off("change:observation", onView);
    line.remove();
    unmount?.();
  };
}

/** A game's anywidget module: `initialize({model})` opens the table server's socket of a seat
 * joined through the page (once per model, not per view); `render({model, el})` mounts the
 * game there. */
export function gameWidget(game) {
  return {
    initialize: ({ model }) => startRelay(model),
    render: ({ model, el }) => mountSeated({ model, el }, game),
  };
}
