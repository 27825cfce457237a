// A move the person sent that Python has not answered yet: every board sends its moves
// through this and offers no other move meanwhile.
//
// Python answers every intent by a change or by a notice (docs/protocol.md), so the wait ends
// when the live ply changes (the move was played, or the game moved on) or a new notice
// arrives (a refusal). A view in which the person may no longer act (a review, a bot's turn,
// the end of the game, a curtain) ends it too: a move waiting is only ever drawn on the
// position it was made on.

/** `send` is the board's `ctx.send`; call `update(view)` first in the board's own update. */
export function createPendingMove(send) {
  let view = null;
  let sent = null; // {ply, noticeId, shown}

  const canAct = () => Boolean(view?.canAct) && sent === null;

  return {
    /** Take the view the board is about to draw, and forget a move Python has answered. */
    update(next) {
      view = next;
      if (sent && (next.observation.ply !== sent.ply || next.notice.id !== sent.noticeId || !next.canAct)) sent = null;
    },

    /** The person may choose a move now: the view lets them and no move awaits an answer. */
    canAct,

    /**
     * Send `{type: "act", action, ply}` for the live position and wait for the answer;
     * `shown` is what the board draws meanwhile. Returns false, sending nothing, when no move
     * may be sent now.
     */
    send(action, shown = {}) {
      if (!canAct()) return false;
      const ply = view.observation.ply;
      sent = { ply, noticeId: view.notice.id, shown };
      send({ type: "act", action, ply });
      return true;
    },

    /** What the board draws for the move awaiting an answer (`shown`), or null: none waits. */
    move: () => sent?.shown ?? null,
  };
}
