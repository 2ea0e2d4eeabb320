// `npm run bench:load`: a shop's day in a minute. 50 connections (keep-alive, this process; the shop
// runs built, in its own process) for 60 s: 70 % browsing /products (pages, sorts, categories, price
// bands, searches), 20 % product pages, 10 % signed-in cart changes and checkouts spread over 200
// buyers who all want a few scarce variants (stock 5 to 20), so an oversell would show. The catalogue
// has hundreds of products and thousands of past orders (bench-data.ts). On PGlite and on a
// throwaway PostgreSQL cluster. Prints per kind: requests, req/s, p50, p99, sold-out refusals and
// errors; then checks the database (0 errors, no stock below 0, scarce stock = start - units ordered,
// every order's total = items + shipping, orders = successful checkout answers) and prints PASS or
// FAIL; the exit code is 1 on FAIL.
//
// Options: --duration 60s, --connections 50, --buyers 200, --scarce 4, --products 300,
// --orders 5000, --only pglite|postgres, --check (CI: 10 s, a smaller shop, correctness only).
// Needs a build (`npm run build`). Writes bench-results/load.json.
import { randomBytes } from "node:crypto";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { and, eq, inArray, like, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderItems, orders, productVariants } from "~/schema";
import { postgresMissing, prepareShopData, startBenchPostgres, withDatabase, type DbTarget } from "./bench-data";
import {
  ROOT,
  createResources,
  fmt,
  log,
  logTail,
  parseDuration,
  snapshotBuild,
  startShop,
  stopChild,
} from "./bench-support.mjs";
import {
  browseRequest,
  checkRun,
  classify,
  cookieHeader,
  errorBreakdown,
  errorCodeOf,
  formatChecks,
  formatTable,
  pickActivity,
  productPath,
  summarise,
  type Catalogue,
  type Check,
  type Kind,
  type KindRow,
  type RunFacts,
  type Sample,
  type Variant,
} from "./bench-load-mix";
import {
  BROWSER,
  REQUEST_TIMEOUT_MS,
  buyerStep,
  makeBuyers,
  readCatalogue,
  send,
  signUp,
  type Answer,
  type Buyer,
  type OnSale,
} from "./bench-shop-client";

const { values } = parseArgs({
  options: {
    duration: { type: "string" },
    connections: { type: "string", default: "50" },
    buyers: { type: "string", default: "200" },
    scarce: { type: "string", default: "4" },
    products: { type: "string" },
    orders: { type: "string" },
    only: { type: "string" },
    check: { type: "boolean", default: false },
  },
});
const CHECK = values.check;
const DURATION = values.duration ?? (CHECK ? "10s" : "60s");
const DURATION_MS = parseDuration(/^\d+$/.test(DURATION) ? `${DURATION}s` : DURATION);
const CONNECTIONS = Number(values.connections);
const BUYERS = Number(values.buyers);
const SCARCE = Number(values.scarce);
// CI's run checks correctness only: a smaller shop seeds faster and still has past orders to add up.
const DEMO = {
  products: Number(values.products ?? (CHECK ? 100 : 300)),
  orders: Number(values.orders ?? (CHECK ? 500 : 5000)),
};
const BUYER_PASSWORD = "bench-load-buyer-Password-2026";
/** The shop's signing secret for the run, so the made buyers' session cookies are ones it accepts. */
const AUTH_SECRET = randomBytes(32).toString("hex");
const RUN_ID = Date.now().toString(36);
const CORES = os.availableParallelism?.() ?? os.cpus().length;

const resources = createResources("load bench");
resources.handleSignals();

type Target = { name: "PGlite" | "PostgreSQL"; target: DbTarget; env: Record<string, string> };
type Scarce = Variant & { variantId: number; startStock: number };

// --- Data ---------------------------------------------------------------------------------------

/** The scarce variants: one each of `count` products on sale, stock set to 5, 10, 15, 20, ... (at most 20). */
async function makeScarce(db: Db, onSale: (Variant & { variantId: number })[], count: number): Promise<Scarce[]> {
  const chosen: (Variant & { variantId: number })[] = [];
  for (const v of onSale) if (chosen.length < count && !chosen.some((c) => c.productId === v.productId)) chosen.push(v);
  if (chosen.length < count)
    throw new Error(`The shop has only ${chosen.length} products on sale for ${count} scarce variants`);
  const scarce: Scarce[] = [];
  for (const [i, v] of chosen.entries()) {
    const startStock = Math.min(20, 5 * (i + 1));
    await db.update(productVariants).set({ stock: startStock }).where(eq(productVariants.id, v.variantId));
    scarce.push({ productId: v.productId, color: v.color, size: v.size, variantId: v.variantId, startStock });
  }
  return scarce;
}

/** The database after the run: `start` is each variant's stock when the run began (variant id -> stock). */
async function readFacts(
  db: Db,
  keyPrefix: string,
  start: Map<number, number>,
  scarce: Scarce[],
  errors: number,
  answeredOrderIds: string[],
): Promise<RunFacts> {
  const negativeStock = await db
    .select({ variantId: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(sql`${productVariants.stock} < 0`);
  const runOrders = like(orders.idempotencyKey, `${keyPrefix}-%`);
  const ordered = await db
    .select({ variantId: orderItems.variantId, units: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(runOrders, ne(orders.status, "cancelled")))
    .groupBy(orderItems.variantId);
  const units = new Map(ordered.map((o) => [o.variantId, o.units]));
  const now = await db
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.id, [...start.keys()]));
  const variants = now.map((v) => ({
    variantId: v.id,
    startStock: start.get(v.id)!,
    stock: v.stock,
    unitsOrdered: units.get(v.id) ?? 0,
  }));
  const sums = await db
    .select({
      id: orders.id,
      total: orders.total,
      shippingFee: orders.shippingFee,
      itemsSum: sql<number>`coalesce(sum(${orderItems.price} * ${orderItems.quantity}), 0)::int`,
      items: sql<number>`count(${orderItems.id})::int`,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .groupBy(orders.id);
  const run = await db.select({ id: orders.id }).from(orders).where(runOrders);
  return {
    errors,
    negativeStock,
    orders: sums,
    runOrderIds: run.map((o) => o.id),
    answeredOrderIds,
    variants,
    scarce: scarce.map((s) => variants.find((v) => v.variantId === s.variantId)!),
  };
}

// --- The client ---------------------------------------------------------------------------------

type RunResult = { samples: Sample[]; answeredOrderIds: string[]; seconds: number; errorExamples: string[] };

/**
 * `CONNECTIONS` loops, each sending its next request when the last is answered, until the time is up;
 * requests in flight then are awaited and counted, so every checkout answer is known.
 */
async function drive(
  origin: string,
  catalogue: Catalogue,
  buyers: Buyer[],
  scarce: Scarce[],
  others: Variant[],
  keyPrefix: string,
): Promise<RunResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS, maxFreeSockets: CONNECTIONS });
  const samples: Sample[] = [];
  const answeredOrderIds: string[] = [];
  const errorExamples: string[] = [];
  let keys = 0;
  const rand = Math.random;
  const record = (kind: Kind, started: number, answer: Answer, what: string) => {
    const outcome = classify(kind, answer.status, errorCodeOf(answer.body));
    samples.push({ kind, ms: performance.now() - started, outcome, status: answer.status });
    if (outcome === "error" && errorExamples.length < 10)
      errorExamples.push(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 200) ?? ""}`);
    return outcome;
  };

  const started = performance.now();
  const deadline = started + DURATION_MS;
  async function connection() {
    while (performance.now() < deadline) {
      const activity = pickActivity(rand);
      if (activity === "buyer") {
        const placed = await buyerStep({
          agent,
          origin,
          buyers,
          scarce,
          others,
          rand,
          record,
          idempotencyKey: () => `${keyPrefix}-${++keys}`,
        });
        if (placed) answeredOrderIds.push(placed);
      } else {
        const { kind, path: urlPath } =
          activity === "browse"
            ? browseRequest(rand, catalogue)
            : { kind: "product" as const, path: productPath(rand, catalogue) };
        const t0 = performance.now();
        record(kind, t0, await send(agent, origin, "GET", urlPath, BROWSER), `GET ${urlPath}`);
      }
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { samples, answeredOrderIds, seconds, errorExamples };
}

// --- One database -------------------------------------------------------------------------------

type DatabaseResult = {
  database: string;
  rows: KindRow[];
  errors: string[];
  checks: Check[];
  pass: boolean;
  seconds: number;
  orders: number;
  scarce: string;
};

async function runOn(t: Target, appDir: string): Promise<DatabaseResult> {
  log(
    `\n[load bench] ${t.name}: ${DEMO.products} demo products, ${DEMO.orders} past orders, ${SCARCE} scarce variants`,
  );
  const { catalogue, onSale, scarce } = await withDatabase(t.target, async (db) => {
    const read = await readCatalogue(db);
    return { ...read, scarce: await makeScarce(db, read.onSale, SCARCE) };
  });
  const scarceIds = new Set(scarce.map((s) => s.variantId));
  const othersOnSale = onSale.filter((v) => !scarceIds.has(v.variantId));
  const others: Variant[] = othersOnSale.map(({ productId, color, size }) => ({ productId, color, size }));
  // Before the shop starts: PGlite's folder is the shop's alone while it runs.
  // Each made buyer comes back with one line in the cart: odd buyers hold the scarce variants in turn
  // (n / 2, so all of them are wanted), even ones anything else, so the race for scarce stock starts at once.
  const firstLine = (n: number): OnSale => {
    if (n % 2 === 0) return othersOnSale[(n * 7919) % othersOnSale.length];
    const s = scarce[Math.floor(n / 2) % scarce.length];
    return { productId: s.productId, variantId: s.variantId, color: s.color, size: s.size, stock: s.startStock };
  };
  const made = await makeBuyers(t.target, { from: 1, to: BUYERS, authSecret: AUTH_SECRET, runId: RUN_ID, firstLine });
  const logFile = path.join(resources.tmpDir("kapra-bench-load-log-"), "shop.log");
  const shop = await startShop({
    resources,
    appDir,
    logFile,
    env: { ...t.env, WEB_CONCURRENCY: "1", SIGN_IN_RATE_LIMIT: "100000", BETTER_AUTH_SECRET: AUTH_SECRET },
  });

  const setupAgent = new http.Agent({ keepAlive: true });
  const buyers = [await signUp(setupAgent, shop.origin, RUN_ID, BUYER_PASSWORD), ...made];
  // A made buyer's cookie must be one the shop takes, or every cart request would be a 401.
  const probe = await send(setupAgent, shop.origin, "GET", "/api/cart", { cookie: cookieHeader(buyers.at(-1)!.jar) });
  if (probe.status !== 200)
    throw new Error(`The shop refused a made buyer's session cookie: HTTP ${probe.status}${logTail(logFile)}`);
  setupAgent.destroy();
  log(
    `  ${BUYERS} buyers: 1 signed up through /api/auth/sign-up/email, ${BUYERS - 1} made directly with a session and a line in the cart`,
  );
  // Warm up (route modules, prepared statements) so the run measures a shop that has been up a while.
  const warm = new http.Agent({ keepAlive: true });
  for (let i = 0; i < 30; i++) {
    const answer = await send(
      warm,
      shop.origin,
      "GET",
      i % 2 ? browseRequest(Math.random, catalogue).path : productPath(Math.random, catalogue),
      BROWSER,
    );
    if (answer.status !== 200) throw new Error(`Warm-up request answered HTTP ${answer.status}${logTail(logFile)}`);
  }
  warm.destroy();

  const keyPrefix = `load-${RUN_ID}-${t.name.toLowerCase()}`;
  log(`  driving ${CONNECTIONS} connections for ${DURATION}...`);
  const run = await drive(shop.origin, catalogue, buyers, scarce, others, keyPrefix);
  await stopChild(shop.child, 15000);

  const rows = summarise(run.samples, run.seconds);
  const start = new Map(onSale.map((v) => [v.variantId, v.stock]));
  for (const s of scarce) start.set(s.variantId, s.startStock);
  const facts = await withDatabase(t.target, (db) =>
    readFacts(db, keyPrefix, start, scarce, rows.at(-1)!.errors, run.answeredOrderIds),
  );
  const checks = checkRun(facts);
  const pass = checks.every((c) => c.pass);
  const scarceLine = facts.scarce.map((s) => `${s.startStock - s.stock}/${s.startStock}`).join(", ");
  log(`\n### ${t.name}, 1 process: ${CONNECTIONS} connections, ${run.seconds.toFixed(1)} s\n`);
  log(formatTable(rows));
  log(`\n${run.answeredOrderIds.length} orders placed; scarce variants sold: ${scarceLine}\n`);
  const breakdown = errorBreakdown(run.samples);
  if (breakdown.length)
    log(`Errors by kind and status (no answer: none within ${REQUEST_TIMEOUT_MS / 1000} s): ${breakdown.join("; ")}`);
  if (run.errorExamples.length) log(`Errors, the first:\n${run.errorExamples.map((e) => `  ${e}`).join("\n")}\n`);
  log(formatChecks(checks));
  const errorLines = fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .filter((l) => /"level":(50|60)/.test(l));
  if (errorLines.length)
    log(
      `  ${errorLines.length} error line(s) in the shop log, the last:\n${errorLines
        .slice(-3)
        .map((l) => `    ${l.slice(0, 300)}`)
        .join("\n")}`,
    );
  log(`=> ${t.name}: ${pass ? "PASS" : "FAIL"}`);
  return {
    database: t.name,
    rows,
    errors: breakdown,
    checks,
    pass,
    seconds: run.seconds,
    orders: run.answeredOrderIds.length,
    scarce: scarceLine,
  };
}

// --- Main -----------------------------------------------------------------------------------------

async function main(): Promise<boolean> {
  if (!Number.isFinite(DURATION_MS) || DURATION_MS <= 0)
    throw new Error(`--duration ${DURATION}: give seconds, e.g. 60s`);
  if (!(CONNECTIONS >= 1 && BUYERS >= CONNECTIONS && SCARCE >= 1))
    throw new Error(
      "--connections must be at least 1, --buyers at least --connections (a buyer does one thing at a time), --scarce at least 1",
    );
  if (values.only && values.only !== "pglite" && values.only !== "postgres")
    throw new Error(`--only ${values.only}: pglite or postgres`);
  log(
    `[load bench] Node ${process.version}, ${CORES} cores (${os.cpus()[0]?.model ?? "?"}); load average now ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}${CHECK ? "; --check: correctness only" : ""}`,
  );
  const appDir = snapshotBuild(resources.tmpDir("kapra-bench-load-app-"));
  const targets: Target[] = [];
  if (values.only !== "postgres") {
    const dataDir = path.join(resources.tmpDir("kapra-bench-load-pglite-"), "data");
    log(`[load bench] PGlite: seeding...`);
    log(`  ready in ${(await prepareShopData({ dataDir }, DEMO)).toFixed(1)} s`);
    targets.push({ name: "PGlite", target: { dataDir }, env: { DATA_DIR: dataDir, DATABASE_URL: "" } });
  }
  if (values.only !== "pglite") {
    const missing = postgresMissing();
    if (missing) throw new Error(missing);
    log(`[load bench] PostgreSQL: starting a throwaway cluster and seeding...`);
    const postgres = await startBenchPostgres(resources);
    const url = await postgres.createDatabase(`kapra_load_${Date.now().toString(36)}`);
    log(`  ready in ${(await prepareShopData({ databaseUrl: url, dataDir: "" }, DEMO)).toFixed(1)} s`);
    targets.push({
      name: "PostgreSQL",
      target: { databaseUrl: url, dataDir: "" },
      env: { DATABASE_URL: url, DATA_DIR: resources.tmpDir("kapra-bench-load-unused-") },
    });
  }
  const results: DatabaseResult[] = [];
  for (const t of targets) results.push(await runOn(t, appDir));

  const outDir = path.join(ROOT, "bench-results");
  fs.mkdirSync(outDir, { recursive: true });
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cores: CORES,
    settings: { duration: DURATION, connections: CONNECTIONS, buyers: BUYERS, scarce: SCARCE, ...DEMO },
    results,
  };
  fs.writeFileSync(path.join(outDir, "load.json"), `${JSON.stringify(report, null, 2)}\n`);
  const pass = results.every((r) => r.pass);
  log(
    `\n[load bench] ${results.map((r) => `${r.database} ${r.pass ? "PASS" : "FAIL"} (${fmt(r.rows.at(-1)!.rps)} req/s, ${r.orders} orders)`).join("; ")}: ${pass ? "PASS" : "FAIL"}`,
  );
  return pass;
}

await resources.runAndExit(main);
