import { afterEach, describe, expect, it } from "vitest";
import { FIXTURES } from "./fake_model.js";
import { click, renderSortileges } from "./helpers.js";

afterEach(() => document.body.replaceChildren());

describe("stepping through a game", () => {
  it("the review banner steps one move back or forth, within the game", () => {
    const last = FIXTURES.live.ply;
    const { model, $ } = renderSortileges({ review: { ply: 0, observation: FIXTURES.review }, replaying: true });
    expect($(".ludo-step[data-step='-1']").disabled).toBe(true);
    click($(".ludo-step[data-step='1']"));
    expect(model.sent).toEqual([{ type: "review", ply: 1 }]);
    expect($(".ludo-back").textContent).toBe("Position finale");
    model.set("review", { ply: last, observation: FIXTURES.review });
    expect($(".ludo-step[data-step='1']").disabled).toBe(true);
    click($(".ludo-step[data-step='-1']"));
    expect(model.sent.at(-1)).toEqual({ type: "review", ply: last - 1 });
    model.set("lang", "en");
    expect($(".ludo-step[data-step='-1']").getAttribute("aria-label")).toBe("Previous move");
  });

  it("in a live game the way back leads to the game", () => {
    const { $ } = renderSortileges({ review: { ply: 2, observation: FIXTURES.review } });
    expect($(".ludo-back").textContent).toBe("Retour à la partie");
  });
});
