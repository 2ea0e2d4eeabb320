import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setTimeout: "readonly", clearTimeout: "readonly", Buffer: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Dependencies point one way: routes -> modules -> db. Components never import db/.
      "no-restricted-imports": "off",
    },
  },
  {
    files: ["app/components/**"],
    rules: { "no-restricted-imports": ["error", { patterns: ["~/db/*", "**/db/*", "*.server"] }] },
  },
);
