// Bundle each game entry (js/src/<game>.js) into one ESM file, widgets/static/<game>.js:
// anywidget loads `_esm` from a Blob URL, so it cannot follow relative imports.

import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const GAMES = ["sortileges", "petits_pas", "nains", "sorciere"];
const here = (path) => fileURLToPath(new URL(path, import.meta.url));

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
