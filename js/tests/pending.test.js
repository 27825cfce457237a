// The kit's pending move (kit/pending.js): one act intent per answer from Python.

import { afterEach, describe, expect, it } from "vitest";
import { createPendingMove } from "../src/kit/pending.js";
import { FIXTURES } from "./fake_model.js";
import { click, renderSortileges } from "./helpers.js";

afterEach(() => document.body.replaceChildren());

/** A view as kit/view.js makes it, reduced to what the helper reads. */
const view = (ply, { noticeId, canAct = true } = {}) => ({
  observation: { ply },
  notice: noticeId === undefined ? {} : { id: noticeId, code: "illegal" },
  canAct,
});

function waiting(first = view(7)) {
  const sent = [];
  const pending = createPendingMove((intent) => sent.push(intent));
  pending.update(first);
  expect(pending.send("e3-d4/d5", { step: "d4" })).toBe(true);
  return { pending, sent };
}

describe("a pending move", () => {
  it("sends the act intent with the live ply, shows the move and offers no other", () => {
    const { pending, sent } = waiting();
    expect(sent).toEqual([{ type: "act", action: "e3-d4/d5", ply: 7 }]);
    expect(pending.move()).toEqual({ step: "d4" });
    expect(pending.canAct()).toBe(false);
    expect(pending.send("e3-d4")).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it("still waits through an update that answers nothing (same ply, same notice)", () => {
    const { pending } = waiting(view(7, { noticeId: 2 }));
    pending.update(view(7, { noticeId: 2 }));
    expect(pending.move()).toEqual({ step: "d4" });
    expect(pending.canAct()).toBe(false);
  });

  it("clears on a new ply: the move was played", () => {
    const { pending, sent } = waiting();
    pending.update(view(8));
    expect(pending.move()).toBeNull();
    expect(pending.canAct()).toBe(true);
    pending.send("step");
    expect(sent.at(-1)).toEqual({ type: "act", action: "step", ply: 8 });
  });

  it("clears on a new notice: the move was refused", () => {
    const { pending } = waiting(view(7, { noticeId: 2 }));
    pending.update(view(7, { noticeId: 3 }));
    expect(pending.move()).toBeNull();
    expect(pending.canAct()).toBe(true);
  });

  it("clears on a stale view, one where the person may no longer act", () => {
    const { pending } = waiting();
    pending.update(view(7, { canAct: false }));
    expect(pending.move()).toBeNull();
    expect(pending.canAct()).toBe(false);
    pending.update(view(7));
    expect(pending.canAct()).toBe(true);
  });

  it("sends nothing when the view does not let the person act, or before any view", () => {
    const sent = [];
    const pending = createPendingMove((intent) => sent.push(intent));
    expect(pending.send("step")).toBe(false);
    pending.update(view(3, { canAct: false }));
    expect(pending.send("step")).toBe(false);
    expect(sent).toEqual([]);
    expect(pending.move()).toBeNull();
  });
});

describe("a board waiting for its move", () => {
  it("draws the turn sent on the live position only, not on a position reviewed meanwhile", () => {
    const { model, $, $$ } = renderSortileges();
    const spell = FIXTURES.live.turns.d4[0];
    click($('.sp-square[data-square="d4"]'));
    click($(`.sp-square[data-square="${spell}"]`));
    expect($(".sp-pending").dataset.spell).toBe(spell);
    expect($(".sp-prompt").textContent).toBe("Coup envoyé…");
    model.set("review", { ply: 5, observation: FIXTURES.review });
    expect($(".sp-pending")).toBeNull();
    expect($$(".sp-witch.sp-provisional")).toHaveLength(0);
    expect($(".sp-prompt").hidden).toBe(true);
  });
});
