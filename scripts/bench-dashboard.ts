// The owner dashboard's server time on demo data (500 products, 20,000 orders), on PGlite and on
// PostgreSQL: `npm run bench -- --only=dashboard` (bench.mjs runs this after building), or
// `npx tsx scripts/bench-dashboard.ts` against an existing build. Options: --orders N --products N
// --requests N --db pglite|postgres|both.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { postgresMissing, prepareShopData, startBenchPostgres, type DbTarget } from "./bench-data";
import { ROOT, createResources, log, snapshotBuild, startShop, stopChild } from "./bench-support.mjs";

const { values } = parseArgs({
  options: {
    orders: { type: "string", default: "20000" },
    products: { type: "string", default: "500" },
    requests: { type: "string", default: "100" },
    db: { type: "string", default: "both" },
  },
});
const REQUESTS = Number(values.requests);
const WARM_UP = 10;
const TARGET_P95_MS = 150;
const OWNER = { email: "bench-owner@shop.test", password: "bench-owner-password" };
const PAGES = [
  ["Overview", "/seller-dashboard"],
  ["Overview API", "/api/seller/overview"],
  ["Orders, first page", "/seller/orders"],
  ["Orders, status filter", "/seller/orders?status=pending"],
  ["Orders, phone search", "/seller/orders?q=03001234567"],
  // The demo data books, delivers, returns and settles parcels with three couriers (scripts/seed-demo-shipping.ts).
  ["Shipping tab (cash with couriers)", "/seller/shipping"],
  ["Delivery rates, 90 days by city", "/seller/shipping/rates?days=90&by=city"],
  ["Discrepancies", "/seller/shipping/discrepancies"],
] as const;

type Row = {
  db: string;
  page: string;
  url: string;
  p50: number;
  p95: number;
  max: number;
  status: number;
  requests: number;
};

const resources = createResources("dashboard bench");
resources.handleSignals();
let appDir = "";

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Seeds a database with the catalogue, the demo data and a seller account, then closes it. */
async function prepare(target: DbTarget) {
  const seconds = await prepareShopData(
    target,
    { products: Number(values.products), orders: Number(values.orders) },
    async (db, auth) => {
      await createSeller(auth, db, { ...OWNER, name: "Bench Owner" });
    },
  );
  log(`  demo data ready in ${seconds.toFixed(1)} s`);
}

async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(OWNER),
  });
  if (!res.ok) throw new Error(`Sign-in failed: HTTP ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function measure(db: string, origin: string, cookie: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [page, url] of PAGES) {
    const once = async () => {
      const t = performance.now();
      const res = await fetch(`${origin}${url}`, { headers: { cookie }, redirect: "manual" });
      await res.arrayBuffer();
      return { ms: performance.now() - t, status: res.status };
    };
    // A page far over the target gets fewer rounds, so one slow page cannot hold the bench for an hour.
    const first = (await once()).ms;
    const warmUps = first > 3000 ? 1 : WARM_UP;
    let warmUpMs = first;
    for (let i = 1; i < warmUps; i++) warmUpMs += (await once()).ms;
    const rounds = first > 3000 ? Math.min(REQUESTS, 5) : warmUpMs / warmUps > 1000 ? Math.min(REQUESTS, 20) : REQUESTS;
    const times: number[] = [];
    let status = 200;
    for (let i = 0; i < rounds; i++) {
      const r = await once();
      times.push(r.ms);
      if (r.status !== 200) status = r.status;
    }
    times.sort((a, b) => a - b);
    const row = {
      db,
      page,
      url,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: times[times.length - 1],
      status,
      requests: rounds,
    };
    rows.push(row);
    log(
      `  ${page.padEnd(24)} p50 ${row.p50.toFixed(1).padStart(6)} ms  p95 ${row.p95.toFixed(1).padStart(6)} ms  (${rounds} requests)${status !== 200 ? `  (HTTP ${status}!)` : ""}`,
    );
  }
  return rows;
}

async function run(kind: "pglite" | "postgres"): Promise<Row[]> {
  log(`\n[dashboard bench] ${kind}: seeding ${values.products} products and ${values.orders} orders...`);
  const tmp = resources.tmpDir(`kapra-bench-${kind}-`);
  let env: Record<string, string>;
  if (kind === "pglite") {
    const dataDir = path.join(tmp, "data");
    await prepare({ dataDir });
    env = { DATA_DIR: dataDir, DATABASE_URL: "" };
  } else {
    const postgres = await startBenchPostgres(resources);
    const url = await postgres.createDatabase("kapra_bench");
    await prepare({ databaseUrl: url, dataDir: "" });
    // A shop on PostgreSQL refuses to start without a shared secret (several processes sign sessions).
    env = {
      DATABASE_URL: url,
      DATA_DIR: path.join(tmp, "unused"),
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
    };
  }
  const shop = await startShop({
    resources,
    appDir,
    logFile: path.join(tmp, "shop.log"),
    env: { SIGN_IN_RATE_LIMIT: "1000", ...env },
  });
  const cookie = await signIn(shop.origin);
  log(`  ${REQUESTS} sequential requests per page after ${WARM_UP} to warm up, signed in as a seller:`);
  const rows = await measure(kind, shop.origin, cookie);
  await stopChild(shop.child);
  return rows;
}

let code = 0;
try {
  appDir = snapshotBuild(resources.tmpDir("kapra-bench-dashboard-app-"));
  let kinds: ("pglite" | "postgres")[] =
    values.db === "both" ? ["pglite", "postgres"] : [values.db as "pglite" | "postgres"];
  const missing = kinds.includes("postgres") ? postgresMissing() : null;
  if (missing) {
    log(`[dashboard bench] ${missing}`);
    kinds = kinds.filter((k) => k !== "postgres");
  }
  const rows: Row[] = [];
  for (const kind of kinds) rows.push(...(await run(kind)));
  log(
    `\nOwner dashboard, server time per request (${values.orders} orders, ${values.products} demo products; target p95 <= ${TARGET_P95_MS} ms):\n`,
  );
  log("| Page | Database | requests | p50 | p95 | Target |");
  log("|---|---|---:|---:|---:|---|");
  for (const r of rows) {
    log(
      `| ${r.page} \`${r.url}\` | ${r.db} | ${r.requests} | ${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms | ${r.status !== 200 ? `HTTP ${r.status}` : r.p95 <= TARGET_P95_MS ? "PASS" : "FAIL"} |`,
    );
  }
  const outDir = path.join(ROOT, "bench-results");
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, "dashboard.json"),
    `${JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, requests: REQUESTS, orders: Number(values.orders), rows }, null, 2)}\n`,
  );
} catch (error) {
  console.error(`[dashboard bench] could not run: ${(error as Error).stack ?? error}`);
  code = 1;
} finally {
  await resources.cleanupAll();
}
process.exit(code);
