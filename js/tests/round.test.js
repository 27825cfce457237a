import { afterEach, describe, expect, it } from "vitest";
import { click, renderSortileges } from "./helpers.js";

afterEach(() => document.body.replaceChildren());

describe("a round's end", () => {
  it("rests on the round until the player says Next, then sends continue", () => {
    const { model, $ } = renderSortileges({ seats: ["human", "bot:1"] });
    expect($(".ludo-next").hidden).toBe(true);
    model.set("waiting", true);
    expect($(".ludo-next").hidden).toBe(false);
    expect($(".ludo-next-text").textContent).toBe("La manche est finie : regarde ce qui s'est passé.");
    expect($(".ludo-status").dataset.state).toBe("waiting-you"); // the player starts the next round
    click($(".ludo-continue"));
    expect(model.sent).toEqual([{ type: "continue" }]);
    model.set("lang", "en");
    expect($(".ludo-continue").textContent).toBe("Next ▸");
    model.set("waiting", false);
    expect($(".ludo-next").hidden).toBe(true);
  });

  it("offers no move meanwhile, and names who starts the next round", () => {
    const { model, $ } = renderSortileges({ seats: ["human", "bot:1"] });
    $(".sp-board").focus();
    model.set("waiting", true);
    expect($('[data-intent="hint"]').disabled).toBe(true);
    expect($(".ludo-status").textContent).toMatch(/tu commences la suivante/);
    model.set("seats", ["bot:1", "human"]);
    expect($(".ludo-status").dataset.state).toBe("waiting");
    expect($(".ludo-status").textContent).toMatch(/commence la suivante quand tu dis « Suite »/);
  });

  it("keeps the keyboard player on the button that goes on", () => {
    const { model, $ } = renderSortileges({ seats: ["human", "bot:1"] });
    $(".sp-board").focus();
    model.set("waiting", true);
    expect(document.activeElement).toBe($(".ludo-continue"));
  });

  it("leaves the focus alone when it is elsewhere in the notebook", () => {
    const { model, $ } = renderSortileges({ seats: ["human", "bot:1"] });
    const outside = document.createElement("input");
    document.body.append(outside);
    outside.focus();
    model.set("waiting", true);
    expect(document.activeElement).toBe(outside);
    expect($(".ludo-next").hidden).toBe(false);
  });

  it("gives way to a review of an earlier position", () => {
    const { model, $ } = renderSortileges({ seats: ["human", "bot:1"], waiting: true });
    expect($(".ludo-next").hidden).toBe(false);
    model.set("review", { ply: 0, observation: model.get("observation") });
    expect($(".ludo-next").hidden).toBe(true);
  });
});
