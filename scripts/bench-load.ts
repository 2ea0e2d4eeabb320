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
import { and, asc, eq, inArray, like, ne, sql } from "drizzle-orm";
import { makeSignature } from "better-auth/crypto";
import type { Db } from "~/db/client.server";
import { cartItems, categories, orderItems, orders, products, productVariants } from "~/db/schema";
import { parseEnv } from "~/lib/env.server";
import { createShopAuth } from "~/flows/create-shop-auth.server";
import { postgresMissing, prepareShopData, startBenchPostgres, withDatabase, type DbTarget } from "./bench-data";
import { ROOT, createResources, fmt, log, logTail, parseDuration, snapshotBuild, startShop, stopChild } from "./bench-support.mjs";
import {
  applySetCookies,
  browseRequest,
  cartFromAnswer,
  changedQuantity,
  checkRun,
  classify,
  cookieHeader,
  errorBreakdown,
  errorCodeOf,
  formatChecks,
  formatTable,
  nextBuyerStep,
  orderIdFromAnswer,
  pickActivity,
  productPath,
  summarise,
  variantToAdd,
  type CartLine,
  type Catalogue,
  type Check,
  type Kind,
  type KindRow,
  type RunFacts,
  type Sample,
  type Variant,
} from "./bench-load-mix";

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
const DEMO = { products: Number(values.products ?? (CHECK ? 100 : 300)), orders: Number(values.orders ?? (CHECK ? 500 : 5000)) };
const BUYER_PASSWORD = "bench-load-buyer-Password-2026";
/** The shop's signing secret for the run, so the made buyers' session cookies are ones it accepts. */
const AUTH_SECRET = randomBytes(32).toString("hex");
/** A slow answer is latency; only one that takes longer than this is counted as an error. */
const REQUEST_TIMEOUT_MS = 30_000;
const RUN_ID = Date.now().toString(36);
const CORES = os.availableParallelism?.() ?? os.cpus().length;

const resources = createResources("load bench");
resources.handleSignals();

type Target = { name: "PGlite" | "PostgreSQL"; target: DbTarget; env: Record<string, string> };
type Scarce = Variant & { variantId: number; startStock: number };
type Buyer = { n: number; jar: Map<string, string>; cart: CartLine[]; checkoutRefused: boolean; busy: boolean; phone: string };

// --- Data ---------------------------------------------------------------------------------------

/** What shoppers browse (categories, words in product names, ids) and what buyers add, read from the seeded shop. */
async function readCatalogue(db: Db): Promise<{ catalogue: Catalogue; onSale: OnSale[] }> {
  const open = await db.select({ slug: categories.slug }).from(categories).where(eq(categories.comingSoon, false));
  const slugs = open.map((c) => c.slug);
  const active = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.status, "active"), inArray(products.categorySlug, slugs)))
    .orderBy(asc(products.id));
  const words = [...new Set(active.flatMap((p) => p.name.split(/\s+/)).filter((w) => /^[A-Za-z]{4,}$/.test(w)))].slice(0, 40);
  const onSale = await db
    .select({ productId: productVariants.productId, variantId: productVariants.id, color: productVariants.color, size: productVariants.size, stock: productVariants.stock })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.status, "active"), inArray(products.categorySlug, slugs), sql`${productVariants.stock} > 0`))
    .orderBy(asc(productVariants.id));
  return {
    catalogue: {
      categories: slugs,
      // Mostly words from product names, a few that find nothing (what shoppers also type).
      searchTerms: [...words.map((w) => w.toLowerCase()), "kurta", "lawn suit", "shalwar", "silk dupatta", "black"],
      productIds: active.map((p) => p.id),
      pages: Math.max(1, Math.ceil(active.length / 12)),
    },
    onSale,
  };
}

/** The scarce variants: one each of `count` products on sale, stock set to 5, 10, 15, 20, ... (at most 20). */
async function makeScarce(db: Db, onSale: (Variant & { variantId: number })[], count: number): Promise<Scarce[]> {
  const chosen: (Variant & { variantId: number })[] = [];
  for (const v of onSale) if (chosen.length < count && !chosen.some((c) => c.productId === v.productId)) chosen.push(v);
  if (chosen.length < count) throw new Error(`The shop has only ${chosen.length} products on sale for ${count} scarce variants`);
  const scarce: Scarce[] = [];
  for (const [i, v] of chosen.entries()) {
    const startStock = Math.min(20, 5 * (i + 1));
    await db.update(productVariants).set({ stock: startStock }).where(eq(productVariants.id, v.variantId));
    scarce.push({ productId: v.productId, color: v.color, size: v.size, variantId: v.variantId, startStock });
  }
  return scarce;
}

/** The database after the run: `start` is each variant's stock when the run began (variant id -> stock). */
async function readFacts(db: Db, keyPrefix: string, start: Map<number, number>, scarce: Scarce[], errors: number, answeredOrderIds: string[]): Promise<RunFacts> {
  const negativeStock = await db.select({ variantId: productVariants.id, stock: productVariants.stock }).from(productVariants).where(sql`${productVariants.stock} < 0`);
  const runOrders = like(orders.idempotencyKey, `${keyPrefix}-%`);
  const ordered = await db
    .select({ variantId: orderItems.variantId, units: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(runOrders, ne(orders.status, "cancelled")))
    .groupBy(orderItems.variantId);
  const units = new Map(ordered.map((o) => [o.variantId, o.units]));
  const now = await db.select({ id: productVariants.id, stock: productVariants.stock }).from(productVariants).where(inArray(productVariants.id, [...start.keys()]));
  const variants = now.map((v) => ({ variantId: v.id, startStock: start.get(v.id)!, stock: v.stock, unitsOrdered: units.get(v.id) ?? 0 }));
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
    errors, negativeStock, orders: sums, runOrderIds: run.map((o) => o.id), answeredOrderIds, variants,
    scarce: scarce.map((s) => variants.find((v) => v.variantId === s.variantId)!),
  };
}

// --- The client ---------------------------------------------------------------------------------

type Answer = { status: number; body: unknown; setCookies: string[] };

/** One request on the keep-alive agent; the body is read whole (and parsed when it is JSON). Status 0: no answer. */
function send(agent: http.Agent, origin: string, method: string, urlPath: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${origin}${urlPath}`,
      {
        agent, method,
        headers: { ...headers, ...(payload !== undefined ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) } : {}) },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        const json = /json/.test(String(res.headers["content-type"]));
        res.on("data", (c: Buffer) => json && chunks.push(c));
        res.on("end", () => {
          let parsed: unknown = null;
          if (json) {
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
            } catch {
              parsed = null;
            }
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, setCookies: ([] as string[]).concat(res.headers["set-cookie"] ?? []) });
        });
        res.on("error", () => resolve({ status: 0, body: null, setCookies: [] }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, body: null, setCookies: [] }));
    req.end(payload);
  });
}

const BROWSER = { accept: "text/html,application/xhtml+xml", "accept-encoding": "gzip, br", "user-agent": "kapra-bench-load" };

/** A distinct Pakistani mobile number per buyer, as 200 real buyers would have. */
const newBuyer = (n: number, jar: Map<string, string>): Buyer => ({ n, jar, cart: [], checkoutRefused: false, busy: false, phone: `0300 ${String(1000000 + n).slice(-7)}` });

/** Buyer 0 signs up through the real /api/auth/sign-up/email, as a shopper does. */
async function signUp(agent: http.Agent, origin: string): Promise<Buyer> {
  const answer = await send(agent, origin, "POST", "/api/auth/sign-up/email", { origin }, {
    name: "Load Buyer 0", email: `load-buyer-${RUN_ID}-0@shop.test`, password: BUYER_PASSWORD,
  });
  if (answer.status !== 200) throw new Error(`Sign-up failed: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  const jar = applySetCookies(new Map(), answer.setCookies);
  if (!jar.size) throw new Error("Sign-up set no session cookie");
  return newBuyer(0, jar);
}

type OnSale = Variant & { variantId: number; stock: number };

/**
 * The other buyers are made directly, with better-auth's own adapter (account and database session)
 * and a session cookie signed with the shop's secret, as sign-in would set it: 200 password hashes
 * over HTTP take minutes on a busy machine and measure nothing the run is about. Each comes back
 * with one line in the cart from an earlier visit, every other one a scarce variant, so checkouts
 * (and the race for scarce stock) start in the first seconds.
 */
async function makeBuyers(target: DbTarget, from: number, to: number, scarce: Scarce[], others: OnSale[]): Promise<Buyer[]> {
  return withDatabase(target, async (db) => {
    const env = parseEnv({ ...process.env, DATABASE_URL: target.databaseUrl ?? "", DATA_DIR: target.dataDir || os.tmpdir(), PUBLIC_URL: "", BETTER_AUTH_SECRET: AUTH_SECRET });
    const ctx = await createShopAuth({ db, env, secret: AUTH_SECRET }).$context;
    const prices = new Map((await db.select({ id: products.id, price: products.price }).from(products)).map((p) => [p.id, p.price]));
    const buyers: Buyer[] = [];
    for (let n = from; n < to; n++) {
      const user = await ctx.internalAdapter.createUser({ name: `Load Buyer ${n}`, email: `load-buyer-${RUN_ID}-${n}@shop.test`, emailVerified: false }, { method: "admin" });
      const session = await ctx.internalAdapter.createSession(user.id);
      const signed = encodeURIComponent(`${session.token}.${await makeSignature(session.token, AUTH_SECRET)}`);
      const buyer = newBuyer(n, new Map([[ctx.authCookies.sessionToken.name, signed]]));
      // Odd buyers hold the scarce variants in turn (n / 2, so all of them are wanted), even ones anything else.
      const v = n % 2 ? scarce[Math.floor(n / 2) % scarce.length] : others[(n * 7919) % others.length];
      const [line] = await db
        .insert(cartItems)
        .values({ userId: user.id, productId: v.productId, variantId: v.variantId, quantity: 1, priceWhenAdded: prices.get(v.productId) ?? 0 })
        .returning({ id: cartItems.id });
      buyer.cart = [{ id: line.id, productId: v.productId, color: v.color, size: v.size, quantity: 1, stock: "startStock" in v ? v.startStock : v.stock }];
      buyers.push(buyer);
    }
    return buyers;
  });
}

type RunResult = { samples: Sample[]; answeredOrderIds: string[]; seconds: number; errorExamples: string[] };

/**
 * `CONNECTIONS` loops, each sending its next request when the last is answered, until the time is up;
 * requests in flight then are awaited and counted, so every checkout answer is known.
 */
async function drive(origin: string, catalogue: Catalogue, buyers: Buyer[], scarce: Scarce[], others: Variant[], keyPrefix: string): Promise<RunResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS, maxFreeSockets: CONNECTIONS });
  const samples: Sample[] = [];
  const answeredOrderIds: string[] = [];
  const errorExamples: string[] = [];
  let keys = 0;
  const rand = Math.random;
  const record = (kind: Kind, started: number, answer: Answer, what: string) => {
    const outcome = classify(kind, answer.status, errorCodeOf(answer.body));
    samples.push({ kind, ms: performance.now() - started, outcome, status: answer.status });
    if (outcome === "error" && errorExamples.length < 10) errorExamples.push(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 200) ?? ""}`);
    return outcome;
  };

  async function buyerStep() {
    const free = buyers.filter((b) => !b.busy);
    const buyer = free[Math.floor(rand() * free.length)];
    buyer.busy = true;
    try {
      const headers = () => ({ origin, cookie: cookieHeader(buyer.jar), accept: "application/json" });
      const step = nextBuyerStep(rand, buyer.cart, buyer.checkoutRefused);
      const started = performance.now();
      let answer: Answer;
      let kind: Kind = "cart";
      let what: string = step;
      if (step === "add") {
        const { variant, quantity } = variantToAdd(rand, scarce, others);
        answer = await send(agent, origin, "POST", "/api/cart/items", headers(), { ...variant, quantity });
        what = `POST /api/cart/items ${variant.productId}`;
      } else if (step === "change") {
        const line = buyer.cart[Math.floor(rand() * buyer.cart.length)];
        answer = await send(agent, origin, "PATCH", `/api/cart/items/${line.id}`, headers(), { quantity: changedQuantity(rand, line.quantity) });
        what = "PATCH /api/cart/items/{id}";
      } else if (step === "remove") {
        const line = buyer.cart[Math.floor(rand() * buyer.cart.length)];
        answer = await send(agent, origin, "DELETE", `/api/cart/items/${line.id}`, headers());
        what = "DELETE /api/cart/items/{id}";
      } else if (step === "clear") {
        answer = await send(agent, origin, "DELETE", "/api/cart", headers());
        what = "DELETE /api/cart";
      } else {
        kind = "checkout";
        keys += 1;
        answer = await send(agent, origin, "POST", "/api/orders", { ...headers(), "idempotency-key": `${keyPrefix}-${keys}` }, {
          shipping: { fullName: `Load Buyer ${buyer.n}`, email: `load-buyer-${buyer.n}@shop.test`, phone: buyer.phone, address: "House 12, Street 4, Gulberg III", city: "Lahore", postalCode: "54000" },
          paymentMethod: "cod",
        });
        what = "POST /api/orders";
      }
      const outcome = record(kind, started, answer, what);
      buyer.jar = applySetCookies(buyer.jar, answer.setCookies);
      if (kind === "checkout") {
        const id = answer.status === 201 ? orderIdFromAnswer(answer.body) : null;
        if (id) answeredOrderIds.push(id);
        if (answer.status === 201) buyer.cart = [];
        buyer.checkoutRefused = outcome === "refused";
      } else if (outcome === "ok") {
        buyer.cart = step === "clear" ? [] : (cartFromAnswer(answer.body) ?? buyer.cart);
        buyer.checkoutRefused = false;
      }
    } finally {
      buyer.busy = false;
    }
  }

  const started = performance.now();
  const deadline = started + DURATION_MS;
  async function connection() {
    while (performance.now() < deadline) {
      const activity = pickActivity(rand);
      if (activity === "buyer") {
        await buyerStep();
      } else {
        const { kind, path: urlPath } = activity === "browse" ? browseRequest(rand, catalogue) : { kind: "product" as const, path: productPath(rand, catalogue) };
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

type DatabaseResult = { database: string; rows: KindRow[]; errors: string[]; checks: Check[]; pass: boolean; seconds: number; orders: number; scarce: string };

async function runOn(t: Target, appDir: string): Promise<DatabaseResult> {
  log(`\n[load bench] ${t.name}: ${DEMO.products} demo products, ${DEMO.orders} past orders, ${SCARCE} scarce variants`);
  const { catalogue, onSale, scarce } = await withDatabase(t.target, async (db) => {
    const read = await readCatalogue(db);
    return { ...read, scarce: await makeScarce(db, read.onSale, SCARCE) };
  });
  const scarceIds = new Set(scarce.map((s) => s.variantId));
  const othersOnSale = onSale.filter((v) => !scarceIds.has(v.variantId));
  const others: Variant[] = othersOnSale.map(({ productId, color, size }) => ({ productId, color, size }));
  // Before the shop starts: PGlite's folder is the shop's alone while it runs.
  const made = await makeBuyers(t.target, 1, BUYERS, scarce, othersOnSale);
  const logFile = path.join(resources.tmpDir("kapra-bench-load-log-"), "shop.log");
  const shop = await startShop({ resources, appDir, logFile, env: { ...t.env, WEB_CONCURRENCY: "1", SIGN_IN_RATE_LIMIT: "100000", BETTER_AUTH_SECRET: AUTH_SECRET } });

  const setupAgent = new http.Agent({ keepAlive: true });
  const buyers = [await signUp(setupAgent, shop.origin), ...made];
  // A made buyer's cookie must be one the shop takes, or every cart request would be a 401.
  const probe = await send(setupAgent, shop.origin, "GET", "/api/cart", { cookie: cookieHeader(buyers.at(-1)!.jar) });
  if (probe.status !== 200) throw new Error(`The shop refused a made buyer's session cookie: HTTP ${probe.status}${logTail(logFile)}`);
  setupAgent.destroy();
  log(`  ${BUYERS} buyers: 1 signed up through /api/auth/sign-up/email, ${BUYERS - 1} made directly with a session and a line in the cart`);
  // Warm up (route modules, prepared statements) so the run measures a shop that has been up a while.
  const warm = new http.Agent({ keepAlive: true });
  for (let i = 0; i < 30; i++) {
    const answer = await send(warm, shop.origin, "GET", i % 2 ? browseRequest(Math.random, catalogue).path : productPath(Math.random, catalogue), BROWSER);
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
  const facts = await withDatabase(t.target, (db) => readFacts(db, keyPrefix, start, scarce, rows.at(-1)!.errors, run.answeredOrderIds));
  const checks = checkRun(facts);
  const pass = checks.every((c) => c.pass);
  const scarceLine = facts.scarce.map((s) => `${s.startStock - s.stock}/${s.startStock}`).join(", ");
  log(`\n### ${t.name}, 1 process: ${CONNECTIONS} connections, ${run.seconds.toFixed(1)} s\n`);
  log(formatTable(rows));
  log(`\n${run.answeredOrderIds.length} orders placed; scarce variants sold: ${scarceLine}\n`);
  const breakdown = errorBreakdown(run.samples);
  if (breakdown.length) log(`Errors by kind and status (no answer: none within ${REQUEST_TIMEOUT_MS / 1000} s): ${breakdown.join("; ")}`);
  if (run.errorExamples.length) log(`Errors, the first:\n${run.errorExamples.map((e) => `  ${e}`).join("\n")}\n`);
  log(formatChecks(checks));
  const errorLines = fs.readFileSync(logFile, "utf8").split("\n").filter((l) => /"level":(50|60)/.test(l));
  if (errorLines.length) log(`  ${errorLines.length} error line(s) in the shop log, the last:\n${errorLines.slice(-3).map((l) => `    ${l.slice(0, 300)}`).join("\n")}`);
  log(`=> ${t.name}: ${pass ? "PASS" : "FAIL"}`);
  return { database: t.name, rows, errors: breakdown, checks, pass, seconds: run.seconds, orders: run.answeredOrderIds.length, scarce: scarceLine };
}

// --- Main -----------------------------------------------------------------------------------------

async function main(): Promise<boolean> {
  if (!Number.isFinite(DURATION_MS) || DURATION_MS <= 0) throw new Error(`--duration ${DURATION}: give seconds, e.g. 60s`);
  if (!(CONNECTIONS >= 1 && BUYERS >= CONNECTIONS && SCARCE >= 1)) throw new Error("--connections must be at least 1, --buyers at least --connections (a buyer does one thing at a time), --scarce at least 1");
  if (values.only && values.only !== "pglite" && values.only !== "postgres") throw new Error(`--only ${values.only}: pglite or postgres`);
  log(`[load bench] Node ${process.version}, ${CORES} cores (${os.cpus()[0]?.model ?? "?"}); load average now ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}${CHECK ? "; --check: correctness only" : ""}`);
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
    const url = await postgres.createDatabase("kapra_load");
    log(`  ready in ${(await prepareShopData({ databaseUrl: url, dataDir: "" }, DEMO)).toFixed(1)} s`);
    targets.push({ name: "PostgreSQL", target: { databaseUrl: url, dataDir: "" }, env: { DATABASE_URL: url, DATA_DIR: resources.tmpDir("kapra-bench-load-unused-") } });
  }
  const results: DatabaseResult[] = [];
  for (const t of targets) results.push(await runOn(t, appDir));

  const outDir = path.join(ROOT, "bench-results");
  fs.mkdirSync(outDir, { recursive: true });
  const report = { date: new Date().toISOString(), node: process.version, cores: CORES, settings: { duration: DURATION, connections: CONNECTIONS, buyers: BUYERS, scarce: SCARCE, ...DEMO }, results };
  fs.writeFileSync(path.join(outDir, "load.json"), `${JSON.stringify(report, null, 2)}\n`);
  const pass = results.every((r) => r.pass);
  log(`\n[load bench] ${results.map((r) => `${r.database} ${r.pass ? "PASS" : "FAIL"} (${fmt(r.rows.at(-1)!.rps)} req/s, ${r.orders} orders)`).join("; ")}: ${pass ? "PASS" : "FAIL"}`);
  return pass;
}

await resources.runAndExit(main);
