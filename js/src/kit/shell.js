// The frame every game shares: title, status, review banner, board, side panel, toasts.

import { h } from "./dom.js";
import { createButtons, createLanguage, createSpeed } from "./controls.js";
import { GAME_REVIEW_KEYS, createGameReview } from "./game_review.js";
import { createCurtain, createOmniscient } from "./curtain.js";
import { createKeysHelp } from "./keys.js";
import { createMoves, MOVE_KEYS } from "./moves.js";
import { createOptions } from "./options.js";
import { createReviewBanner } from "./review.js";
import { createNextBanner } from "./round.js";
import { createSeats } from "./seats.js";
import { createStatus } from "./status.js";
import { createToasts } from "./toast.js";
import { inLang, liveHint } from "./view.js";

function createHeader({ t }) {
  const title = h("h2", { class: "ludo-title" });
  const rules = h("p", { class: "ludo-rules" });
  const el = h("header", { class: "ludo-header" }, title, rules);
  return {
    el,
    update(view) {
      title.textContent = inLang(view.gameInfo.title, view.lang);
      rules.textContent = t(view.lang, "game.rules");
    },
  };
}

function createHintLine({ t, describe }) {
  const el = h("p", { class: "ludo-hint" });
  return {
    el,
    update(view) {
      const action = liveHint(view);
      el.hidden = action === null;
      el.textContent = action === null ? "" : t(view.lang, "hint.text", { action: describe(action, view.lang) });
      el.title = action ?? "";
    },
  };
}

const NONE = { el: null, update() {} };

/** The keyboard help's lines: the board's keys, then the move list's (when it is shown)
 * and the game review's moments. */
function helpKeys(kit) {
  if (!kit.keys?.length) return kit.keys;
  return [...kit.keys, ...(kit.moves === false ? [] : [MOVE_KEYS]), GAME_REVIEW_KEYS];
}

/**
 * The whole widget around a game's board; `board` is {el, update(view), focus(), destroy?()}.
 * `kit` may leave parts out: {buttons: [intent types shown], seats: false, moves: false,
 * hint: false (a board that shows and says the hint itself)}, and lists the board's keys for
 * the keyboard help under it: {keys: [{keys: [names of kit/keys.js KEY_NAMES], does: string key}]}
 * (the move list's keys follow, when it is shown).
 * The options panel shows itself when the game offers choices; its draft is `ctx.chosenOptions()`.
 */
export function createShell(ctx, board, initialView, kit = {}) {
  const options = createOptions(ctx);
  ctx.chosenOptions = options.chosen;
  const parts = {
    header: createHeader(ctx),
    status: createStatus(ctx),
    hint: kit.hint === false ? NONE : createHintLine(ctx),
    review: createReviewBanner(ctx, { onBack: () => board.focus() }),
    next: createNextBanner({ ...ctx, result: ctx.roundResult }),
    buttons: createButtons(ctx, kit.buttons),
    seats: kit.seats === false ? NONE : createSeats(ctx),
    options,
    speed: createSpeed(ctx),
    language: createLanguage(ctx),
    moves: kit.moves === false ? NONE : createMoves(ctx),
    gameReview: createGameReview(ctx),
    toasts: createToasts(ctx, initialView.notice),
    curtain: createCurtain(ctx),
    omniscient: createOmniscient(ctx),
    keys: createKeysHelp(ctx, helpKeys(kit)),
    board,
  };
  const { header, status, hint, review, next, buttons, seats, speed, language, moves, gameReview, toasts, curtain, omniscient, keys } = parts;
  const el = h("div", { class: "ludo" },
    header.el,
    h("div", { class: "ludo-body" },
      // The hint, the review banner and a round's "Next" (with the round's result) share one
      // slot of reserved height, and the status has room for two lines: nothing above the
      // board changes its place.
      h("div", { class: "ludo-stage" }, status.el, h("div", { class: "ludo-slot" }, hint.el, review.el, next.el), next.spoken, curtain.el, board.el, keys.el),
      h("aside", { class: "ludo-side" }, buttons.el, seats.el, omniscient.el, options.el, h("div", { class: "ludo-settings" }, speed.el, language.el), moves.el, gameReview.el),
    ),
    toasts.el,
  );
  return {
    el,
    update(view) {
      el.lang = view.lang;
      for (const part of Object.values(parts)) part.update(view);
      // A table server's seat: no new game, taking back, hint, seats, options, speed or
      // review there (Python refuses them with `remote-table`), so none is offered.
      const remote = Boolean(view.gameInfo.remote);
      for (const part of [buttons, seats, options, speed, omniscient, gameReview]) {
        if (remote && part.el) part.el.hidden = true;
      }
      // Under the curtain the board shows nothing (Python sends only the public view anyway).
      board.el.hidden = view.curtain !== null && view.curtain !== undefined;
    },
    destroy() {
      toasts.destroy();
      board.destroy?.();
    },
  };
}
