// The Meta catalogue feed at scale (issue 44), on PGlite and PostgreSQL: GET /feeds/meta.csv's work
// (getMetaFeed: settings, one catalogue query, the rows and the CSV) over --products N products of
// 10 variants each (5 colours x 2 sizes, two photos each), uncached (the read cache off: what the
// first request after a catalogue change costs) and from the read cache (READ_CACHE_MB as given,
// 8 by default: what Meta's hourly fetch usually costs). Run:
// `npx tsx scripts/bench-feed.ts [--products 500] [--runs 20] [--cache-mb 8] [--db pglite|postgres|both]`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { migrateDatabase } from "~/db/client.server";
import { enableReadCache } from "~/db/read-cache.server";
import { getMetaFeed } from "~/flows/get-meta-feed.server";
import { seedDatabase } from "~/seed/seed.server";
import { postgresMissing, startBenchPostgres, withDatabase, type DbTarget } from "./bench-data";
import { createResources, log } from "./bench-support.mjs";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "500" },
    runs: { type: "string", default: "20" },
    "cache-mb": { type: "string", default: "8" },
    db: { type: "string", default: "both" },
  },
});
const PRODUCTS = Number(values.products);
const RUNS = Number(values.runs);
const CACHE_BYTES = Number(values["cache-mb"]) * 1024 * 1024;
const ORIGIN = "https://kapra.pk";
const resources = createResources("feed bench");
resources.handleSignals();

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function time(fn: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50).toFixed(1), p95: percentile(ms, 95).toFixed(1) };
}

async function bench(label: string, target: DbTarget) {
  return withDatabase(target, async (db: Db, database) => {
    await migrateDatabase(database);
    await seedDatabase(db, { shopName: "Kapra" });
    await db.execute(sql`
      insert into products (id, name, category_slug, description, price, status, brand, size_set_id, features, tags)
      select 'bench-' || g, 'Bench Lawn Three Piece ' || g, (select slug from categories order by position limit 1),
             repeat('Printed lawn shirt with embroidered neckline, dyed trousers and a chiffon dupatta. ', 6),
             2000 + g % 3000, 'active', 'Kapra', (select id from size_sets order by position limit 1), '[]'::jsonb, '[]'::jsonb
      from generate_series(1, ${PRODUCTS}) g`);
    await db.execute(sql`
      insert into product_variants (product_id, color, size, stock, position, sku)
      select 'bench-' || g, c.color, s.size, (g + c.n) % 7, (c.n - 1) * 2 + s.n, 'FEED-' || g || '-' || c.n || '-' || s.n
      from generate_series(1, ${PRODUCTS}) g
      cross join (values (1, 'Black'), (2, 'White'), (3, 'Navy'), (4, 'Gray'), (5, 'Green')) as c(n, color)
      cross join (values (1, 'S'), (2, 'M')) as s(n, size)`);
    await db.execute(sql`
      insert into product_images (product_id, position, alt, width, height, sources)
      select 'bench-' || g, p, 'Bench photo', 960, 1200,
             jsonb_build_array(
               jsonb_build_object('key', 'bench-' || g || '-' || p || '-320.webp', 'width', 320, 'height', 400),
               jsonb_build_object('key', 'bench-' || g || '-' || p || '-960.webp', 'width', 960, 'height', 1200))
      from generate_series(1, ${PRODUCTS}) g cross join generate_series(0, 1) p`);
    await db.execute(sql`vacuum analyze`);
    const feed = () => getMetaFeed({ db }, { origin: ORIGIN, token: null });
    const first = await feed();
    if (!first.ok) throw new Error("the feed refused an open request");
    const uncached = await time(feed);
    enableReadCache(db, CACHE_BYTES);
    const cached = await time(feed);
    const kb = Math.round(Buffer.byteLength(first.csv) / 1024);
    log(
      `  ${label.padEnd(10)} ${String(first.rows).padStart(6)} rows, ${kb} KB  uncached p50 ${uncached.p50.padStart(7)} ms  p95 ${uncached.p95.padStart(7)} ms   read cache p50 ${cached.p50.padStart(7)} ms  p95 ${cached.p95.padStart(7)} ms`,
    );
  });
}

try {
  log(`${PRODUCTS} products, ${PRODUCTS * 10} variants (+ the seeded catalogue), ${RUNS} runs each`);
  if (values.db !== "postgres") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-feed-bench-"));
    resources.defer(() => fs.rmSync(dir, { recursive: true, force: true }));
    await bench("PGlite", { dataDir: dir });
  }
  if (values.db !== "pglite") {
    const missing = postgresMissing();
    if (missing) log(missing);
    else {
      const pg = await startBenchPostgres(resources);
      await pg.createDatabase("kapra_feed_bench");
      await bench("PostgreSQL", { databaseUrl: pg.urlOf("kapra_feed_bench"), dataDir: "" });
    }
  }
} finally {
  await resources.cleanupAll();
}
