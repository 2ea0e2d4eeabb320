import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  {
    // Dependencies point one way: routes -> modules -> db. Components never touch the database.
    files: ["app/components/**"],
    // Type-only imports are erased from the bundle, so a component may name a module's types.
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["~/db/*", "**/*.server", "**/*.server.ts"], allowTypeImports: true, message: "Components never import db/ or server modules." }] }] },
  },
  {
    files: ["app/modules/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["~/routes/*", "~/components/*", "react-router"], message: "Modules hold business rules only: no routes, components or React Router." }] }] },
  },
);
