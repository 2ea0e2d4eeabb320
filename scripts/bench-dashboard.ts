// The owner dashboard's server time on demo data (500 products, 20,000 orders), on PGlite and on
// PostgreSQL: `npm run bench -- --only=dashboard` (bench.mjs runs this after building), or
// `npx tsx scripts/bench-dashboard.ts` against an existing build. Options: --orders N --products N
// --requests N --db pglite|postgres|both.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { migrateDatabase, openDatabase } from "~/db/client.server";
import { seedDatabase } from "~/db/seed.server";
import { parseEnv } from "~/lib/env.server";
import { createAuth, loadAuthSecret } from "~/modules/accounts/auth.server";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { freePort, startPgCluster, type PgCluster } from "../tests/setup/pg-cluster";
import { seedDemoData } from "./seed-demo-data";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
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
] as const;

type Row = { db: string; page: string; url: string; p50: number; p95: number; max: number; status: number; requests: number };

const children = new Set<ChildProcess>();
const cleanups: (() => void | Promise<void>)[] = [];
async function cleanup() {
  for (const child of children) child.kill("SIGTERM");
  for (const fn of cleanups.reverse()) await fn();
}
process.on("SIGINT", () => void cleanup().finally(() => process.exit(130)));

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const log = (message: string) => process.stdout.write(`${message}\n`);

/** Seeds a database with the catalogue, the demo data and a seller account, then closes it. */
async function prepare(target: { databaseUrl?: string; dataDir: string }) {
  const started = Date.now();
  const database = await openDatabase(target);
  try {
    await migrateDatabase(database);
    await seedDatabase(database.db, { shopName: "Kapra" });
    await seedDemoData(database.db, { products: Number(values.products), orders: Number(values.orders) });
    // What autovacuum does on a live PostgreSQL (PGlite has none): visibility map and statistics.
    await database.db.execute(sql`vacuum analyze`);
    const env = parseEnv({ ...process.env, DATABASE_URL: target.databaseUrl ?? "", DATA_DIR: target.dataDir || os.tmpdir() });
    const auth = createAuth({ db: database.db, env, secret: await loadAuthSecret(database.db, undefined) });
    await createSeller(auth, database.db, { ...OWNER, name: "Bench Owner" });
  } finally {
    await database.close();
  }
  log(`  demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function startShop(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `kapra-bench-dashboard-${port}.log`);
  const out = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, ["server/start.js"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", PUBLIC_URL: "", SIGN_IN_RATE_LIMIT: "1000", ...env },
    stdio: ["ignore", out, out],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`The shop exited: ${fs.readFileSync(logFile, "utf8").slice(-2000)}`);
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) return origin;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("The shop did not start within 2 minutes");
}

async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(OWNER),
  });
  if (!res.ok) throw new Error(`Sign-in failed: HTTP ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
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
    const row = { db, page, url, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], status, requests: rounds };
    rows.push(row);
    log(`  ${page.padEnd(24)} p50 ${row.p50.toFixed(1).padStart(6)} ms  p95 ${row.p95.toFixed(1).padStart(6)} ms  (${rounds} requests)${status !== 200 ? `  (HTTP ${status}!)` : ""}`);
  }
  return rows;
}

async function run(kind: "pglite" | "postgres"): Promise<Row[]> {
  log(`\n[dashboard bench] ${kind}: seeding ${values.products} products and ${values.orders} orders...`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `kapra-bench-${kind}-`));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  let env: Record<string, string>;
  if (kind === "pglite") {
    const dataDir = path.join(tmp, "data");
    await prepare({ dataDir });
    env = { DATA_DIR: dataDir, DATABASE_URL: "" };
  } else {
    const cluster: PgCluster = await startPgCluster();
    cleanups.push(() => cluster.stop());
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database kapra_bench");
    await admin.end();
    const url = cluster.url.replace(/\/postgres$/, "/kapra_bench");
    await prepare({ databaseUrl: url, dataDir: "" });
    env = { DATABASE_URL: url, DATA_DIR: path.join(tmp, "unused") };
  }
  const origin = await startShop(env);
  const cookie = await signIn(origin);
  log(`  ${REQUESTS} sequential requests per page after ${WARM_UP} to warm up, signed in as a seller:`);
  const rows = await measure(kind, origin, cookie);
  for (const child of children) child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1000));
  return rows;
}

let code = 0;
try {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) throw new Error("No build: run `npm run build` first (npm run bench does).");
  const kinds = values.db === "both" ? (["pglite", "postgres"] as const) : [values.db as "pglite" | "postgres"];
  const rows: Row[] = [];
  for (const kind of kinds) rows.push(...(await run(kind)));
  log(`\nOwner dashboard, server time per request (${values.orders} orders, ${values.products} demo products; target p95 <= ${TARGET_P95_MS} ms):\n`);
  log("| Page | Database | requests | p50 | p95 | Target |");
  log("|---|---|---:|---:|---:|---|");
  for (const r of rows) {
    log(`| ${r.page} \`${r.url}\` | ${r.db} | ${r.requests} | ${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms | ${r.status !== 200 ? `HTTP ${r.status}` : r.p95 <= TARGET_P95_MS ? "PASS" : "FAIL"} |`);
  }
  const outDir = path.join(ROOT, "bench-results");
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, "dashboard.json"), `${JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, requests: REQUESTS, orders: Number(values.orders), rows }, null, 2)}\n`);
} catch (error) {
  console.error(`[dashboard bench] could not run: ${(error as Error).stack ?? error}`);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
