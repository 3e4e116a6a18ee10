// ESLint for the browser game (src/wortsuche/web/static), its unit tests and this file:
// the recommended rules, each file with the globals of where it runs.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["src/wortsuche/web/static/**/*.js"],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
  {
    // the service worker is a classic script: the browser runs it as /sw.js, never imports it
    files: ["src/wortsuche/web/static/sw.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
  },
  {
    files: ["tests/js/**/*.js", "tests/js/**/*.mjs", "eslint.config.js"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
  {
    rules: {
      "no-unused-vars": ["error", { caughtErrors: "none" }],
    },
  },
];
