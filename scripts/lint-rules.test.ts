import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCycles, importGraph, moduleCycles } from "./check-import-cycles";

// The layering of docs/architecture.md is only as good as the lint that keeps it: each probe below
// breaks one rule (or keeps to it) as a file at that place in app/ would, and lint must say so.
const ROOT = path.resolve(import.meta.dirname, "..");
const LAYER_RULE = "import-x/no-restricted-paths";
const SHOP_TIME_RULE = "no-restricted-syntax";

describe("the layering lint (eslint.config.js)", () => {
  const eslint = new ESLint({ cwd: ROOT });
  /** The rules lint breaks for `code` written at `file` (the file need not exist). */
  async function brokenRules(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return result.messages.map((m) => m.ruleId ?? m.message);
  }

  it.each([
    ["app/lib/probe.ts", `import { placeOrder } from "~/flows/place-order.server";\nexport const p = placeOrder;\n`],
    ["app/lib/probe.ts", `import type { Db } from "../db/client.server";\nexport type P = Db;\n`],
    ["app/lib/probe.ts", `import { setFlash } from "~/http/flash.server";\nexport const p = setFlash;\n`],
    ["app/lib/probe.ts", `import { Price } from "~/components/ui/price";\nexport const p = Price;\n`],
    // A module's read (modules/settings), not storage.
    [
      "app/db/probe.ts",
      `import { getSettings } from "~/modules/settings/get-settings.server";\nexport const p = getSettings;\n`,
    ],
    ["app/db/probe.ts", `import { seedDatabase } from "~/seed/seed.server";\nexport const p = seedDatabase;\n`],
    [
      "app/modules/orders/probe.ts",
      `import { requireUser } from "~/http/auth-guard.server";\nexport const p = requireUser;\n`,
    ],
    ["app/modules/orders/probe.ts", `import { Price } from "~/components/ui/price";\nexport const p = Price;\n`],
    ["app/modules/orders/probe.ts", `import * as route from "~/routes/account/order";\nexport const p = route;\n`],
    ["app/modules/orders/probe.ts", `import * as seed from "../../seed/seed-data";\nexport const p = seed;\n`],
    ["app/http/probe.ts", `import * as route from "~/routes/storefront/cart";\nexport const p = route;\n`],
    ["app/http/probe.ts", `import type { Db } from "~/db/client.server";\nexport type P = Db;\n`],
    ["app/routes/probe.ts", `import { orders } from "~/schema";\nexport const p = orders;\n`],
    // Storage never imports a module's tables, nor anything else of theirs (app/schema.ts gathers them).
    ["app/db/probe.ts", `import { orders } from "~/modules/orders/tables";\nexport const p = orders;\n`],
    ["app/db/schema/probe.ts", `export * from "../../modules/orders/tables";\n`],
    ["app/db/probe.ts", `import { orders } from "~/schema";\nexport const p = orders;\n`],
    ["app/modules/orders/probe.ts", `import { orders } from "~/schema";\nexport const p = orders;\n`],
    [
      "app/db/schema/probe.ts",
      `import { STATUS_LABELS } from "../../modules/orders/order-lifecycle";\nexport const p = STATUS_LABELS;\n`,
    ],
    // Flows sit between request glue and modules: a module never calls one, a flow never reaches up.
    [
      "app/modules/cart/probe.ts",
      `import { placeOrder } from "~/flows/place-order.server";\nexport const p = placeOrder;\n`,
    ],
    ["app/flows/probe.ts", `import { requireUser } from "~/http/auth-guard.server";\nexport const p = requireUser;\n`],
    ["app/flows/probe.ts", `import * as route from "~/routes/storefront/cart";\nexport const p = route;\n`],
    ["app/flows/probe.ts", `import { Price } from "~/components/ui/price";\nexport const p = Price;\n`],
  ])("refuses %s importing: %s", async (file, code) => {
    expect(await brokenRules(file, code)).toContain(LAYER_RULE);
  });

  it.each([
    ["app/lib/probe.ts", `import { formatPrice } from "~/lib/money";\nexport const p = formatPrice;\n`],
    [
      "app/db/probe.ts",
      `import { logger } from "~/lib/logger.server";\nimport { appMeta } from "./schema/infrastructure";\nexport const p = [logger, appMeta];\n`,
    ],
    [
      "app/modules/orders/probe.ts",
      `import { orders } from "~/modules/orders/tables";\nimport { formatPrice } from "~/lib/money";\nexport const p = [orders, formatPrice];\n`,
    ],
    // The seed (like scripts and tests) takes tables from the whole schema.
    ["app/seed/probe.ts", `import { orders } from "~/schema";\nexport const p = orders;\n`],
    [
      "app/http/probe.ts",
      `import { getSettings } from "~/modules/settings/get-settings.server";\nexport const p = getSettings;\n`,
    ],
    [
      "app/seed/probe.ts",
      `import { saveEncodedImage } from "~/modules/media/store-image.server";\nexport const p = saveEncodedImage;\n`,
    ],
    ["app/routes/probe.ts", `import { requireUser } from "~/http/auth-guard.server";\nexport const p = requireUser;\n`],
    ["app/routes/probe.ts", `import { placeOrder } from "~/flows/place-order.server";\nexport const p = placeOrder;\n`],
    ["app/http/probe.ts", `import { placeOrder } from "~/flows/place-order.server";\nexport const p = placeOrder;\n`],
    [
      "app/flows/probe.ts",
      `import { createOrder } from "~/modules/orders/create-order.server";\nimport { takeStock } from "~/modules/catalog/variant-stock.server";\nexport const p = [createOrder, takeStock];\n`,
    ],
    // A test reaches past the layers to set up what it checks.
    [
      "app/modules/orders/probe.test.ts",
      `import { seedDatabase } from "~/seed/seed.server";\nexport const p = seedDatabase;\n`,
    ],
  ])("allows %s importing: %s", async (file, code) => {
    expect(await brokenRules(file, code)).toEqual([]);
  });

  // Only app/integrations/ imports vendor clients; stand-ins stay in tests; providers reach the app
  // through the request context, made in server/ (docs/decisions/0024-integrations-and-ports.md).
  const IMPORT_RULE = "no-restricted-imports";
  it.each([
    [
      "app/modules/messages/probe.ts",
      `import nodemailer from "nodemailer";\nexport const p = nodemailer;\n`,
      IMPORT_RULE,
    ],
    [
      "app/modules/shipping/imports/probe.ts",
      `import { parse } from "csv-parse/sync";\nexport const p = parse;\n`,
      IMPORT_RULE,
    ],
    [
      "app/routes/probe.ts",
      `import { readSheet } from "read-excel-file/node";\nexport const p = readSheet;\n`,
      IMPORT_RULE,
    ],
    ["server/probe.ts", `import nodemailer from "nodemailer";\nexport const p = nodemailer;\n`, IMPORT_RULE],
    [
      "app/routes/probe.ts",
      `import { createProviders } from "~/integrations/providers.server";\nexport const p = createProviders;\n`,
      IMPORT_RULE,
    ],
    [
      "app/http/probe.ts",
      `import { fileCourierProvider } from "../integrations/couriers/file-portal/file-courier-provider.server";\nexport const p = fileCourierProvider;\n`,
      IMPORT_RULE,
    ],
    [
      "app/routes/probe.ts",
      `import { startTestSmtpServer } from "~/integrations/messaging/smtp-stand-in";\nexport const p = startTestSmtpServer;\n`,
      IMPORT_RULE,
    ],
    [
      "server/probe.ts",
      `import { portalCsv } from "../app/integrations/couriers/file-portal/portal-stand-in";\nexport const p = portalCsv;\n`,
      IMPORT_RULE,
    ],
    [
      "app/integrations/messaging/probe.ts",
      `import { SMTPServer } from "smtp-server";\nexport const p = SMTPServer;\n`,
      IMPORT_RULE,
    ],
    [
      "app/integrations/messaging/probe.ts",
      `import { startTestSmtpServer } from "./smtp-stand-in";\nexport const p = startTestSmtpServer;\n`,
      IMPORT_RULE,
    ],
    // The shop reads spreadsheets itself; the libraries are dev dependencies, for tests to compare against.
    [
      "app/integrations/couriers/file-portal/probe.ts",
      `import { readSheet } from "read-excel-file/node";\nexport const p = readSheet;\n`,
      IMPORT_RULE,
    ],
    [
      "app/integrations/couriers/probe.ts",
      `import { shipments } from "~/schema";\nexport const p = shipments;\n`,
      LAYER_RULE,
    ],
    [
      "app/integrations/couriers/probe.ts",
      `import { requireSeller } from "~/http/auth-guard.server";\nexport const p = requireSeller;\n`,
      LAYER_RULE,
    ],
    [
      "app/modules/messages/probe.ts",
      `import type { Providers } from "~/integrations/providers.server";\nexport type P = Providers;\n`,
      LAYER_RULE,
    ],
    // Components never import db/, not even a type (issue 40: status types are the owning module's).
    [
      "app/components/returns/probe.ts",
      `import type { ReturnStatus } from "~/db/schema/statuses";\nexport type P = ReturnStatus;\n`,
      IMPORT_RULE,
    ],
    [
      "app/components/seller/probe.tsx",
      `import type { StoredImageRef } from "~/db/schema/stored-image";\nexport type P = StoredImageRef;\n`,
      IMPORT_RULE,
    ],
    [
      "app/components/seller/returns/probe.ts",
      `import type { ReturnStatus } from "../../../db/schema/statuses";\nexport type P = ReturnStatus;\n`,
      IMPORT_RULE,
    ],
    [
      "app/components/orders/probe.tsx",
      `import { getSettings } from "~/modules/settings/reads";\nexport const p = getSettings;\n`,
      IMPORT_RULE,
    ],
  ])("refuses %s importing: %s", async (file, code, rule) => {
    expect(await brokenRules(file, code)).toContain(rule);
  });

  it.each([
    [
      "app/integrations/messaging/probe.ts",
      `import nodemailer from "nodemailer";\nimport type { EmailSender } from "~/modules/messages/message-sender";\nexport const p: [unknown, EmailSender | null] = [nodemailer, null];\n`,
    ],
    [
      "app/integrations/couriers/file-portal/probe.ts",
      `import { Parser } from "saxen";\nimport { readRows } from "~/modules/shipping/imports/column-mapping";\nexport const p = [Parser, readRows];\n`,
    ],
    [
      "app/integrations/messaging/probe-stand-in.ts",
      `import { SMTPServer } from "smtp-server";\nexport const p = SMTPServer;\n`,
    ],
    [
      "server/probe.ts",
      `import { createProviders } from "~/integrations/providers.server";\nexport const p = createProviders;\n`,
    ],
    [
      "app/routes/probe.ts",
      `import type { Providers } from "~/integrations/providers.server";\nexport type P = Providers;\n`,
    ],
    [
      "app/components/returns/probe.ts",
      `import type { ReturnStatus } from "~/modules/returns/return-rules";\nimport type { ReturnForOwner } from "~/modules/returns/get-return-for-owner.server";\nexport type P = [ReturnStatus, ReturnForOwner];\n`,
    ],
    [
      "app/modules/messages/probe.test.ts",
      `import { startTestSmtpServer } from "~/integrations/messaging/smtp-stand-in";\nimport { createSmtpSender } from "~/integrations/messaging/smtp-sender.server";\nexport const p = [startTestSmtpServer, createSmtpSender];\n`,
    ],
  ])("allows %s importing: %s", async (file, code) => {
    expect(await brokenRules(file, code)).toEqual([]);
  });

  // Pakistan time has one home (app/lib/shop-time.ts): elsewhere, naming the zone or its offset fails lint.
  it.each([
    [
      "app/components/orders/probe.tsx",
      `export const f = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Karachi" });\n`,
    ],
    [
      "app/modules/shipping/probe.server.ts",
      "export const noon = (day: string) => new Date(`${day}T12:00:00+05:00`);\n",
    ],
    ["app/routes/probe.tsx", "export const zone = `Asia/Karachi`;\n"],
    ["server/probe.ts", `export const sql = "at time zone 'Asia/Karachi'";\n`],
    ["scripts/probe.ts", `export const at = new Date("2026-11-26T09:00:00+05:00");\n`],
    // shop-time.ts's own text, anywhere but there.
    ["app/lib/probe.ts", fs.readFileSync(path.join(ROOT, "app/lib/shop-time.ts"), "utf8")],
  ])("refuses %s naming Pakistan time: %s", async (file, code) => {
    expect(await brokenRules(file, code)).toContain(SHOP_TIME_RULE);
  });

  it.each([
    ["app/lib/shop-time.ts", fs.readFileSync(path.join(ROOT, "app/lib/shop-time.ts"), "utf8")],
    [
      "app/components/orders/probe.tsx",
      `import { formatShopDate } from "~/lib/shop-time";\nexport const f = formatShopDate;\n`,
    ],
    // A city called Karachi is not a time zone.
    ["app/modules/checkout/probe.ts", `export const city = "Karachi";\n`],
    // A test may spell out a concrete time.
    [
      "app/modules/checkout/probe.test.ts",
      `export const at = new Date("2026-11-26T09:00:00+05:00");\nexport const zone = "Asia/Karachi";\n`,
    ],
  ])("allows %s: %s", async (file, code) => {
    expect(await brokenRules(file, code)).toEqual([]);
  });

  const MODULE_RULE = "module-boundaries/no-other-module-server";
  it.each([
    [
      "app/modules/cart/probe.ts",
      `import { createOrder } from "~/modules/orders/create-order.server";\nexport const p = createOrder;\n`,
    ],
    [
      "app/modules/shipping/imports/probe.ts",
      `import { recordStatusChange } from "../../orders/record-status-change.server";\nexport const p = recordStatusChange;\n`,
    ],
    [
      "app/modules/catalog/probe.ts",
      `import type { StockBefore } from "~/modules/notify-me/announce-restock.server";\nexport type P = StockBefore;\n`,
    ],
    [
      "app/modules/orders/probe.ts",
      `export { bookShipments } from "~/modules/shipping/booking/book-shipments.server";\n`,
    ],
    [
      "app/modules/orders/probe.ts",
      `export async function p() { return import("~/modules/shipping/booking/book-shipments.server"); }\n`,
    ],
  ])("refuses a module importing another module's operations: %s importing %s", async (file, code) => {
    expect(await brokenRules(file, code)).toContain(MODULE_RULE);
  });

  it.each([
    // Its own operations, another module's pure rules and types, and storage.
    [
      "app/modules/shipping/imports/probe.ts",
      `import { bookShipments } from "../booking/book-shipments.server";\nexport const p = bookShipments;\n`,
    ],
    [
      "app/modules/shipping/probe.ts",
      `import { STATUS_LABELS } from "~/modules/orders/order-lifecycle";\nimport type { OrderActor } from "~/modules/orders/order-actor";\nexport const p: [typeof STATUS_LABELS, OrderActor | null] = [STATUS_LABELS, null];\n`,
    ],
    [
      "app/modules/cart/probe.ts",
      `import { getSettings } from "~/modules/settings/reads";\nexport const p = getSettings;\n`,
    ],
    // A test sets up its world through any module.
    [
      "app/modules/cart/probe.test.ts",
      `import { createOrder } from "~/modules/orders/create-order.server";\nexport const p = createOrder;\n`,
    ],
  ])("allows %s importing: %s", async (file, code) => {
    expect(await brokenRules(file, code)).toEqual([]);
  });

  // Each module owns its tables (app/modules/<m>/tables.ts): it alone writes them; others read them
  // through its reads.ts, and change them by calling its operation from a flow (issue 41).
  const OWN_TABLES_RULE = "module-boundaries/own-tables-only";
  const writer = (imports: string, body: string) =>
    `import { sql } from "drizzle-orm";\nimport type { DbOrTx } from "~/db/database";\n${imports}\nexport const q = sql;\nexport const p = (db: DbOrTx) => ${body};\n`;
  it.each([
    // (a) another module's tables file, or a table from the schema index.
    ["app/modules/cart/probe.ts", `import { orders } from "~/modules/orders/tables";\nexport const p = orders;\n`],
    [
      "app/modules/shipping/booking/probe.ts",
      `import { orders } from "../../orders/tables";\nexport const p = orders;\n`,
    ],
    ["app/modules/cart/probe.ts", `import { orders } from "~/schema";\nexport const p = orders;\n`],
    ["app/modules/orders/probe.ts", `import { orders } from "~/schema";\nexport const p = orders;\n`],
    ["app/modules/cart/probe.ts", `import * as schema from "~/schema";\nexport const p = schema;\n`],
    ["app/flows/probe.server.ts", `import { orders } from "~/modules/orders/tables";\nexport const p = orders;\n`],
    // A tables file imports only drizzle, other tables files and the shared column types.
    ["app/modules/orders/tables.ts", `import { formatPrice } from "../../lib/money";\nexport const p = formatPrice;\n`],
    // (b) a drizzle write to a table taken from another module's reads.
    [
      "app/modules/shipping/booking/probe.server.ts",
      writer(
        `import { orders } from "~/modules/orders/reads";`,
        `db.update(orders).set({ courier: "x" }).where(sql\`\${orders.id} = 1\`)`,
      ),
    ],
    [
      "app/modules/catalog/probe.server.ts",
      writer(`import { cartItems as lines } from "~/modules/cart/reads";`, `db.delete(lines)`),
    ],
    [
      "app/modules/marketing/probe.server.ts",
      writer(`import { cartReminders } from "~/modules/cart/reads";`, `db.insert(cartReminders).values([])`),
    ],
    [
      "app/flows/probe.server.ts",
      writer(`import { orders } from "~/modules/orders/reads";`, `db.update(orders).set({ courier: "x" })`),
    ],
    // (c) raw SQL writing another module's table, by its SQL name or the table interpolated.
    [
      "app/modules/reviews/probe.server.ts",
      writer("", "db.execute(sql`UPDATE products p SET rating = 5 WHERE p.id = ${1}`)"),
    ],
    [
      "app/modules/cart/probe.server.ts",
      writer("", 'db.execute(sql`insert into "order_items" (order_id) values (${1})`)'),
    ],
    [
      "app/modules/catalog/probe.server.ts",
      writer(
        `import { wishlistItems } from "~/modules/wishlist/reads";`,
        "db.execute(sql`delete from ${wishlistItems}`)",
      ),
    ],
    ["app/modules/catalog/probe.server.ts", writer("", `db.execute(sql.raw("Delete From cart_items"))`)],
  ])("refuses %s writing or reaching another module's tables: %s", async (file, code) => {
    const broken = await brokenRules(file, code);
    expect(broken).toContain(OWN_TABLES_RULE);
  });

  it("says what to do instead", async () => {
    const [result] = await eslint.lintText(
      writer(`import { orders } from "~/modules/orders/reads";`, `db.update(orders).set({ courier: "x" })`),
      { filePath: path.join(ROOT, "app/modules/shipping/probe.server.ts") },
    );
    expect(result.messages.map((m) => m.message)).toEqual([
      expect.stringContaining("Call modules/orders's operation from a flow (app/flows)"),
    ]);
  });

  it.each([
    // Its own tables, written in drizzle and in SQL; another module's read, joined and selected.
    [
      "app/modules/orders/probe.server.ts",
      writer(
        `import { orders } from "~/modules/orders/tables";\nimport { products } from "~/modules/catalog/reads";`,
        "db.update(orders).set({ courier: 'x' }).where(sql`exists (select 1 from ${products} where ${products.id} = 'p')`)",
      ),
    ],
    [
      "app/modules/cart/probe.server.ts",
      writer(
        `import { cartItems } from "../cart/tables";`,
        "db.execute(sql`delete from cart_items where product_id in (select id from products for no key update)`).then(() => db.delete(cartItems))",
      ),
    ],
    [
      "app/modules/shipping/booking/probe.server.ts",
      writer(
        `import { orders } from "~/modules/orders/reads";\nimport { shipments } from "~/modules/shipping/tables";`,
        "db.select({ id: orders.id }).from(orders).innerJoin(shipments, sql`${shipments.orderId} = ${orders.id}`)",
      ),
    ],
    // A tables file names other tables for its foreign keys, and the shared statuses.
    [
      "app/modules/orders/tables.ts",
      `import { pgTable, text } from "drizzle-orm/pg-core";\nimport { users } from "../accounts/tables";\nimport { ORDER_STATUSES } from "../../db/schema/statuses";\nexport const t = pgTable("t", { id: text("id").references(() => users.id) });\nexport const s = ORDER_STATUSES;\n`,
    ],
    // A flow reads through reads.ts; tests, the seed and scripts use the schema as they need.
    [
      "app/flows/probe.server.ts",
      writer(`import { orders } from "~/modules/orders/reads";`, "db.select().from(orders)"),
    ],
    [
      "app/modules/cart/probe.test.ts",
      writer(`import { orders } from "~/schema";`, "db.update(orders).set({ courier: 'x' })"),
    ],
    ["app/seed/probe.server.ts", writer(`import { orders } from "~/schema";`, "db.delete(orders)")],
  ])("allows %s: %s", async (file, code) => {
    expect(await brokenRules(file, code)).toEqual([]);
  });

  // One file under several blocks keeps every rule: the shop-time block sets its own rule, so it
  // replaces none of the per-folder import lists, and those lists keep each other's patterns.
  it("keeps the import and shop-time rules together on one file", async () => {
    const code = `import nodemailer from "nodemailer";\nimport * as route from "~/routes/account/order";\nexport const p = [nodemailer, route, "Asia/Karachi"];\n`;
    const rules = await brokenRules("app/modules/messages/probe.ts", code);
    expect(rules).toEqual(expect.arrayContaining([IMPORT_RULE, LAYER_RULE, SHOP_TIME_RULE]));
    expect(rules.filter((r) => r === IMPORT_RULE)).toHaveLength(2);
  });

  it("passes on the code as it is", async () => {
    // In the gate, lint has just run over the whole tree with a cache made for this run
    // (scripts/test.sh): the same files and config are answered from it instead of linted twice.
    const cacheLocation = process.env.KAPRA_ESLINT_CACHE;
    const tree = cacheLocation ? new ESLint({ cwd: ROOT, cache: true, cacheLocation }) : eslint;
    const results = await tree.lintFiles(["app", "server"]);
    const problems = results.flatMap((r) =>
      r.messages.map((m) => `${path.relative(ROOT, r.filePath)}:${m.line} ${m.ruleId}`),
    );
    expect(problems).toEqual([]);
  }, 120_000);
});

describe("the import circle check (scripts/check-import-cycles.ts)", () => {
  let dir: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-cycles-"));
    write(
      "tsconfig.json",
      JSON.stringify({
        compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] }, moduleResolution: "bundler", module: "ES2022" },
      }),
    );
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const cyclesIn = (folder: string) =>
    importCycles(importGraph(dir, [folder])).map((c) => c.map((f) => path.relative(path.join(dir, folder), f)));

  it("finds a circle made of type-only imports through the ~/ alias (the root-data one)", () => {
    write(
      "app/root.tsx",
      `import { useRootData } from "~/lib/root-data";\nexport function loader() { return { n: 1 }; }\nexport const x = useRootData;\n`,
    );
    write(
      "app/lib/root-data.ts",
      `import type { loader } from "~/root";\nexport type RootData = ReturnType<typeof loader>;\nexport function useRootData() {}\n`,
    );
    expect(cyclesIn("app")).toEqual([["lib/root-data.ts", "root.tsx", "lib/root-data.ts"]]);
  });

  it("finds a circle through a dynamic import() and several files, and nothing where there is none", () => {
    write(
      "dynamic/client.ts",
      `export const RESYNC = "*";\nexport async function open() { return (await import("./pglite")).openPglite(); }\n`,
    );
    write("dynamic/pglite.ts", `import { helper } from "./helper";\nexport function openPglite() { return helper; }\n`);
    write("dynamic/helper.ts", `import { RESYNC } from "./client";\nexport const helper = RESYNC;\n`);
    write("dynamic/leaf.ts", `import { open } from "./client";\nexport const leaf = open;\n`);
    expect(cyclesIn("dynamic")).toEqual([["client.ts", "pglite.ts", "helper.ts", "client.ts"]]);
    write("clean/a.ts", `import { b } from "./b";\nimport type { C } from "./c";\nexport const a: C = b;\n`);
    write("clean/b.ts", `import type { C } from "./c";\nexport const b: C = 1;\n`);
    write("clean/c.ts", `export type C = number;\n`);
    expect(cyclesIn("clean")).toEqual([]);
  });

  it("finds modules that import each other through different files, and none where imports go one way", () => {
    write(
      "tsconfig.json",
      JSON.stringify({
        compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] }, moduleResolution: "bundler", module: "ES2022" },
      }),
    );
    write("app/modules/orders/order-number.ts", `export const n = 1;\n`);
    write(
      "app/modules/orders/get-order.server.ts",
      `import { link } from "~/modules/shipping/tracking-link";\nexport const g = link;\n`,
    );
    write("app/modules/shipping/tracking-link.ts", `export const link = "x";\n`);
    write("app/modules/shipping/book.server.ts", `import { n } from "../orders/order-number";\nexport const b = n;\n`);
    write("app/modules/catalog/stock.ts", `import { n } from "~/modules/orders/order-number";\nexport const s = n;\n`);
    // A test may reach anywhere: it makes no circle.
    write("app/modules/orders/order.test.ts", `import { s } from "~/modules/catalog/stock";\nexport const t = s;\n`);
    const graph = importGraph(dir, ["app/modules"]);
    expect(importCycles(graph)).toEqual([]);
    expect(moduleCycles(graph, dir)).toEqual([["orders", "shipping", "orders"]]);
    fs.rmSync(path.join(dir, "app/modules/orders/get-order.server.ts"));
    expect(moduleCycles(importGraph(dir, ["app/modules"]), dir)).toEqual([]);
  });

  it("takes a module's tables.ts and reads.ts for declarations, not ties between modules", () => {
    write("app/modules/accounts/tables.ts", `export const users = 1;\n`);
    write(
      "app/modules/orders/tables.ts",
      `import { users } from "../accounts/tables";\nexport const orders = users;\n`,
    );
    write("app/modules/orders/reads.ts", `export { orders } from "./tables";\n`);
    write(
      "app/modules/accounts/count.server.ts",
      `import { orders } from "~/modules/orders/reads";\nexport const c = orders;\n`,
    );
    expect(moduleCycles(importGraph(dir, ["app/modules"]), dir)).toEqual([]);
    // A module's other files do tie it: accounts -> orders -> accounts.
    write(
      "app/modules/orders/owner.server.ts",
      `import { c } from "~/modules/accounts/count.server";\nexport const o = c;\n`,
    );
    write("app/modules/accounts/name.ts", `import { o } from "~/modules/orders/owner.server";\nexport const n = o;\n`);
    expect(moduleCycles(importGraph(dir, ["app/modules"]), dir)).toEqual([["accounts", "orders", "accounts"]]);
    fs.rmSync(path.join(dir, "app/modules/accounts"), { recursive: true });
    fs.rmSync(path.join(dir, "app/modules/orders/tables.ts"));
    fs.rmSync(path.join(dir, "app/modules/orders/reads.ts"));
    fs.rmSync(path.join(dir, "app/modules/orders/owner.server.ts"));
  });

  it("fails lint (exit code 1, the circle named) when there is a circle", async () => {
    const run = promisify(execFile);
    const failed = await run(
      path.join(ROOT, "node_modules/.bin/tsx"),
      [path.join(ROOT, "scripts/check-import-cycles.ts"), "app"],
      { cwd: dir },
    ).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("app/lib/root-data.ts -> app/root.tsx -> app/lib/root-data.ts");
  }, 60_000);
});
