// The owner's reports at shop scale: every report over the last 30 days and over a year, on 20,000
// orders spread over a year (items with costs, shipments delivered and returned with imported and
// estimated charges, discount codes, channels, refunds with restocked returns), p50/p95 of the
// module call on PGlite and on PostgreSQL. `npx tsx scripts/bench-reports.ts` (options: --orders N
// --products N --rounds N --db pglite|postgres|both). Target: p95 under 300 ms.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase, type Db } from "~/db/client.server";
import { seedDatabase } from "~/seed/seed.server";
import { getReport } from "~/modules/reports/get-report.server";
import { REPORT_NAMES } from "~/modules/reports/report-names";
import { presetRange, type ReportRange } from "~/modules/reports/report-range";
import { shopDay } from "~/lib/shop-time";
import { postgresMissing, startBenchPostgres } from "./bench-data";
import { ROOT, createResources, log } from "./bench-support.mjs";
import { seedDemoData } from "./seed-demo-data";

const { values } = parseArgs({
  options: {
    orders: { type: "string", default: "20000" },
    products: { type: "string", default: "500" },
    rounds: { type: "string", default: "40" },
    db: { type: "string", default: "both" },
    // A PGlite folder to keep (made on the first run, reused after): for looking into one query.
    data: { type: "string" },
  },
});
const ROUNDS = Number(values.rounds);
const WARM_UP = 3;
const TARGET_P95_MS = 300;
const DAY_MS = 24 * 60 * 60 * 1000;

type Row = { db: string; report: string; range: string; p50: number; p95: number; max: number; rounds: number };
const resources = createResources("reports bench");
resources.handleSignals();
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** What the demo data lacks for reports: costs on items and products, codes on some orders, refunds with restocked pieces. */
async function addReportData(db: Db) {
  await db.execute(sql`update products set cost_price = (price * 45) / 100 where id not like '%7'`);
  // Most items know their cost (the product's at order time); one in fifty does not.
  await db.execute(sql`update order_items set unit_cost = (price * 45) / 100 where id % 50 <> 0`);
  // One order in eight used a code: 10 % off its subtotal, the total follows.
  await db.execute(sql`update orders set discount_code = case when (order_number::text like '%1') then 'EID10' when (order_number::text like '%3') then 'WELCOME' else 'FREESHIP' end,
      discount_total = subtotal / 10, total = total - subtotal / 10
    where (abs(hashtext(id::text)) % 8) = 0 and subtotal / 10 <= total`);
  // One delivered order in twenty-five had an item returned, refunded and restocked.
  await db.execute(sql`insert into return_requests (id, return_number, order_id, reason, status, created_at, updated_at)
    select gen_random_uuid(), 'RT-B' || row_number() over (), o.id, 'wrong_size', 'closed', o.delivered_at + interval '3 days', o.delivered_at + interval '3 days'
    from orders o where o.status = 'delivered' and (abs(hashtext(o.id::text)) % 25) = 0`);
  await db.execute(sql`insert into return_items (return_id, order_item_id, quantity, kind, condition, restocked_at)
    select r.id, (select min(i.id) from order_items i where i.order_id = r.order_id), 1, 'return', 'resellable', r.created_at from return_requests r where r.return_number like 'RT-B%'`);
  await db.execute(sql`insert into refunds (return_id, order_id, method, amount, recorded_by_name, created_at)
    select r.id, r.order_id, 'bank_transfer', least(o.total, (select min(i.price) from order_items i where i.order_id = o.id)), 'Bench', r.created_at
    from return_requests r join orders o on o.id = r.order_id where r.return_number like 'RT-B%' and o.total > 0`);
  await db.execute(sql`vacuum analyze`);
}

async function prepare(target: { databaseUrl?: string; dataDir: string }) {
  const started = Date.now();
  const database = await openDatabase(target);
  try {
    await migrateDatabase(database);
    await seedDatabase(database.db, { shopName: "Kapra" });
    const demo = await seedDemoData(database.db, {
      products: Number(values.products),
      orders: Number(values.orders),
      days: 365,
    });
    await addReportData(database.db);
    log(
      `  ${demo.orders} orders, ${demo.items} items, ${demo.shipments} shipments over 365 days, ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

async function measure(kind: string, target: { databaseUrl?: string; dataDir: string }): Promise<Row[]> {
  const database = await openDatabase(target);
  const rows: Row[] = [];
  try {
    const now = new Date();
    const ranges: [string, ReportRange][] = [
      ["30 days", presetRange("30d", now)],
      [
        "a year",
        { preset: "custom", from: shopDay(new Date(now.getTime() - 364 * DAY_MS)), to: shopDay(now), days: 365 },
      ],
    ];
    for (const name of REPORT_NAMES) {
      for (const [label, range] of ranges) {
        for (let i = 0; i < WARM_UP; i++) await getReport(database.db, name, range, now);
        const times: number[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          const t = performance.now();
          await getReport(database.db, name, range, now);
          times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        const row = {
          db: kind,
          report: name,
          range: label,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          max: times[times.length - 1],
          rounds: ROUNDS,
        };
        rows.push(row);
        log(
          `  ${`${name}, ${label}`.padEnd(24)} p50 ${row.p50.toFixed(1).padStart(6)} ms  p95 ${row.p95.toFixed(1).padStart(6)} ms`,
        );
      }
    }
  } finally {
    await database.close();
  }
  return rows;
}

async function run(kind: "pglite" | "postgres"): Promise<Row[]> {
  log(`\n[reports bench] ${kind}: seeding ${values.products} products and ${values.orders} orders over a year...`);
  if (kind === "pglite") {
    const target = { dataDir: values.data ?? path.join(resources.tmpDir("kapra-bench-reports-"), "data") };
    if (!values.data || !fs.existsSync(values.data)) await prepare(target);
    return measure(kind, target);
  }
  const postgres = await startBenchPostgres(resources);
  const target = { databaseUrl: await postgres.createDatabase("kapra_bench_reports"), dataDir: "" };
  await prepare(target);
  return measure(kind, target);
}

let code = 0;
try {
  let kinds: ("pglite" | "postgres")[] =
    values.db === "both" ? ["pglite", "postgres"] : [values.db as "pglite" | "postgres"];
  const missing = kinds.includes("postgres") ? postgresMissing() : null;
  if (missing) {
    log(`[reports bench] ${missing}`);
    kinds = kinds.filter((k) => k !== "postgres");
  }
  const rows: Row[] = [];
  for (const kind of kinds) rows.push(...(await run(kind)));
  log(
    `\nReports, time per report (${values.orders} orders over a year, ${ROUNDS} rounds after ${WARM_UP} to warm up; target p95 <= ${TARGET_P95_MS} ms):\n`,
  );
  log("| Report | Range | Database | p50 | p95 | Target |");
  log("|---|---|---|---:|---:|---|");
  for (const r of rows)
    log(
      `| ${r.report} | ${r.range} | ${r.db} | ${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms | ${r.p95 <= TARGET_P95_MS ? "PASS" : "FAIL"} |`,
    );
  const outDir = path.join(ROOT, "bench-results");
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, "reports.json"),
    `${JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, rounds: ROUNDS, orders: Number(values.orders), rows }, null, 2)}\n`,
  );
  if (rows.some((r) => r.p95 > TARGET_P95_MS)) code = 1;
} catch (error) {
  console.error(`[reports bench] could not run: ${(error as Error).stack ?? error}`);
  code = 1;
} finally {
  await resources.cleanupAll();
}
process.exit(code);
