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
  {
    target: "./app/integrations",
    from: ["./app/db", "./app/routes", "./app/components", "./app/http", "./app/seed", "./app/root.tsx", "./app/entry.server.tsx"],
    message: "An integration implements its module's port with plain data in and out: it imports modules' types and pure rules and lib, never the database (the module reads it and hands the provider data) nor anything above modules.",
  },
  {
    target: "./app/modules",
    from: "./app/integrations",
    message: "A module owns its port as plain types (e.g. modules/messages/message-sender.ts) and is handed an implementation (context.providers): it never imports app/integrations.",
  },
];

/**
 * What `no-restricted-imports` refuses, by group; each file gets one list (a later config for the
 * same rule replaces an earlier one, so the lists are put together per folder below).
 */
const RESTRICTED = {
  components: { group: ["~/db/*", "**/*.server", "**/*.server.ts"], allowTypeImports: true, message: "Components never import db/ or server modules." },
  modules: { group: ["~/routes/*", "~/components/*", "react-router"], message: "Modules hold business rules only: no routes, components or React Router." },
  vendorClients: {
    regex: "^(nodemailer|read-excel-file|csv-parse)(/|$)",
    message: "Only app/integrations/ imports vendor clients (mail, spreadsheet readers, HTTP APIs): a module declares a port, an integration implements it, and start-up hands it over in context.providers.",
  },
  devOnly: {
    regex: "^(smtp-server|mailparser|write-excel-file)(/|$)",
    message: "Test servers and file writers are dev dependencies: only tests and the integrations' stand-ins (*-stand-in.ts) use them.",
  },
  standIns: {
    regex: "-stand-in(\\.ts)?$",
    message: "Stand-ins are for tests (and scripts): app and server code get the real provider from context.providers, so no stand-in reaches the production build.",
  },
  integrationValues: {
    regex: "(^~/|/)integrations/",
    allowTypeImports: true,
    message: "Providers are made once at start (server/) and reach routes, flows and workers through the request context (context.providers): outside app/integrations, name only their types.",
  },
};
const restrictImports = (...groups) => ({ "no-restricted-imports": ["error", { patterns: groups.map((name) => RESTRICTED[name]) }] });
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];

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
    // Vendor clients only in app/integrations; stand-ins and their dev packages only in tests;
    // providers' values only from start-up (server/), through the request context.
    files: ["app/**/*.{ts,tsx}"],
    ignores: [...TESTS, "app/integrations/**"],
    rules: restrictImports("vendorClients", "devOnly", "standIns", "integrationValues"),
  },
  {
    // The process makes the providers (app/integrations/providers.server.ts) but imports no vendor client itself.
    files: ["server/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: restrictImports("vendorClients", "devOnly", "standIns"),
  },
  {
    // An integration may import its vendor's client; a stand-in (test-only) its dev packages.
    files: ["app/integrations/**/*.{ts,tsx}"],
    ignores: [...TESTS, "app/integrations/**/*-stand-in.ts"],
    rules: restrictImports("devOnly", "standIns"),
  },
  {
    // Components never touch the database. Type-only imports are erased from the bundle, so a component may name a module's types.
    files: ["app/components/**"],
    ignores: TESTS,
    rules: restrictImports("components", "vendorClients", "devOnly", "standIns", "integrationValues"),
  },
  { files: TESTS.map((t) => `app/components/${t}`), rules: restrictImports("components") },
  {
    files: ["app/modules/**"],
    ignores: TESTS,
    rules: restrictImports("modules", "vendorClients", "devOnly", "standIns", "integrationValues"),
  },
  { files: TESTS.map((t) => `app/modules/${t}`), rules: restrictImports("modules") },
  {
    // Pakistan time has one home, app/lib/shop-time.ts: no other file names the zone or writes its
    // +05:00 offset. Tests may still spell out concrete times.
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,tsx,js,mjs}", "scripts/**/*.{ts,js,mjs}"],
    ignores: ["app/lib/shop-time.ts", ...TESTS],
    rules: { "no-restricted-syntax": ["error", ...SHOP_TIME_SELECTORS.map((selector) => ({ selector, message: SHOP_TIME_MESSAGE }))] },
  },
);
