// Bundle each game entry (js/src/<game>.js) into one ESM file, widgets/static/<game>.js:
// anywidget loads `_esm` from a Blob URL, so it cannot follow relative imports.

import { build } from "esbuild";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
// Every js/src/<game>.js is an entry: a new game adds its file, no list to edit.
const GAMES = readdirSync(here("src")).filter((name) => name.endsWith(".js")).map((name) => name.slice(0, -3));

await build({
  entryPoints: Object.fromEntries(GAMES.map((game) => [game, here(`src/${game}.js`)])),
  outdir: here("../widgets/static"),
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  legalComments: "none",
  logLevel: "info",
});
