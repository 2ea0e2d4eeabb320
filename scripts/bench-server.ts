// What signed-in shoppers feel, measured with wrk (2 threads, 20 connections) beside a trivial Node
// `http` server in the same run: signed-in /products, /product/{id} and /cart (a buyer with two
// items in the cart), uncached /api/products and /robots.txt with a cookie, and POST /api/orders (a
// new order per request, checked against the database afterwards), on PGlite with one process and on
// PostgreSQL with one process and with one per core (WEB_CONCURRENCY). The same demo data everywhere.
//
// `npm run bench -- --only=server [options]` (builds first), or `npx tsx scripts/bench-server.ts
// [options]` against an existing build. Options: --duration 10s, --products 300, --orders 5000,
// --buyers 4, --setups pglite,pg-1,pg-per-core, --profile (CPU profile of the PGlite shop serving
// /products, summarised by function and package), --profile-orders (the same, placing orders), --profile-product (the same, a product page), --profile-on pg-1 (profile the
// PostgreSQL shop instead; it must be among --setups), --pg-socket (the shop reaches PostgreSQL over its Unix socket instead
// of TCP on 127.0.0.1, as a shop on the database's machine can). Writes bench-results/server.json.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { and, asc, eq, inArray, like, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { categories, orderItems, orders, products, productVariants } from "~/schema";
import { postgresMissing, prepareShopData, startBenchPostgres, withDatabase, type DbTarget } from "./bench-data";
import {
  ROOT,
  WRK_CONNECTIONS,
  WRK_THREADS,
  cpuMeter,
  createResources,
  ensureWrk,
  fmt,
  fmtMs,
  log,
  logTail,
  pacedScript,
  parseDuration,
  runWrk,
  servingProcesses,
  settledProcesses,
  sleep,
  snapshotBuild,
  startShop,
  startTrivialServer,
  stopChild,
  stopShop,
} from "./bench-support.mjs";
import {
  formatProfileSummary,
  monotonicUs,
  readCpuProfile,
  summariseCpuProfile,
  type ProfileSummary,
} from "./cpu-profile-summary";
import { ordersLuaScript, PHONE_SLOT, readOrdersTally, type OrdersTally } from "./wrk-orders";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10s" },
    products: { type: "string", default: "300" },
    orders: { type: "string", default: "5000" },
    buyers: { type: "string", default: "4" },
    setups: { type: "string", default: "pglite,pg-1,pg-per-core" },
    profile: { type: "boolean", default: false },
    "profile-orders": { type: "boolean", default: false },
    "profile-product": { type: "boolean", default: false },
    "profile-on": { type: "string", default: "pglite" },
    "pg-socket": { type: "boolean", default: false },
  },
});
const DURATION = values.duration;
if (values["pg-socket"]) process.env.BENCH_PG_SOCKET = "1";
const DURATION_S = parseDuration(DURATION) / 1000;
const CORES = os.availableParallelism?.() ?? os.cpus().length;
/** Large enough that no order of the run can be refused for stock. */
const STOCK = 1_000_000;
const BUYER_PASSWORD = "bench-buyer-password";
// A slow answer is latency, not an error: wrk's 2 s default would drop it from p99 (and an order it
// gave up on may still be placed).
const WRK_TIMEOUT = "10s";
const RUN_ID = Date.now().toString(36);
/** Connections of the half-load runs: enough that a slow answer does not hold the rate back. */
const HALF_LOAD_CONNECTIONS = 10;

type SetupId = "pglite" | "pg-1" | "pg-per-core";
type Setup = { id: SetupId; label: string; db: "pglite" | "postgres"; webConcurrency: number };
const SETUPS: Setup[] = [
  { id: "pglite", label: "PGlite, 1 process", db: "pglite", webConcurrency: 1 },
  { id: "pg-1", label: "PostgreSQL, 1 process", db: "postgres", webConcurrency: 1 },
  {
    id: "pg-per-core",
    label: `PostgreSQL, 1 process per core (WEB_CONCURRENCY=${CORES})`,
    db: "postgres",
    webConcurrency: CORES,
  },
];
type Row = {
  request: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
  socketErrors: string | null;
  ratio: number;
  /** CPU per answered request: the shop's processes, and the whole machine (PostgreSQL and wrk too). Steadier than req/s on a shared machine. */
  shopCpuMs: number;
  machineCpuMs: number;
};
type OrdersCheck = {
  ordersPerSecond: number;
  created: number;
  failed: number;
  ordersInDatabase: number;
  answeredWithoutOrder: number;
  cutOffAtEnd: number;
  inFlightAtEnd: number;
  unitsOrdered: number;
  stockBefore: number;
  stockAfter: number;
  stockRight: boolean;
  ok: boolean;
  statuses: Record<string, number>;
};
type SetupResult = {
  setup: Setup;
  skipped?: string;
  processes?: number;
  workerChildren?: number;
  rows: Row[];
  orders?: OrdersCheck;
};
type Item = { productId: string; variantId: number; color: string; size: string };

const resources = createResources("server bench");
resources.handleSignals();
const percent = (x: number) => `${fmt(x * 100, x < 0.01 ? 2 : 1)}%`;

// --- Data ---------------------------------------------------------------------------------------

/**
 * The order's item (a seeded product's first variant, its stock set to STOCK) and a second product
 * for the cart; read again on every database so a difference in ids cannot mislead the check.
 */
async function stockItems(db: Db): Promise<{ order: Item; other: Item }> {
  const open = db.select({ slug: categories.slug }).from(categories).where(eq(categories.comingSoon, false));
  const rows = await db
    .select({
      productId: products.id,
      variantId: productVariants.id,
      color: productVariants.color,
      size: productVariants.size,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(eq(products.status, "active"), inArray(products.categorySlug, open), sql`${products.id} not like 'demo-%'`),
    )
    .orderBy(asc(products.id), asc(productVariants.position), asc(productVariants.id));
  const order = rows[0];
  const other = rows.find((r) => r.productId !== order?.productId && r.stock >= 2);
  if (!order || !other) throw new Error("The seeded catalogue has no two products on sale with stock");
  await db.update(productVariants).set({ stock: STOCK }).where(eq(productVariants.id, order.variantId));
  const pick = ({ productId, variantId, color, size }: Item) => ({ productId, variantId, color, size });
  return { order: pick(order), other: pick(other) };
}

/** What the orders run left in the database, against what wrk was told. */
async function checkOrders(
  db: Db,
  keyPrefix: string,
  variantId: number,
  tally: OrdersTally,
  wrkErrors: number,
  ordersPerSecond: number,
): Promise<OrdersCheck> {
  const bench = like(orders.idempotencyKey, `${keyPrefix}-%`);
  const placed = await db.select({ id: orders.id }).from(orders).where(bench);
  const [{ units }] = await db
    .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(bench, eq(orderItems.variantId, variantId)));
  const [{ otherItems }] = await db
    .select({ otherItems: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(bench, ne(orderItems.variantId, variantId)));
  const [{ stock }] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  const created = tally.statuses["201"] ?? 0;
  const failed = tally.answered - created;
  const inDatabase = new Set(placed.map((p) => p.id));
  const answeredWithoutOrder = tally.createdIds.filter((id) => !inDatabase.has(id)).length;
  // wrk stops at the end of the run with up to one request per connection in flight; the shop may
  // still finish those orders, whose 201 nobody reads. They are counted, never taken for errors.
  const cutOffAtEnd = placed.length - (created - answeredWithoutOrder);
  const inFlightAtEnd = tally.sent - tally.answered;
  const stockRight = stock === STOCK - units && units === placed.length && otherItems === 0;
  const ok =
    failed === 0 &&
    wrkErrors === 0 &&
    answeredWithoutOrder === 0 &&
    cutOffAtEnd >= 0 &&
    cutOffAtEnd <= inFlightAtEnd &&
    stockRight;
  return {
    ordersPerSecond,
    created,
    failed: failed + wrkErrors,
    ordersInDatabase: placed.length,
    answeredWithoutOrder,
    cutOffAtEnd,
    inFlightAtEnd,
    unitsOrdered: units,
    stockBefore: STOCK,
    stockAfter: stock,
    stockRight,
    ok,
    statuses: tally.statuses,
  };
}

// --- HTTP as a buyer ----------------------------------------------------------------------------

async function signUpBuyer(origin: string, n: number): Promise<string> {
  const res = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({
      name: `Bench Buyer ${n}`,
      email: `bench-buyer-${RUN_ID}-${n}@shop.test`,
      password: BUYER_PASSWORD,
    }),
  });
  if (!res.ok) throw new Error(`Sign-up failed: HTTP ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error("Sign-up set no session cookie");
  return cookie;
}

/**
 * The cookie a browser would hold now: a page view renews better-auth's session cookie cache (a
 * minute), and wrk sends one fixed Cookie header, so each run starts from a freshly renewed one.
 */
async function renewedCookie(origin: string, cookie: string): Promise<string> {
  const jar = new Map(
    cookie.split("; ").map((c) => [c.slice(0, c.indexOf("=")), c.slice(c.indexOf("=") + 1)] as const),
  );
  const res = await fetch(`${origin}/`, { headers: { cookie }, redirect: "manual" });
  await res.arrayBuffer();
  for (const set of res.headers.getSetCookie()) {
    const pair = set.split(";")[0];
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    if (!value || /max-age=0/i.test(set)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

async function addToCart(origin: string, cookie: string, item: Item) {
  const res = await fetch(`${origin}/api/cart/items`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify({ productId: item.productId, color: item.color, size: item.size, quantity: 1 }),
  });
  if (res.status !== 201)
    throw new Error(`Adding ${item.productId} to the cart failed: HTTP ${res.status} ${await res.text()}`);
}

function orderBody(item: Item) {
  return {
    items: [{ productId: item.productId, color: item.color, size: item.size, quantity: 1 }],
    shipping: {
      fullName: "Bench Buyer",
      email: "bench-buyer@shop.test",
      phone: PHONE_SLOT,
      address: "House 12, Street 4, Gulberg III",
      city: "Lahore",
      postalCode: "54000",
    },
    paymentMethod: "cod",
  };
}

// --- One set-up ---------------------------------------------------------------------------------

async function runSetup(
  setup: Setup,
  target: DbTarget,
  env: Record<string, string>,
  appDir: string,
  wrk: string,
  trivialRps: number,
): Promise<SetupResult> {
  log(`\n[server bench] ${setup.label}`);
  const items = await withDatabase(target, stockItems);
  const logFile = path.join(resources.tmpDir(`kapra-bench-${setup.id}-log-`), "shop.log");
  const shop = await startShop({
    resources,
    appDir,
    logFile,
    // The few bench accounts place thousands of orders: the cap of open orders per account
    // (abuse-limits.ts) is raised, as the test suites do; its count and locks are still paid per order.
    env: {
      ...env,
      WEB_CONCURRENCY: String(setup.webConcurrency),
      SIGN_IN_RATE_LIMIT: "100000",
      ABUSE_LIMITS_SCALE: "100000",
    },
  });
  const pid = shop.child.pid!;
  const serving = await settledProcesses(pid, setup.webConcurrency);
  log(
    `  ${shop.origin}: WEB_CONCURRENCY=${setup.webConcurrency}, ${serving.processes} process(es) serving${serving.children ? ` (${serving.children} worker children)` : " (no worker children: the process itself serves)"}`,
  );

  const buyers: string[] = [];
  for (let i = 0; i < Math.max(1, Number(values.buyers)); i++) buyers.push(await signUpBuyer(shop.origin, i));
  await addToCart(shop.origin, buyers[0], items.order);
  await addToCart(shop.origin, buyers[0], items.other);
  const cookie = buyers[0];
  const gets: [string, string][] = [
    ["signed-in /products", "/products"],
    [`signed-in /product/{id}`, `/product/${items.order.productId}`],
    ["signed-in /cart (2 items)", "/cart"],
    ["uncached /api/products (cookie)", "/api/products"],
    ["/robots.txt (cookie)", "/robots.txt"],
  ];
  // Warm up (route modules, prepared statements, JIT) and make sure every page answers 200.
  for (const [, url] of gets) {
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${shop.origin}${url}`, { headers: { cookie }, redirect: "manual" });
      await res.arrayBuffer();
      if (res.status !== 200)
        throw new Error(`${url} answered HTTP ${res.status} to a signed-in buyer${logTail(logFile)}`);
    }
  }

  const rows: Row[] = [];
  const shopPids = [pid, ...serving.pids];
  /** Runs wrk and adds its row, with the CPU the run cost per request. */
  const measure = async (request: string, run: () => ReturnType<typeof runWrk>) => {
    const meter = cpuMeter(shopPids);
    const r = await run();
    const cpu = meter.stop();
    const answered = Math.max(1, r.requests);
    const row: Row = {
      request,
      rps: r.rps,
      p50Ms: r.p50Ms,
      p99Ms: r.p99Ms,
      requests: r.requests,
      non2xx: r.non2xx,
      socketErrors: r.socketErrors,
      errors: r.non2xx + r.socketErrorCount,
      ratio: r.rps / trivialRps,
      shopCpuMs: cpu.ownMs / answered,
      machineCpuMs: cpu.machineMs / answered,
    };
    rows.push(row);
    log(
      `  ${request.padEnd(34)} ${fmt(row.rps).padStart(7)} req/s  p50 ${fmtMs(row.p50Ms).padStart(8)}  p99 ${fmtMs(row.p99Ms).padStart(8)}  errors ${row.errors}  CPU/req shop ${fmtMs(row.shopCpuMs)}, machine ${fmtMs(row.machineCpuMs)}`,
    );
    return { row, wrk: r };
  };
  for (const [request, url] of gets) {
    const fresh = await renewedCookie(shop.origin, cookie);
    await measure(request, () =>
      runWrk(wrk, `${shop.origin}${url}`, {
        duration: DURATION,
        timeout: WRK_TIMEOUT,
        headers: [`Cookie: ${fresh}`],
        track: resources.track,
      }),
    );
  }
  // What a shopper feels on a busy day rather than at the limit: each signed-in page asked at half
  // the rate it reached above, by paced connections (requests arrive at random, as visitors do).
  for (const [request, url] of gets.filter(([name]) => name.startsWith("signed-in"))) {
    const full = rows.find((row) => row.request === request)!;
    const wanted = full.rps / 2;
    // Each connection waits between requests; the wait leaves room for the answer itself (about
    // two service times at half load), so the connections together ask at about `wanted` per second.
    const meanDelayMs = Math.max(1, (HALF_LOAD_CONNECTIONS * 1000) / wanted - 2000 / full.rps);
    const script = path.join(resources.tmpDir(`kapra-bench-${setup.id}-paced-`), "paced.lua");
    fs.writeFileSync(script, pacedScript(meanDelayMs));
    const fresh = await renewedCookie(shop.origin, cookie);
    await measure(`${request} at half load (${fmt(wanted)} req/s asked)`, () =>
      runWrk(wrk, `${shop.origin}${url}`, {
        duration: DURATION,
        timeout: WRK_TIMEOUT,
        headers: [`Cookie: ${fresh}`],
        script,
        connections: HALF_LOAD_CONNECTIONS,
        track: resources.track,
      }),
    );
  }

  const keyPrefix = `bench-${RUN_ID}-${setup.id}`;
  const scriptDir = resources.tmpDir(`kapra-bench-${setup.id}-wrk-`);
  const resultFile = path.join(scriptDir, "orders.json");
  const script = path.join(scriptDir, "orders.lua");
  fs.writeFileSync(script, ordersLuaScript({ cookies: buyers, body: orderBody(items.order), keyPrefix, resultFile }));
  const { row: ordersRow, wrk: wrkOrders } = await measure(`POST /api/orders (${buyers.length} buyers)`, () =>
    runWrk(wrk, `${shop.origin}/api/orders`, {
      duration: DURATION,
      timeout: WRK_TIMEOUT,
      script,
      track: resources.track,
    }),
  );
  const processesAtEnd = servingProcesses(pid).processes;
  // Let the orders wrk cut off finish before the shop stops (a stop may cut them mid-transaction).
  await sleep(2000);
  await stopShop(shop.child);

  const tally = readOrdersTally(resultFile);
  const created = tally.statuses["201"] ?? 0;
  const check = await withDatabase(target, (db) =>
    checkOrders(
      db,
      keyPrefix,
      items.order.variantId,
      tally,
      wrkOrders.socketErrorCount,
      ordersRow.rps * (tally.answered ? created / tally.answered : 0),
    ),
  );
  log(
    `  orders: ${fmt(check.ordersPerSecond)} orders/s; ${check.created} answered 201, ${check.failed} failed; ${check.ordersInDatabase} orders in the database` +
      ` (= ${check.created - check.answeredWithoutOrder} answered + ${check.cutOffAtEnd} placed after wrk stopped reading, of the ${check.inFlightAtEnd} requests it sent and never read);` +
      ` stock ${check.stockBefore} -> ${check.stockAfter} for ${check.unitsOrdered} units: ${check.stockRight ? "exactly right" : "WRONG"}`,
  );
  if (processesAtEnd !== serving.processes)
    log(`  note: ${processesAtEnd} process(es) were serving at the end of the run (${serving.processes} at the start)`);
  // The start-up warnings (no SMTP, no base URL) are expected here; errors during the run are not.
  const errors = fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .filter((l) => /"level":(50|60)/.test(l) || /^\s*(Error|TypeError|RangeError)\b/.test(l));
  if (errors.length)
    log(
      `  ${errors.length} error line(s) in the shop log, the last:\n${errors
        .slice(-5)
        .map((l) => `    ${l.slice(0, 300)}`)
        .join("\n")}`,
    );
  return { setup, processes: serving.processes, workerChildren: serving.children, rows, orders: check };
}

// --- Profile --------------------------------------------------------------------------------------

/** A shop (`on`: PGlite or a PostgreSQL set-up) under `node --cpu-prof` while wrk asks for `what`; the profile is written when it stops. */
async function profileShop(
  on: { target: DbTarget; env: Record<string, string>; label: string },
  appDir: string,
  wrk: string,
  what: "products" | "product" | "orders",
): Promise<{ file: string; summary: ProfileSummary }> {
  const { target } = on;
  log(
    `\n[server bench] CPU profile of the ${on.label} shop ${what === "orders" ? "placing orders" : `serving signed-in /${what === "product" ? "product/{id}" : "products"}`} (node --cpu-prof)...`,
  );
  const items = await withDatabase(target, stockItems);
  const profileDir = resources.tmpDir("kapra-bench-profile-");
  const shop = await startShop({
    resources,
    appDir,
    logFile: path.join(profileDir, "shop.log"),
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
    env: { ...on.env, WEB_CONCURRENCY: "1", SIGN_IN_RATE_LIMIT: "100000", ABUSE_LIMITS_SCALE: "100000" },
  });
  const cookie = await signUpBuyer(shop.origin, 999);
  await addToCart(shop.origin, cookie, items.order);
  await addToCart(shop.origin, cookie, items.other);
  for (let i = 0; i < 20; i++) await (await fetch(`${shop.origin}/products`, { headers: { cookie } })).arrayBuffer();
  const fresh = await renewedCookie(shop.origin, cookie);
  let script: string | undefined;
  if (what === "orders") {
    const buyers = [fresh];
    for (let i = 1; i < Math.max(1, Number(values.buyers)); i++) buyers.push(await signUpBuyer(shop.origin, 1000 + i));
    script = path.join(profileDir, "orders.lua");
    fs.writeFileSync(
      script,
      ordersLuaScript({
        cookies: buyers,
        body: orderBody(items.order),
        keyPrefix: `profile-${RUN_ID}`,
        resultFile: path.join(profileDir, "orders.json"),
      }),
    );
  }
  const fromUs = monotonicUs();
  const url = { orders: "/api/orders", products: "/products", product: `/product/${items.order.productId}` }[what];
  const r = await runWrk(wrk, `${shop.origin}${url}`, {
    duration: DURATION,
    timeout: WRK_TIMEOUT,
    headers: script ? [] : [`Cookie: ${fresh}`],
    script,
    track: resources.track,
  });
  const window = { fromUs, toUs: monotonicUs() };
  log(`  under the profiler: ${fmt(r.rps)} req/s, p99 ${fmtMs(r.p99Ms)}`);
  await stopShop(shop.child, 30000);
  const written = fs.readdirSync(profileDir).filter((f) => f.endsWith(".cpuprofile"));
  if (!written.length)
    throw new Error(`The shop wrote no CPU profile in ${profileDir}${logTail(path.join(profileDir, "shop.log"))}`);
  const outDir = path.join(ROOT, "bench-results");
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `server-${what}.cpuprofile`);
  fs.copyFileSync(path.join(profileDir, written[0]), file);
  const summary = summariseCpuProfile(readCpuProfile(file), { window });
  log(
    `  ${path.relative(ROOT, file)} (open it in Chrome DevTools > Performance, the wrk run is its last ${DURATION}).`,
  );
  log(formatProfileSummary(summary).replace(/^/gm, "  "));
  return { file: path.relative(ROOT, file), summary };
}

// --- Report ---------------------------------------------------------------------------------------

type Check = { target: string; value: string; pass: boolean | null };

function targetChecks(results: SetupResult[]): Check[] {
  const checks: Check[] = [];
  const rowOf = (id: SetupId, request: string) =>
    results.find((r) => r.setup.id === id && !r.skipped)?.rows.find((row) => row.request.startsWith(request));
  const rate = (row: Row | undefined, min: number, p99Max?: number): Pick<Check, "value" | "pass"> =>
    row
      ? {
          value: `${fmt(row.rps)} req/s, p99 ${fmtMs(row.p99Ms)}${row.errors ? `, ${row.errors} errors` : ""}`,
          pass: row.rps >= min && row.errors === 0 && (p99Max === undefined || row.p99Ms < p99Max),
        }
      : { value: "not measured", pass: null };
  checks.push({
    target: "signed-in /products >= 300 req/s on PGlite, 1 process",
    ...rate(rowOf("pglite", "signed-in /products"), 300),
  });
  checks.push({
    target: "signed-in /products >= 600 req/s, p99 < 100 ms on PostgreSQL, 1 process per core",
    ...rate(rowOf("pg-per-core", "signed-in /products"), 600, 100),
  });
  checks.push({
    target: "uncached /api/products >= 1,500 req/s on PGlite",
    ...rate(rowOf("pglite", "uncached /api/products"), 1500),
  });
  checks.push({
    target: "uncached /api/products >= 3,000 req/s on PostgreSQL, 1 process per core",
    ...rate(rowOf("pg-per-core", "uncached /api/products"), 3000),
  });
  for (const id of ["pglite", "pg-per-core"] as const) {
    for (const page of ["/products", "/product/{id}", "/cart"]) {
      const row = results
        .find((r) => r.setup.id === id && !r.skipped)
        ?.rows.find((r) => r.request.startsWith(`signed-in ${page}`) && r.request.includes("half load"));
      checks.push({
        target: `signed-in ${page} at half its saturation rate: p99 < 50 ms on ${SETUPS.find((s) => s.id === id)!.label}`,
        value: row
          ? `${fmt(row.rps)} req/s, p99 ${fmtMs(row.p99Ms)}${row.errors ? `, ${row.errors} errors` : ""}`
          : "not measured",
        pass: row ? row.p99Ms < 50 && row.errors === 0 : null,
      });
    }
  }
  for (const id of ["pglite", "pg-1", "pg-per-core"] as const) {
    checks.push({
      target: `/robots.txt with a cookie >= 5,000 req/s on ${SETUPS.find((s) => s.id === id)!.label}`,
      ...rate(rowOf(id, "/robots.txt"), 5000),
    });
  }
  for (const id of ["pg-1", "pg-per-core"] as const) {
    const o = results.find((r) => r.setup.id === id && !r.skipped)?.orders;
    checks.push({
      target: `POST /api/orders >= 150 orders/s, 0 errors, stock exactly right on ${SETUPS.find((s) => s.id === id)!.label}`,
      value: o
        ? `${fmt(o.ordersPerSecond)} orders/s, ${o.failed} errors, stock ${o.stockRight ? "right" : "WRONG"}`
        : "not measured",
      pass: o ? o.ordersPerSecond >= 150 && o.ok : null,
    });
  }
  return checks;
}

function printTables(trivial: Awaited<ReturnType<typeof runWrk>>, results: SetupResult[], checks: Check[]) {
  log(
    `\n## Signed-in shoppers (wrk -t${WRK_THREADS} -c${WRK_CONNECTIONS} -d${DURATION} --latency --timeout ${WRK_TIMEOUT}; ${values.products} demo products, ${values.orders} demo orders; ${CORES} cores)\n`,
  );
  log(
    `Trivial Node \`http\` server (fixed 2 KB page), same run: ${fmt(trivial.rps)} req/s, p50 ${fmtMs(trivial.p50Ms)}, p99 ${fmtMs(trivial.p99Ms)}`,
  );
  for (const result of results) {
    log(`\n### ${result.setup.label}${result.processes ? `: ${result.processes} process(es) serving` : ""}\n`);
    if (result.skipped) {
      log(`Skipped: ${result.skipped}`);
      continue;
    }
    log("| request | req/s | p50 | p99 | errors | vs trivial | CPU per request: shop / machine |");
    log("|---|---:|---:|---:|---:|---:|---:|");
    for (const r of result.rows)
      log(
        `| ${r.request} | ${fmt(r.rps)} | ${fmtMs(r.p50Ms)} | ${fmtMs(r.p99Ms)} | ${r.errors} | ${percent(r.ratio)} | ${fmtMs(r.shopCpuMs)} / ${fmtMs(r.machineCpuMs)} |`,
      );
    const o = result.orders;
    if (o) {
      log(
        `\nOrders: ${fmt(o.ordersPerSecond)} orders/s; ${o.created} answered 201, ${o.failed} failed; ${o.ordersInDatabase} orders in the database ` +
          `(${o.cutOffAtEnd} placed after wrk stopped reading, of the ${o.inFlightAtEnd} requests it sent and never read); stock ${o.stockBefore} - ${o.unitsOrdered} = ${o.stockAfter}: ${o.stockRight ? "exactly right" : "WRONG"}.`,
      );
    }
  }
  log("\n### Targets (issues 9 and 21)\n");
  log("| target | measured | |");
  log("|---|---|---|");
  for (const c of checks) log(`| ${c.target} | ${c.value} | ${c.pass === null ? "SKIP" : c.pass ? "PASS" : "FAIL"} |`);
  const measured = checks.filter((c) => c.pass !== null);
  log(
    `\n=> ${measured.filter((c) => c.pass).length}/${measured.length} measured targets met${measured.length < checks.length ? ` (${checks.length - measured.length} not measured)` : ""}`,
  );
}

// --- Main -----------------------------------------------------------------------------------------

async function main() {
  if (!Number.isFinite(DURATION_S) || DURATION_S <= 0)
    throw new Error(`--duration ${DURATION}: give wrk's form, e.g. 10s or 3s`);
  const wanted = values.setups.split(",").map((s) => s.trim()) as SetupId[];
  const unknown = wanted.filter((id) => !SETUPS.some((s) => s.id === id));
  if (unknown.length)
    throw new Error(`--setups: unknown ${unknown.join(", ")} (known: ${SETUPS.map((s) => s.id).join(", ")})`);
  const wrk = ensureWrk();
  if (!wrk) throw new Error("wrk is needed: install it with `apt-get install -y wrk` (Debian/Ubuntu) and run again.");
  log(
    `[server bench] Node ${process.version}, ${CORES} cores (${os.cpus()[0]?.model ?? "?"}), wrk -t${WRK_THREADS} -c${WRK_CONNECTIONS} -d${DURATION} --timeout ${WRK_TIMEOUT}; load average now ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  const appDir = snapshotBuild(resources.tmpDir("kapra-bench-server-app-"));
  const demo = { products: Number(values.products), orders: Number(values.orders) };
  const setups = SETUPS.filter((s) => wanted.includes(s.id));

  const pgMissing = setups.some((s) => s.db === "postgres") ? postgresMissing() : null;
  if (pgMissing) log(`[server bench] ${pgMissing}`);
  const targets: Partial<Record<SetupId, { target: DbTarget; env: Record<string, string> }>> = {};
  const pgliteDir = path.join(resources.tmpDir("kapra-bench-pglite-"), "data");
  const pglite = { target: { dataDir: pgliteDir }, env: { DATA_DIR: pgliteDir, DATABASE_URL: "" } };
  const profiling = values.profile || values["profile-orders"] || values["profile-product"];
  if (profiling && values["profile-on"] !== "pglite" && !wanted.includes(values["profile-on"] as SetupId))
    throw new Error(`--profile-on ${values["profile-on"]}: give pglite or one of --setups`);
  if (setups.some((s) => s.db === "pglite") || (profiling && values["profile-on"] === "pglite")) {
    log(`[server bench] PGlite: seeding the catalogue, ${demo.products} demo products and ${demo.orders} orders...`);
    log(`  ready in ${(await prepareShopData(pglite.target, demo)).toFixed(1)} s`);
    targets.pglite = pglite;
  }
  if (!pgMissing && setups.some((s) => s.db === "postgres")) {
    log(
      `[server bench] PostgreSQL: starting a throwaway cluster (the shop connects over ${values["pg-socket"] ? "its Unix socket" : "TCP on 127.0.0.1"}), seeding the same data once, one copy per set-up...`,
    );
    const postgres = await startBenchPostgres(resources);
    const seedUrl = await postgres.createDatabase("kapra_seed");
    log(`  ready in ${(await prepareShopData({ databaseUrl: seedUrl, dataDir: "" }, demo)).toFixed(1)} s`);
    for (const s of setups.filter((x) => x.db === "postgres")) {
      const url = await postgres.createDatabase(`kapra_${s.id.replace(/-/g, "_")}`, "kapra_seed");
      targets[s.id] = {
        target: { databaseUrl: url, dataDir: "" },
        env: {
          DATABASE_URL: url,
          DATA_DIR: path.join(pgliteDir, "..", "unused"),
          BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
        },
      };
    }
  }

  log(`\n[server bench] Trivial Node http server (2 KB page)...`);
  const trivialServer = await startTrivialServer(resources.track);
  const trivial = await runWrk(wrk, trivialServer.url, {
    duration: DURATION,
    timeout: WRK_TIMEOUT,
    track: resources.track,
  });
  await stopChild(trivialServer.child);
  log(`  ${fmt(trivial.rps)} req/s, p50 ${fmtMs(trivial.p50Ms)}, p99 ${fmtMs(trivial.p99Ms)}`);

  const results: SetupResult[] = [];
  for (const setup of setups) {
    const t = targets[setup.id];
    if (!t) results.push({ setup, skipped: pgMissing ?? "no database", rows: [] });
    else results.push(await runSetup(setup, t.target, t.env, appDir, wrk, trivial.rps));
  }
  const profileOn =
    values["profile-on"] === "pglite"
      ? { ...pglite, label: "PGlite" }
      : { ...targets[values["profile-on"] as SetupId]!, label: values["profile-on"] };
  const profile = values.profile ? await profileShop(profileOn, appDir, wrk, "products") : null;
  if (values["profile-product"]) await profileShop(profileOn, appDir, wrk, "product");
  if (values["profile-orders"]) await profileShop(profileOn, appDir, wrk, "orders");

  const checks = targetChecks(results);
  printTables(trivial, results, checks);
  const outDir = path.join(ROOT, "bench-results");
  fs.mkdirSync(outDir, { recursive: true });
  const { output: _output, ...trivialFigures } = trivial;
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cores: CORES,
    cpuModel: os.cpus()[0]?.model ?? null,
    settings: {
      wrk: `-t${WRK_THREADS} -c${WRK_CONNECTIONS} -d${DURATION} --latency --timeout ${WRK_TIMEOUT}`,
      products: demo.products,
      orders: demo.orders,
      buyers: Number(values.buyers),
      stock: STOCK,
    },
    trivialServer: trivialFigures,
    setups: results,
    targets: checks,
    profile,
  };
  fs.writeFileSync(path.join(outDir, "server.json"), `${JSON.stringify(report, null, 2)}\n`);
  log(`\nWrote ${path.relative(ROOT, path.join(outDir, "server.json"))}`);
}

await resources.runAndExit(main);
