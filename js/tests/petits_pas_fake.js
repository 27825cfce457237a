// Render the A Petits Pas widget on the fake model, with observations made by
// engines/petits_pas (js/tests/fixtures/petits_pas.json, written by
// tests/widgets/test_petits_pas_widget.py --write-fixtures).

import fixtures from "./fixtures/petits_pas.json" with { type: "json" };
import widget from "../src/petits_pas.js";
import { renderWidget } from "./fake_model.js";

export const PP = fixtures;

export function petitsPasTraits(overrides = {}) {
  return {
    observation: structuredClone(fixtures.start),
    seats: ["human"],
    levels: ["auto"],
    names: ["Joueur"],
    bot_delay: 0.6,
    options: structuredClone(fixtures.start.reading),
    game_info: structuredClone(fixtures.game_info),
    deal: null,
    ...overrides,
  };
}

export function renderPetitsPas(overrides = {}) {
  return renderWidget(widget, petitsPasTraits(overrides));
}
