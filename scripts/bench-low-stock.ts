// Costs and low stock at scale (issue 31), on PGlite and PostgreSQL: the Products tab's page and its
// Low stock filter, the digest's query and a 2,000-row cost file's preview, over a catalogue of
// --products N products (12 colours and sizes each, a tenth of them low). Run:
// `npx tsx scripts/bench-low-stock.ts [--products 5000] [--runs 50] [--db pglite|postgres|both]`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { migrateDatabase } from "~/db/client.server";
import { seedDatabase } from "~/seed/seed.server";
import { parseInventoryQuery } from "~/modules/catalog/inventory-query";
import { listInventory } from "~/modules/catalog/list-inventory.server";
import { listLowStock } from "~/modules/catalog/list-low-stock.server";
import { previewCostImport } from "~/modules/catalog/import-costs.server";
import { postgresMissing, startBenchPostgres, withDatabase, type DbTarget } from "./bench-data";
import { createResources, log } from "./bench-support.mjs";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "5000" },
    runs: { type: "string", default: "50" },
    db: { type: "string", default: "both" },
  },
});
const PRODUCTS = Number(values.products);
const RUNS = Number(values.runs);
const resources = createResources("low-stock bench");
resources.handleSignals();

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function time(name: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return { name, p50: percentile(ms, 50).toFixed(1), p95: percentile(ms, 95).toFixed(1) };
}

async function bench(label: string, target: DbTarget) {
  return withDatabase(target, async (db: Db, database) => {
    await migrateDatabase(database);
    await seedDatabase(db, { shopName: "Kapra" });
    // N products in the seed's first category and size set, 12 variants each (4 colours x 3 sizes), one product in ten low.
    await db.execute(sql`
      insert into products (id, name, category_slug, description, price, status, brand, size_set_id, cost_price, features, tags)
      select 'bench-' || g, 'Bench Product ' || g, (select slug from categories order by position limit 1), 'x', 1000 + g % 500, 'active', 'Kapra',
             (select id from size_sets order by position limit 1), case when g % 3 = 0 then null else 400 end, '[]'::jsonb, '[]'::jsonb
      from generate_series(1, ${PRODUCTS}) g`);
    await db.execute(sql`
      insert into product_variants (product_id, color, size, stock, position, sku)
      select 'bench-' || g, c.color, s.size, case when g % 10 = 0 and c.n = 1 then 1 else 40 end, (c.n - 1) * 3 + s.n, 'BENCH-' || g || '-' || c.n || '-' || s.n
      from generate_series(1, ${PRODUCTS}) g
      cross join (values (1, 'Black'), (2, 'White'), (3, 'Navy'), (4, 'Gray')) as c(n, color)
      cross join (values (1, 'S'), (2, 'M'), (3, 'L')) as s(n, size)`);
    await db.execute(sql`vacuum analyze`);
    const rows = Array.from({ length: 2000 }, (_, i) =>
      i % 2 === 0
        ? { line: i + 2, product: `Bench Product ${i + 1}`, sku: "", cost: "450" }
        : { line: i + 2, product: "", sku: `BENCH-${i + 1}-1-2`, cost: "470" },
    );
    const results = [
      await time("Products, first page", () => listInventory(db, parseInventoryQuery(new URLSearchParams("")))),
      await time("Products, Low stock only", () =>
        listInventory(db, parseInventoryQuery(new URLSearchParams("low=1"))),
      ),
      await time("Digest query (100 rows + count)", () => listLowStock(db, { limit: 100 })),
      await time("Cost file preview, 2,000 rows", () => previewCostImport(db, rows)),
    ];
    for (const r of results)
      log(`  ${label.padEnd(10)} ${r.name.padEnd(34)} p50 ${r.p50.padStart(7)} ms  p95 ${r.p95.padStart(7)} ms`);
  });
}

try {
  log(`${PRODUCTS} products, ${PRODUCTS * 12} variants, ${RUNS} runs each`);
  if (values.db !== "postgres") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-low-stock-bench-"));
    resources.defer(() => fs.rmSync(dir, { recursive: true, force: true }));
    await bench("PGlite", { dataDir: dir });
  }
  if (values.db !== "pglite") {
    const missing = postgresMissing();
    if (missing) log(missing);
    else {
      const pg = await startBenchPostgres(resources);
      await pg.createDatabase("kapra_low_stock_bench");
      await bench("PostgreSQL", { databaseUrl: pg.urlOf("kapra_low_stock_bench"), dataDir: "" });
    }
  }
} finally {
  await resources.cleanupAll();
}
