// Issue 32, item 9: a click during a bot's move must never leave the board stuck on "sent".
// A fake referee plays Python's part (widgets/base.py): every intent is answered, after a
// random delay and in order, by a change (a new ply) or by a notice (a stale move, not your
// turn); the bot moves at random times; the person clicks a card, Undo or New game at random
// moments, in one view or two (a widget shown twice). After every step: a board showing a
// move as sent has an answer still on its way; once Python has answered everything, the
// board takes a new click (or says why not: the bot's turn).

import { afterEach, describe, expect, it } from "vitest";
import widget from "../src/nains.js";
import fixtures from "./fixtures/nains.json" with { type: "json" };
import { renderWidget } from "./fake_model.js";
import { click } from "./helpers.js";

afterEach(() => document.body.replaceChildren());

function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const HUMAN_TURN = fixtures.play; // seat 0 (the viewer, human) to move, "+R" plays alone

/** The observation at `ply`, the human's turn or the bot's. */
function observation(ply, humanToMove) {
  return { ...structuredClone(HUMAN_TURN), ply, to_move: humanToMove ? 0 : 1, legal: humanToMove ? HUMAN_TURN.legal : [] };
}

function table(seed, views) {
  const rand = random(seed);
  const boards = Array.from({ length: views }, () => renderWidget(widget, {
    observation: observation(2, true), seats: ["human", "bot:3"], names: ["Nabot", "Gnomette"],
    curtain: null, omniscient: false, hidden: true,
  }));
  // Python's state, and the messages on their way each way, in order.
  const game = { ply: 2, human: true, notice: 0, thinking: false };
  const inbox = []; // intents sent, not yet handled: {intent, at}
  let botAt = null; // when the bot's move lands
  let now = 0;
  const publish = (state) => { for (const { model } of boards) model.setState(structuredClone(state)); };
  const notify = (code) => {
    game.notice += 1;
    publish({ notice: { id: game.notice, level: "error", code, params: {} } });
  };
  const moved = () => {
    publish({ observation: observation(game.ply, game.human), thinking: game.thinking });
  };
  function handle({ intent }) {
    if (intent.type === "act") {
      if (intent.ply !== game.ply) return notify("stale");
      if (!game.human) return notify("not-your-turn");
      game.ply += 1; game.human = false; game.thinking = true;
      botAt = now + rand() * 30;
      return moved();
    }
    if (intent.type === "undo") {
      if (game.ply <= 2) return notify("nothing");
      game.ply -= 2; game.human = true; game.thinking = false; botAt = null;
      return moved();
    }
    if (intent.type === "new") {
      game.ply = 2; game.human = true; game.thinking = false; botAt = null;
      return moved();
    }
    return undefined;
  }
  const sentSoFar = () => boards.reduce((sum, { model }) => sum + model.sent.length, 0);
  const counted = boards.map(() => 0); // per view: each view's intents reach Python in order
  const collect = () => {
    boards.forEach(({ model }, view) => {
      for (const intent of model.sent.slice(counted[view])) inbox.push({ intent, at: now + rand() * 20 });
      counted[view] = model.sent.length;
    });
  };
  return {
    boards,
    game,
    step() {
      now += rand() * 8;
      // the referee answers what arrived, in order; the bot moves when its time comes
      while (inbox.length && inbox[0].at <= now) handle(inbox.shift());
      if (botAt !== null && botAt <= now) {
        botAt = null; game.ply += 1; game.human = true; game.thinking = false;
        moved();
      }
      const roll = rand();
      const board = boards[Math.floor(rand() * boards.length)];
      if (roll < 0.5) {
        const card = board.$('.nn-card[data-card="+R"]');
        if (card && !card.disabled) click(card);
      } else if (roll < 0.55) {
        click(board.$('.ludo-button[data-intent="undo"]'));
      } else if (roll < 0.57) {
        click(board.$('.ludo-button[data-intent="new"]'));
      } else if (roll < 0.6) {
        notify("bot"); // a notice about something else meanwhile
      }
      collect();
      return sentSoFar();
    },
    /** Python answers everything still on its way, and the bot moves. */
    drain() {
      now += 1000;
      while (inbox.length) handle(inbox.shift());
      if (botAt !== null) { botAt = null; game.ply += 1; game.human = true; game.thinking = false; moved(); }
    },
    answered: () => inbox.length === 0,
  };
}

describe("clicks during a bot's moves, at random moments", () => {
  for (const views of [1, 2]) {
    it(`never leave the board waiting on a move Python answered (${views} view(s))`, () => {
      for (let seed = 1; seed <= 6; seed += 1) {
        const t = table(seed, views);
        for (let i = 0; i < 50; i += 1) {
          t.step();
          for (const { $ } of t.boards) {
            const state = $(".nn").dataset.state;
            const where = `seed ${seed}, step ${i}, state ${state}, ply ${t.game.ply}`;
            // "sent" only while some answer is still on its way
            if (state === "sent") expect(t.answered(), where).toBe(false);
            // the bot's turn shows as waiting, the person's as playable (or sent)
            if (t.answered() && !t.game.thinking) expect(state, where).toBe("play");
          }
        }
        t.drain();
        for (const { $ } of t.boards) {
          expect($(".nn").dataset.state, `seed ${seed}, drained`).toBe("play");
          expect($('.nn-card[data-card="+R"]').disabled).toBe(false);
        }
      }
    }, 30_000);
  }

  it("a click refused as stale ends the wait and says why", () => {
    const t = table(7, 1);
    const { $, model } = t.boards[0];
    click($('.nn-card[data-card="+R"]'));
    expect($(".nn").dataset.state).toBe("sent");
    // the game moved on before the click arrived (another view played, an undo...)
    model.setState({ notice: { id: 1, level: "error", code: "stale", params: {} } });
    expect($(".nn").dataset.state).toBe("play");
    expect(t.boards[0].el.querySelector(".ludo-toast").textContent).toContain("Trop tard");
  });
});
