// The live boards and the static pictures (widgets/pictures/*.py) read one JSON file per game
// (widgets/pictures/<game>.json) and one for the kit (kit.json): these tests check that the
// board draws and says what the file holds, so that a value copied back into the JS fails here.
// The observation's own values (Tir de tuyau's `fence`) are read from the observation.

import { afterEach, describe, expect, it } from "vitest";
import KIT from "../../widgets/pictures/kit.json" with { type: "json" };
import NAINS from "../../widgets/pictures/nains.json" with { type: "json" };
import PETITS_PAS from "../../widgets/pictures/petits_pas.json" with { type: "json" };
import SORCIERE from "../../widgets/pictures/sorciere.json" with { type: "json" };
import SORTILEGES from "../../widgets/pictures/sortileges.json" with { type: "json" };
import { OKABE_ITO, seatMark, shapeElement } from "../src/kit/palette.js";
import nains from "../src/nains.js";
import { NAINS_STRINGS } from "../src/nains/strings.js";
import { cardLabel } from "../src/petits_pas/cards.js";
import { geometry } from "../src/petits_pas/layout.js";
import { PETITS_PAS_STRINGS } from "../src/petits_pas/strings.js";
import { cellName, COLUMNS, SIDE } from "../src/sorciere/notation.js";
import { SORCIERE_STRINGS } from "../src/sorciere/strings.js";
import { SORTILEGES_STRINGS } from "../src/sortileges/strings.js";
import { renderWidget } from "./fake_model.js";
import nainsFixtures from "./fixtures/nains.json" with { type: "json" };
import { renderSortileges } from "./helpers.js";

afterEach(() => document.body.replaceChildren());

describe("the kit's seat marks are kit.json's", () => {
  it("colours, shapes and the corners of each shape", () => {
    KIT.seat_colours.forEach((name, seat) => {
      expect(seatMark(seat, "Anna")).toEqual({ colour: KIT.palette[name], shape: KIT.seat_shapes[seat], letter: "A" });
    });
    expect(OKABE_ITO.bluishGreen).toBe(KIT.palette.bluish_green);
    const triangle = shapeElement("triangle", 0, 0, 10).getAttribute("points");
    expect(triangle).toBe(KIT.shape_corners.triangle.map(([x, y]) => `${x * 10},${y * 10}`).join(" "));
  });
});

describe("each game says the words its picture says, from the same file", () => {
  const tables = { nains: [NAINS, NAINS_STRINGS], petits_pas: [PETITS_PAS, PETITS_PAS_STRINGS], sorciere: [SORCIERE, SORCIERE_STRINGS], sortileges: [SORTILEGES, SORTILEGES_STRINGS] };
  for (const [game, [board, strings]] of Object.entries(tables)) {
    it(game, () => {
      for (const lang of ["fr", "en"]) expect(strings[lang]).toMatchObject(board.words[lang]);
    });
  }
});

describe("each board draws from its file", () => {
  it("Sortilèges: the houses' outline", () => {
    const saved = SORTILEGES.house;
    SORTILEGES.house = [["M", 1, 2], ["H", 3], ["V", 4], ["Z"]];
    try {
      const { $ } = renderSortileges();
      const floor = $(".sp-house-floor");
      const [x, y] = [Number(floor.getAttribute("x")), Number(floor.getAttribute("y"))];
      expect($(".sp-house").getAttribute("d")).toBe(`M${x + 1} ${y + 2} H${x + 3} V${y + 4} Z`);
    } finally {
      SORTILEGES.house = saved;
    }
  });

  it("A Petits Pas: the cards' ranks and suits, the places always laid out", () => {
    expect(cardLabel("QH", "fr")).toBe(`${PETITS_PAS.rank_labels.fr[11]}${PETITS_PAS.suit_symbols.H}`);
    expect(geometry(0).slots).toBe(PETITS_PAS.min_slots);
  });

  it("Sorcière: the roof's side and column letters", () => {
    expect([SIDE, COLUMNS]).toEqual([SORCIERE.side, SORCIERE.columns]);
    expect(cellName(SORCIERE.side * SORCIERE.side - 1)).toBe(`${SORCIERE.columns.at(-1)}${SORCIERE.side}`);
  });

  it("Tir de tuyau: the gnomes' colours, and as many slabs as the observation's fence says", () => {
    for (const fence of [nainsFixtures.play.fence, 6]) {
      const observation = { ...structuredClone(nainsFixtures.play), fence, hose: 0 };
      const { $$ } = renderWidget(nains, { observation, seats: ["human", "bot:3"], names: ["Nabot", "Gnomette"], curtain: null, omniscient: false, hidden: true });
      expect($$(".nn-slab")).toHaveLength(2 * fence);
      const red = $$(".nn-gnome").find((g) => g.dataset.colour === "red");
      expect(red.querySelector(".nn-coat").getAttribute("fill")).toBe(KIT.palette[NAINS.gnomes.red.colour]);
      document.body.replaceChildren();
    }
  });
});
