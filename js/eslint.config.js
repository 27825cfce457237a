// Lint of the front-end, run by `npm test` (about two seconds): ESLint's recommended rules
// (an undefined or unused name, unreachable code, a duplicate key, a comparison that is
// always true...) and the habits the code keeps: `===`, `const` unless reassigned, no
// `var`, no name hiding another, no unused parameter unless its name starts with `_`.

import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/"] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.browser },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      eqeqeq: "error",
      "prefer-const": "error",
      "no-var": "error",
      "no-shadow": "error",
      "no-unused-vars": ["error", { args: "all", argsIgnorePattern: "^_", caughtErrors: "all" }],
    },
  },
  { files: ["tests/**", "*.config.js", "*.mjs"], languageOptions: { globals: { ...globals.browser, ...globals.node } } },
];
