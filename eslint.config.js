import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers of docs/architecture.md: which folder of app/ may not import which. Paths are from the
 * repository root; `except` is relative to `from`. Tests may reach past the layers to set up what
 * they check, so they are left out (see the block below).
 */
const LAYERS = [
  {
    target: "./app/lib",
    from: "./app",
    except: ["./lib"],
    message: "app/lib holds pure helpers: it imports nothing of ours but app/lib (declare a type it needs in app/lib).",
  },
  {
    target: "./app/db",
    from: "./app",
    except: ["./db", "./lib"],
    message: "app/db is storage only: it imports nothing above it (modules, seed, http, components, routes).",
  },
  {
    target: "./app/modules",
    from: ["./app/routes", "./app/components", "./app/http", "./app/seed", "./app/root.tsx"],
    message: "Modules hold business rules only: no routes, components, request glue (app/http) or seed.",
  },
  {
    target: "./app/seed",
    from: ["./app/routes", "./app/components", "./app/http", "./app/root.tsx"],
    message: "The seed sits above modules and below routes: it stores through modules, never through routes or request glue.",
  },
  {
    target: "./app/http",
    from: ["./app/routes", "./app/components", "./app/seed", "./app/db", "./app/root.tsx"],
    message: "app/http is request glue between routes and modules: it imports modules and lib, not routes, components, seed or db (the database handle is the request context's).",
  },
  {
    target: ["./app/routes", "./app/root.tsx", "./app/entry.server.tsx"],
    from: ["./app/db", "./app/seed"],
    message: "Routes are thin: they reach the database through app/modules, never app/db or app/seed directly.",
  },
];

/** Strings and template text that name the shop's zone ("Asia/Karachi") or its "+05:00" offset. */
const SHOP_TIME_SELECTORS = [
  "Literal[value=/Asia.Karachi/i]",
  "TemplateElement[value.raw=/Asia.Karachi/i]",
  "Literal[value=/[+]05:?00/]",
  "TemplateElement[value.raw=/[+]05:?00/]",
];
const SHOP_TIME_MESSAGE = "Pakistan time lives in app/lib/shop-time.ts: use its SHOP_TIME_ZONE, day helpers and formatters instead of naming the zone or its offset.";

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
    // Dependencies point one way: routes -> http -> modules -> db -> lib (docs/architecture.md).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: { "import-x/no-restricted-paths": ["error", { zones: LAYERS }] },
  },
  {
    // Components never touch the database.
    files: ["app/components/**"],
    // Type-only imports are erased from the bundle, so a component may name a module's types.
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["~/db/*", "**/*.server", "**/*.server.ts"], allowTypeImports: true, message: "Components never import db/ or server modules." }] }] },
  },
  {
    files: ["app/modules/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["~/routes/*", "~/components/*", "react-router"], message: "Modules hold business rules only: no routes, components or React Router." }] }] },
  },
  {
    // Pakistan time has one home, app/lib/shop-time.ts: no other file names the zone or writes its
    // +05:00 offset. Tests may still spell out concrete times.
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,tsx,js,mjs}", "scripts/**/*.{ts,js,mjs}"],
    ignores: ["app/lib/shop-time.ts", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-syntax": ["error", ...SHOP_TIME_SELECTORS.map((selector) => ({ selector, message: SHOP_TIME_MESSAGE }))] },
  },
);
