// Every strings table, the kit's and each game's: both languages, one naming convention
// (kit/i18n.js), every key a source asks for present, and no key that nothing asks for.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KIT_STRINGS, LANGS, translator } from "../src/kit/i18n.js";
import { NAINS_STRINGS } from "../src/nains/strings.js";
import { PETITS_PAS_STRINGS } from "../src/petits_pas/strings.js";
import { SORCIERE_STRINGS } from "../src/sorciere/strings.js";
import { SORTILEGES_STRINGS } from "../src/sortileges/strings.js";
import { TABLES_STRINGS } from "../src/tables/strings.js";
import { TOURNAMENT_STRINGS } from "../src/tournament/strings.js";
import fixtures from "./fixtures/petits_pas.json" with { type: "json" };

const GAMES = { nains: NAINS_STRINGS, petits_pas: PETITS_PAS_STRINGS, sorciere: SORCIERE_STRINGS, sortileges: SORTILEGES_STRINGS };
const TABLES = { kit: KIT_STRINGS, ...GAMES, tournament: TOURNAMENT_STRINGS, tables: TABLES_STRINGS };
const PROTOCOL_CODES = ["malformed", "stale", "not-your-turn", "illegal", "game-over", "nothing", "bot"];
const WORDS = "[a-z0-9]+(?:-[a-z0-9]+)*";
const KEY = new RegExp(`^[a-z]+(?:-[a-z]+)*(?:\\.${WORDS}){1,2}$`);
// A key written in a source: a quoted `part.name`; a key built in a source: `part.${...}`.
const LITERAL = /"([a-z]+(?:-[a-z]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+)"/g;
const BUILT = /`([a-z]+(?:-[a-z]+)*\.)\$\{/g;

const SRC = join(import.meta.dirname, "..", "src");
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** The code of a folder of js/src, its strings tables left out. */
const sources = (folder) => readdirSync(join(SRC, folder))
  .filter((file) => !["strings.js", "i18n.js"].includes(file))
  .map((file) => readFileSync(join(SRC, folder, file), "utf8")).join("\n");
const found = (text, pattern) => new Set([...text.matchAll(pattern)].map((m) => m[1]));

describe("every strings table", () => {
  for (const [name, table] of Object.entries(TABLES)) {
    it(`${name}: the same keys in both languages, no text empty, the same placeholders`, () => {
      const [fr, en] = LANGS.map((lang) => table[lang]);
      expect(Object.keys(en).sort()).toEqual(Object.keys(fr).sort());
      for (const key of Object.keys(fr)) {
        expect(fr[key].trim(), key).not.toBe("");
        expect(en[key].trim(), key).not.toBe("");
        expect(placeholders(en[key]), key).toEqual(placeholders(fr[key]));
      }
    });

    it(`${name}: keys are part.name[.value], lower case, hyphenated, never named after a game`, () => {
      for (const key of Object.keys(table.fr)) {
        expect(key, key).toMatch(KEY);
        expect(Object.keys(GAMES), key).not.toContain(key.split(".")[0]);
      }
    });
  }
});

describe("each game's sources and its table", () => {
  const kit = sources("kit");
  for (const [game, table] of Object.entries(GAMES)) {
    const own = sources(game);
    const tt = translator(KIT_STRINGS, table);

    it(`${game}: every key the kit and the board write is there`, () => {
      const keys = found(kit + own, LITERAL);
      expect(keys.size).toBeGreaterThan(40);
      for (const key of keys) expect(tt.has(key), key).toBe(true);
    });

    it(`${game}: every key of its table is asked for, or replaces a kit text`, () => {
      const written = found(kit + own, LITERAL);
      const built = [...found(kit + own, BUILT)];
      const unused = Object.keys(table.fr).filter((key) =>
        !written.has(key) && !(key in KIT_STRINGS.fr) && !built.some((prefix) => key.startsWith(prefix)));
      expect(unused).toEqual([]);
    });
  }

  it("the kit: every key its buttons and notices build is there", () => {
    const t = translator(KIT_STRINGS);
    for (const type of ["new", "undo", "redo", "hint"]) expect(t.has(`button.${type}`), type).toBe(true);
    for (const code of PROTOCOL_CODES) expect(t.has(`notice.${code}`), code).toBe(true);
  });

  it("Tir de tuyau names every gnome colour and its letter", () => {
    const tt = translator(KIT_STRINGS, NAINS_STRINGS);
    for (const colour of ["red", "blue", "yellow", "green"]) {
      expect(tt.has(`colour.${colour}`) && tt.has(`letter.${colour}`), colour).toBe(true);
    }
  });

  it("A Petits Pas' readings are labelled by the engine, in both languages", () => {
    for (const [name, option] of Object.entries(fixtures.game_info.options)) {
      expect(option.label.fr && option.label.en, name).toBeTruthy();
      for (const { value, label } of option.choices) expect(label.fr && label.en, `${name}.${value}`).toBeTruthy();
    }
  });
});
