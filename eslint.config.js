import fs from "node:fs";
import path from "node:path";
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
    message:
      "app/db is storage only: it imports nothing above it (modules, seed, http, components, routes), not even a module's tables (app/schema.ts gathers those).",
  },
  {
    // Above every layer: the whole schema, for drizzle-kit, the seed, scripts and tests.
    target: [
      "./app/db",
      "./app/lib",
      "./app/modules",
      "./app/flows",
      "./app/http",
      "./app/integrations",
      "./app/components",
      "./app/routes",
      "./app/root.tsx",
    ],
    from: "./app/schema.ts",
    message:
      "app/schema.ts gathers every table for drizzle-kit, the seed, scripts and tests: app code takes its module's tables from ./tables and another module's from its reads.ts.",
  },
  {
    target: "./app/modules",
    from: ["./app/routes", "./app/components", "./app/http", "./app/flows", "./app/seed", "./app/root.tsx"],
    message:
      "Modules hold business rules only: no routes, components, request glue (app/http), flows or seed. What crosses modules is a flow (app/flows).",
  },
  {
    target: "./app/flows",
    from: ["./app/routes", "./app/components", "./app/http", "./app/seed", "./app/root.tsx"],
    message:
      "Flows compose modules for routes, http and server: they import modules, db and lib, never routes, components, request glue or seed.",
  },
  {
    target: "./app/seed",
    from: ["./app/routes", "./app/components", "./app/http", "./app/root.tsx"],
    message:
      "The seed sits above modules and below routes: it stores through modules, never through routes or request glue.",
  },
  {
    target: "./app/http",
    from: ["./app/routes", "./app/components", "./app/seed", "./app/db", "./app/root.tsx"],
    message:
      "app/http is request glue between routes and modules: it imports modules and lib, not routes, components, seed or db (the database handle is the request context's).",
  },
  {
    target: ["./app/routes", "./app/root.tsx", "./app/entry.server.tsx"],
    from: ["./app/db", "./app/seed"],
    message: "Routes are thin: they reach the database through app/modules, never app/db or app/seed directly.",
  },
  {
    target: "./app/integrations",
    from: [
      "./app/db",
      "./app/routes",
      "./app/components",
      "./app/http",
      "./app/seed",
      "./app/root.tsx",
      "./app/entry.server.tsx",
    ],
    message:
      "An integration implements its module's port with plain data in and out: it imports modules' types and pure rules and lib, never the database (the module reads it and hands the provider data) nor anything above modules.",
  },
  {
    target: "./app/modules",
    from: "./app/integrations",
    message:
      "A module owns its port as plain types (e.g. modules/messages/message-sender.ts) and is handed an implementation (context.providers): it never imports app/integrations.",
  },
];

/**
 * What `no-restricted-imports` refuses, by group; each file gets one list (a later config for the
 * same rule replaces an earlier one, so the lists are put together per folder below).
 */
const RESTRICTED = {
  // Not even a type: a status or row type comes from the module that owns it (issue 40 found four
  // components naming db/schema types, let through while this shared the server modules' type allowance).
  componentsDb: {
    group: ["~/db", "~/db/*", "**/app/db/*", "../db/*", "../../db/*", "../../../db/*"],
    message:
      "Components never import db/, not even its types: take a status or row type from the module that owns it (e.g. ~/modules/returns/return-rules).",
  },
  components: {
    group: ["**/*.server", "**/*.server.ts"],
    allowTypeImports: true,
    message: "Components never import server modules (only their types).",
  },
  componentsReads: {
    group: ["~/modules/*/reads", "**/modules/*/reads"],
    allowTypeImports: true,
    message:
      "Components never import a module's reads.ts (its tables and server read functions): the page's loader reads, and hands the component plain data.",
  },
  modules: {
    group: ["~/routes/*", "~/components/*", "react-router"],
    message: "Modules hold business rules only: no routes, components or React Router.",
  },
  vendorClients: {
    regex: "^(nodemailer|write-excel-file|saxen)(/|$)",
    message:
      "Only app/integrations/ imports vendor clients (mail, spreadsheet readers, HTTP APIs): a module declares a port, an integration implements it, and start-up hands it over in context.providers.",
  },
  devOnly: {
    regex: "^(smtp-server|mailparser|read-excel-file|csv-parse)(/|$)",
    message:
      "Test servers and the spreadsheet libraries tests check the shop's own readers against are dev dependencies: only tests and the integrations' stand-ins (*-stand-in.ts) use them.",
  },
  standIns: {
    regex: "-stand-in(\\.ts)?$",
    message:
      "Stand-ins are for tests (and scripts): app and server code get the real provider from context.providers, so no stand-in reaches the production build.",
  },
  integrationValues: {
    regex: "(^~/|/)integrations/",
    allowTypeImports: true,
    message:
      "Providers are made once at start (server/) and reach routes, flows and workers through the request context (context.providers): outside app/integrations, name only their types.",
  },
};
const restrictImports = (...groups) => ({
  "no-restricted-imports": ["error", { patterns: groups.map((name) => RESTRICTED[name]) }],
});
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];

/** Strings and template text that name the shop's zone ("Asia/Karachi") or its "+05:00" offset. */
const SHOP_TIME_SELECTORS = [
  "Literal[value=/Asia.Karachi/i]",
  "TemplateElement[value.raw=/Asia.Karachi/i]",
  "Literal[value=/[+]05:?00/]",
  "TemplateElement[value.raw=/[+]05:?00/]",
];
const SHOP_TIME_MESSAGE =
  "Pakistan time lives in app/lib/shop-time.ts: use its SHOP_TIME_ZONE, day helpers and formatters instead of naming the zone or its offset.";

/**
 * A module may use another module's types and pure rules, never its `.server` operations: what
 * crosses modules is a flow (app/flows), and what a module needs from another is a port it declares
 * and a flow gives (docs/architecture.md). Resolved by path, so `~/modules/x/...` and `../x/...`
 * are judged alike.
 */
const moduleBoundaries = {
  rules: {
    "no-other-module-server": {
      meta: { type: "problem", schema: [] },
      create(context) {
        const modulesDir = path.join(import.meta.dirname, "app", "modules");
        const moduleOf = (file) => {
          const relative = path.relative(modulesDir, file);
          return relative.startsWith("..") || path.isAbsolute(relative) ? null : relative.split(path.sep)[0];
        };
        const from = moduleOf(context.filename);
        if (!from) return {};
        const check = (node, source) => {
          if (typeof source !== "string") return;
          const target = source.startsWith("~/")
            ? path.join(import.meta.dirname, "app", source.slice(2))
            : source.startsWith(".")
              ? path.resolve(path.dirname(context.filename), source)
              : null;
          const to = target && moduleOf(target);
          if (!to || to === from || !/\.server(\.tsx?)?$/.test(target)) return;
          context.report({
            node,
            message: `modules/${from} may not import modules/${to}'s operations (${source}): compose them in a flow (app/flows), or declare a port in modules/${from} that a flow gives. Types and pure rules of another module may be imported from its plain .ts files.`,
          });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
        };
      },
    },
  },
};

/**
 * Each module owns its tables (app/modules/<owner>/tables.ts): only its own code writes them. Another
 * module, or a flow, reads them through the owner's declared reads (app/modules/<owner>/reads.ts) and
 * asks the owner's operation, composed in a flow, to change them. Read once here from the tables
 * files: each table's name in code and in SQL, and its owner.
 */
const MODULES_DIR = path.join(import.meta.dirname, "app", "modules");
const TABLES = (() => {
  const byName = new Map(); // `orderItems` -> "orders"
  const sqlNames = new Map(); // `orderItems` -> "order_items"
  const bySqlName = new Map(); // `order_items` -> "orders"
  for (const owner of fs.readdirSync(MODULES_DIR)) {
    const file = path.join(MODULES_DIR, owner, "tables.ts");
    if (!fs.existsSync(file)) continue;
    for (const [, name, sqlName] of fs
      .readFileSync(file, "utf8")
      .matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g)) {
      byName.set(name, owner);
      sqlNames.set(name, sqlName);
      bySqlName.set(sqlName, owner);
    }
  }
  return { byName, sqlNames, bySqlName };
})();
/** Which of the tables files a tables.ts or reads.ts may import: drizzle, other tables, shared column types. */
const TABLES_FILE_IMPORTS =
  /^(drizzle-orm(\/pg-core)?|\.\/tables|\.\.\/[\w-]+\/tables|\.\.\/\.\.\/db\/schema\/(statuses|stored-image|bytea)|\.\.\/\.\.\/lib\/roles)$/;
/** A reads.ts also declares its module's read functions: it re-exports them from the module's own files. */
const READS_FILE_IMPORTS = /^\.\/[\w-]+(\.server)?$/;
const SQL_WRITE = /\b(insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?public"?\.)?"?(\w+)"?/gi;

const ownTables = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const inModules = path.relative(MODULES_DIR, context.filename);
    const self = inModules.startsWith("..") || path.isAbsolute(inModules) ? null : inModules.split(path.sep)[0];
    const fileName = path.basename(context.filename);
    const isTablesFile =
      self && /^(tables|reads)\.ts$/.test(fileName) && path.dirname(context.filename) === path.join(MODULES_DIR, self);
    const who = self ? `modules/${self}` : "A flow";
    const resolve = (source) =>
      source.startsWith("~/")
        ? path.join(import.meta.dirname, "app", source.slice(2))
        : source.startsWith(".")
          ? path.resolve(path.dirname(context.filename), source)
          : null;
    /** `orders` for app/modules/orders/<file>(.ts) */
    const moduleFile = (target, file) => {
      const relative = target && path.relative(MODULES_DIR, target.replace(/\.ts$/, ""));
      if (!relative || relative.startsWith("..") || path.isAbsolute(relative)) return null;
      const parts = relative.split(path.sep);
      return parts.length === 2 && parts[1] === file ? parts[0] : null;
    };
    const isSchemaIndex = (target) => target === path.join(import.meta.dirname, "app", "schema");
    /** Local names bound to another module's tables (from its reads), to catch writes to them. */
    const othersTables = new Map();
    const report = (node, owner, table, how) => {
      context.report({
        node,
        message: `${who} ${how} ${table}, a table of modules/${owner}: only modules/${owner} writes its tables. Call modules/${owner}'s operation from a flow (app/flows) instead${self ? "" : ", or move the write into modules/" + owner}.`,
      });
    };
    const checkImport = (node, source, specifiers, importKind) => {
      if (typeof source !== "string") return;
      if (isTablesFile) {
        if (!TABLES_FILE_IMPORTS.test(source) && !(fileName === "reads.ts" && READS_FILE_IMPORTS.test(source)))
          context.report({
            node,
            message: `modules/${self}/${fileName} declares tables and reads: it imports only drizzle, other modules' tables.ts and the shared column types of app/db/schema (statuses, stored-image), not ${source}.`,
          });
        return;
      }
      const target = resolve(source);
      const tablesOf = moduleFile(target, "tables");
      if (tablesOf && tablesOf !== self) {
        context.report({
          node,
          message: `${who} may not import modules/${tablesOf}'s tables file (${source}): read them through ~/modules/${tablesOf}/reads, and change them by calling modules/${tablesOf}'s operation from a flow (app/flows).`,
        });
        return;
      }
      if (target && isSchemaIndex(target) && importKind !== "type") {
        for (const spec of specifiers ?? []) {
          if (spec.type === "ImportNamespaceSpecifier" || spec.type === "ExportAllDeclaration") {
            context.report({
              node,
              message: `${who} may not import the whole schema (${source}): take own tables from ./tables and others' from their module's reads.ts.`,
            });
            return;
          }
          const name = spec.imported?.name ?? spec.local?.name;
          const owner = spec.importKind !== "type" && TABLES.byName.get(name);
          if (owner)
            context.report({
              node: spec,
              message: `${who} may not import the table ${name} from ${source}: ${owner === self ? "its own tables come from ./tables" : `read it through ~/modules/${owner}/reads (only modules/${owner} writes it: call its operation from a flow)`}.`,
            });
        }
        return;
      }
      const readsOf = moduleFile(target, "reads");
      if (readsOf && readsOf !== self)
        for (const spec of specifiers ?? [])
          if (spec.type === "ImportSpecifier" && TABLES.byName.get(spec.imported.name) === readsOf)
            othersTables.set(spec.local.name, { owner: readsOf, table: spec.imported.name });
    };
    const tableSqlName = (name) => TABLES.sqlNames.get(name) ?? name;
    const checkSqlText = (node, text, from) => {
      for (const [, verb, table] of text.matchAll(SQL_WRITE)) {
        const owner = TABLES.bySqlName.get(table.toLowerCase());
        if (owner && owner !== self) report(node, owner, table.toLowerCase(), `writes (${verb.toLowerCase()}${from})`);
      }
    };
    return {
      ImportDeclaration: (node) => checkImport(node, node.source.value, node.specifiers, node.importKind),
      ExportNamedDeclaration: (node) => node.source && checkImport(node, node.source.value, [], node.exportKind),
      ExportAllDeclaration: (node) => checkImport(node, node.source.value, [node], node.exportKind),
      ImportExpression: (node) =>
        node.source.type === "Literal" && checkImport(node, node.source.value, [{ type: "ImportNamespaceSpecifier" }]),
      // (b) db.insert(T) / tx.update(T) / db.delete(T) with T another module's table.
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== "MemberExpression" || callee.property.type !== "Identifier") return;
        const verb = callee.property.name;
        if (verb === "raw" && callee.object.type === "Identifier" && callee.object.name === "sql") {
          const [arg] = node.arguments;
          if (arg?.type === "Literal" && typeof arg.value === "string") checkSqlText(node, arg.value, " in sql.raw");
          if (arg?.type === "TemplateLiteral")
            checkSqlText(node, arg.quasis.map((q) => q.value.cooked).join(" "), " in sql.raw");
          return;
        }
        if (!["insert", "update", "delete"].includes(verb)) return;
        const [arg] = node.arguments;
        const bound = arg?.type === "Identifier" && othersTables.get(arg.name);
        if (bound) report(node, bound.owner, tableSqlName(bound.table), `writes (.${verb}(${arg.name}))`);
      },
      // (c) sql`insert into t ...`, sql`update ${t} ...`: raw SQL writing another module's table.
      TaggedTemplateExpression(node) {
        const tag = node.tag.type === "MemberExpression" ? node.tag.object : node.tag;
        if (tag.type !== "Identifier" || tag.name !== "sql") return;
        const { quasis, expressions } = node.quasi;
        checkSqlText(node, quasis.map((q) => q.value.cooked ?? q.value.raw).join(" "), " in SQL");
        quasis.forEach((q, i) => {
          const verb = /\b(insert\s+into|update|delete\s+from)\s*$/i.exec(q.value.cooked ?? q.value.raw);
          const expression = expressions[i];
          const bound = verb && expression?.type === "Identifier" && othersTables.get(expression.name);
          if (bound)
            report(
              node,
              bound.owner,
              tableSqlName(bound.table),
              `writes (${verb[1].toLowerCase()} \${${expression.name}} in SQL)`,
            );
        });
      },
    };
  },
};

moduleBoundaries.rules["own-tables-only"] = ownTables;

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "bench-results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      // `import { type X } from "y.server"` stays in the bundle as `import "y.server"` (verbatimModuleSyntax): write `import type`.
      "@typescript-eslint/no-import-type-side-effects": "error",
    },
  },
  {
    // Dependencies point one way: routes -> http -> flows -> modules -> db -> lib (docs/architecture.md).
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
    // A module never imports another module's operations (moduleBoundaries above).
    files: ["app/modules/**/*.{ts,tsx}"],
    ignores: TESTS,
    plugins: { "module-boundaries": moduleBoundaries },
    rules: { "module-boundaries/no-other-module-server": "error" },
  },
  {
    // Each module writes only its own tables; others' it reads through their reads.ts (ownTables above).
    // A flow owns no tables: it reads through reads.ts and writes by calling the owners' operations.
    files: ["app/modules/**/*.{ts,tsx}", "app/flows/**/*.{ts,tsx}"],
    ignores: TESTS,
    plugins: { "module-boundaries": moduleBoundaries },
    rules: { "module-boundaries/own-tables-only": "error" },
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
    rules: restrictImports(
      "componentsDb",
      "components",
      "componentsReads",
      "vendorClients",
      "devOnly",
      "standIns",
      "integrationValues",
    ),
  },
  {
    files: TESTS.map((t) => `app/components/${t}`),
    rules: restrictImports("componentsDb", "components", "componentsReads"),
  },
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
    rules: {
      "no-restricted-syntax": [
        "error",
        ...SHOP_TIME_SELECTORS.map((selector) => ({ selector, message: SHOP_TIME_MESSAGE })),
      ],
    },
  },
);
