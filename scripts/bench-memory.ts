// `npm run bench -- --only=memory`: a bounded memory soak. The built shop (`node server/start.js`)
// serves a small brand's busy hour, paced (not flat out: this measures memory, not throughput), for
// --minutes (30 by default) on PGlite with a fresh DATA_DIR (the demo catalogue plus realistic data:
// 300 products, 5,000 orders), then on a throwaway PostgreSQL cluster with WEB_CONCURRENCY=2. The
// traffic, over keep-alive connections (bench-memory-mix.ts): guests' pages (/, /products with
// categories, sorts, pages, price bands and searches, categories, products) and the photos those
// pages show (/media/...), signed-in buyers' pages (/cart, /orders, /buyer-dashboard, their own
// orders, the catalogue) and their cart changes and cash-on-delivery checkouts (bench-shop-client.ts,
// as bench:load does), and the owner's dashboard signed in as the seller (Overview, Orders with
// filters, pages and searches, Products, an order, its invoice).
//
// Every 10 s it reads each serving process's VmRSS (/proc/PID/status: the shop's one process on
// PGlite; the cluster's primary and each worker on PostgreSQL) and prints, once a minute: RSS per
// process, requests, errors (5xx or no answer, with a breakdown of the first), unexpected 4xx, p50
// and p99; also the RSS right after start (before traffic) and at the end. Then PASS/FAIL
// (bench-memory-trend.ts): memory must not keep growing (least-squares slope after a warm-up of the
// first third or 5 minutes, whichever is shorter), peak under 350 MB on PGlite and 250 MB per process
// on PostgreSQL, no error, no process died. Exit code 1 on FAIL. Writes bench-results/memory.json.
//
// Options: --minutes N (30; fractions such as 0.5 work), --db pglite|postgres|both (both), --rate R
// (requests per second, 20), --products N (300), --orders N (5000), --buyers N (60),
// --max-in-flight N (16: an arrival finding that many requests unanswered is skipped and counted),
// --shop-env NAME=VALUE (repeatable: set for the shop only, e.g. NODE_OPTIONS=--max-old-space-size=160),
// --node-defaults (run the shop with Node's and glibc's defaults instead of docs/deployment.md's settings for
// a 1 GB server, which the soak applies otherwise: ONE_GB_SETTINGS below).
// The bench's own environment reaches the shop too, so settings can be tried as
// `PAGE_CACHE_MB=4 npm run bench -- --only=memory` (PGLITE_SHARED_BUFFERS_MB,
// PAGE_CACHE_MB, MEDIA_CACHE_MB, READ_CACHE_MB, MALLOC_ARENA_MAX, NODE_OPTIONS, WEB_CONCURRENCY for
// the PostgreSQL shop...); NODE_OPTIONS given that way also applies to the bench's own processes,
// --shop-env NODE_OPTIONS=... to the shop alone. Needs a build (`npm run build`; bench.mjs builds first).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { count, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders, products } from "~/schema";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { postgresMissing, prepareShopData, startBenchPostgres, withDatabase, type DbTarget } from "./bench-data";
import { applySetCookies, cookieHeader, errorCodeOf, type Catalogue, type Outcome } from "./bench-load-mix";
import {
  addToPool,
  buyerPagePath,
  guestPath,
  imageSources,
  pickSoakActivity,
  sellerPath,
  soakOutcome,
  SOAK_KINDS,
  type SellerView,
  type SoakKind,
} from "./bench-memory-mix";
import {
  breakdown,
  byKind,
  formatVerdicts,
  minuteRow,
  totalOf,
  verdicts as judge,
  type Done,
  type Point,
  type RssSample,
  type Trend,
  type Verdict,
} from "./bench-memory-trend";
import {
  BROWSER,
  REQUEST_TIMEOUT_MS,
  buyerStep,
  makeBuyers,
  readCatalogue,
  send,
  type Answer,
  type Buyer,
} from "./bench-shop-client";
import {
  ROOT,
  createResources,
  fmt,
  fmtMs,
  log,
  logTail,
  readMemory,
  servingProcesses,
  settledProcesses,
  sleep,
  snapshotBuild,
  startShop,
  stopShop,
} from "./bench-support.mjs";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "30" },
    db: { type: "string", default: "both" },
    rate: { type: "string", default: "20" },
    products: { type: "string", default: "300" },
    orders: { type: "string", default: "5000" },
    buyers: { type: "string", default: "60" },
    "max-in-flight": { type: "string", default: "16" },
    "shop-env": { type: "string", multiple: true, default: [] },
    "node-defaults": { type: "boolean", default: false },
  },
});
const MINUTES = Number(values.minutes);
const DURATION_MS = MINUTES * 60_000;
const RATE = Number(values.rate);
const BUYERS = Number(values.buyers);
const MAX_IN_FLIGHT = Number(values["max-in-flight"]);
const DEMO = { products: Number(values.products), orders: Number(values.orders) };
const SAMPLE_MS = 10_000;
/** How many photo URLs (from the pages' <img>) the photo requests are drawn from. */
const PHOTO_POOL = 1500;
/** How many errors' breakdowns are printed minute by minute (the whole run's is printed at the end). */
const MINUTES_WITH_BREAKDOWN = 5;
const OWNER = { email: "soak-owner@shop.test", password: "soak-owner-password-2026" };
/** The shop's signing secret for the run, so the made buyers' session cookies are ones it accepts. */
const AUTH_SECRET = randomBytes(32).toString("hex");
const RUN_ID = Date.now().toString(36);
const CORES = os.availableParallelism?.() ?? os.cpus().length;
/** Settings worth showing when they are set (the environment reaches the shop whatever its name). */
const SETTINGS = [
  "PGLITE_SHARED_BUFFERS_MB",
  "PAGE_CACHE_MB",
  "MEDIA_CACHE_MB",
  "READ_CACHE_MB",
  "NODE_OPTIONS",
  "MALLOC_ARENA_MAX",
  "UV_THREADPOOL_SIZE",
  "WEB_CONCURRENCY",
];

/** --shop-env NAME=VALUE, as given. */
function shopEnvFlags(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of values["shop-env"] ?? []) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new Error(`--shop-env ${pair}: give NAME=VALUE`);
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return env;
}
/**
 * The settings for a 1 GB server (docs/deployment.md's systemd unit): the shop as it is meant to run there.
 * On a host with plenty of memory V8 sizes its heap from it (4 GB here) and collects lazily, and glibc
 * keeps an arena per thread, so Node's defaults would measure the host, not the shop.
 */
const ONE_GB_SETTINGS: Record<string, string> = {
  MALLOC_ARENA_MAX: "2",
  NODE_OPTIONS: "--max-old-space-size=160 --max-semi-space-size=4",
};
const oneGb = Object.fromEntries(Object.entries(ONE_GB_SETTINGS).filter(([name]) => process.env[name] === undefined));
const SHOP_ENV = { ...(values["node-defaults"] ? {} : oneGb), ...shopEnvFlags() };

const resources = createResources("memory bench");
resources.handleSignals();

type DbKind = "pglite" | "postgres";
type Target = { kind: DbKind; name: "PGlite" | "PostgreSQL"; target: DbTarget; env: Record<string, string> };

// --- Data ---------------------------------------------------------------------------------------

/** What the owner's pages are asked about: some past orders, what the owner searches for, how many pages there are. */
async function readSellerView(db: Db, categories: string[]): Promise<SellerView> {
  const some = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, phone: orders.phone, fullName: orders.fullName })
    .from(orders)
    .orderBy(sql`random()`)
    .limit(300);
  const [{ n: orderCount }] = await db.select({ n: count() }).from(orders);
  const [{ n: productCount }] = await db.select({ n: count() }).from(products).where(ne(products.status, "archived"));
  const searches = some.slice(0, 60).map((o, i) =>
    // An order number, a phone number as it is said ("0300 1234567"), or a customer's last name.
    i % 3 === 0
      ? o.orderNumber
      : i % 3 === 1
        ? o.phone.replace(/^\+92(\d{3})/, "0$1 ")
        : (o.fullName.split(/\s+/).at(-1) ?? o.fullName),
  );
  return {
    orderIds: some.map((o) => o.id),
    searches,
    orderPages: Math.max(1, Math.ceil(orderCount / 20)),
    productPages: Math.max(1, Math.ceil(productCount / 20)),
    categories,
  };
}

// --- Memory -------------------------------------------------------------------------------------

/**
 * The shop's serving processes by name: "shop" for a single process; "primary", "worker 1", ... for
 * a cluster (a replacement worker gets the next number, and the one it replaced counts as died).
 */
function processMeter(primary: number, cluster: boolean) {
  const names = new Map<number, string>();
  const gone = new Set<number>();
  let workers = 0;
  const hwm = new Map<string, number>();
  const current = () => [primary, ...servingProcesses(primary).pids];
  const refresh = () => {
    const now = current();
    for (const pid of now) {
      if (names.has(pid)) continue;
      names.set(pid, pid === primary ? (cluster ? "primary" : "shop") : `${cluster ? "worker" : "child"} ${++workers}`);
    }
    for (const pid of names.keys()) if (!now.includes(pid)) gone.add(pid);
    return now.filter((pid) => !gone.has(pid));
  };
  return {
    sample(atMs: number): RssSample {
      const rssMb: Record<string, number> = {};
      for (const pid of refresh()) {
        const m = readMemory(pid);
        if (!m) continue;
        const name = names.get(pid)!;
        rssMb[name] = Math.round(m.rssMb * 10) / 10;
        hwm.set(name, Math.max(hwm.get(name) ?? 0, m.hwmMb));
      }
      return { atMs, rssMb };
    },
    /** Serving processes that went away while the shop ran. */
    get died() {
      return gone.size;
    },
    /** Each process's VmHWM (the kernel's peak RSS, between samples too), MB. */
    peaks: () => Object.fromEntries([...hwm].map(([name, mb]) => [name, Math.round(mb * 10) / 10])),
  };
}

const fmtRss = (rss: Record<string, number>) => {
  const parts = Object.entries(rss).map(([name, mb]) => `${name} ${fmt(mb)}`);
  return parts.length > 1 ? `${parts.join(" | ")} = ${fmt(totalOf(rss))} MB` : `${parts[0] ?? "n/a"} MB`;
};

// --- The traffic --------------------------------------------------------------------------------

type Soak = { done: Done[]; samples: RssSample[]; skippedAtMs: number[]; seconds: number; ordersPlaced: number };

/**
 * Requests arrive at random (exponential gaps, mean 1/RATE s: an open loop, as visitors do) for
 * DURATION_MS; one that finds MAX_IN_FLIGHT requests unanswered is skipped and counted. `sample`
 * is called every SAMPLE_MS and `onMinute` after each whole minute.
 */
async function soak(
  origin: string,
  catalogue: Catalogue,
  buyers: Buyer[],
  seller: { jar: Map<string, string>; view: SellerView },
  others: { productId: string; color: string; size: string }[],
  keyPrefix: string,
  sample: (atMs: number) => RssSample,
  onMinute: (minute: number, soakSoFar: Soak) => void,
  alive: () => boolean,
): Promise<Soak> {
  // An idle connection is dropped after 4 s, before the server's 5 s keep-alive timeout: otherwise a
  // request sent on a connection the server is closing that moment is lost (browsers resend it; a
  // Node client reports it as no answer, which is not the shop's doing).
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: MAX_IN_FLIGHT,
    maxFreeSockets: MAX_IN_FLIGHT,
    timeout: 4_000,
  });
  const rand = Math.random;
  const state: Soak = { done: [], samples: [], skippedAtMs: [], seconds: 0, ordersPlaced: 0 };
  const photos: string[] = [];
  const knownPhotos = new Set<string>();
  let keys = 0;
  const t0 = performance.now();
  const since = () => performance.now() - t0;

  const record = (kind: SoakKind, started: number, answer: Answer, what: string): Outcome => {
    const outcome = soakOutcome(kind, answer.status, errorCodeOf(answer.body));
    state.done.push({ kind, atMs: since(), ms: performance.now() - started, status: answer.status, what, outcome });
    return outcome === "unexpected" ? "error" : outcome;
  };
  const get = async (kind: SoakKind, urlPath: string, headers: Record<string, string>, keepText = false) => {
    const started = performance.now();
    const answer = await send(agent, origin, "GET", urlPath, headers, undefined, { keepText });
    record(kind, started, answer, `GET ${urlPath}`);
    return answer;
  };

  async function guest() {
    // Pages are read for their photos while the pool fills, then now and then to keep up with it.
    const keepText = photos.length < PHOTO_POOL || rand() < 0.1;
    const answer = await get("guest", guestPath(rand, catalogue), BROWSER, keepText);
    if (answer.text) addToPool(photos, knownPhotos, imageSources(answer.text), PHOTO_POOL, rand);
  }

  async function oneRequest() {
    const activity = pickSoakActivity(rand);
    if (activity === "media" && photos.length) {
      await get("media", photos[Math.floor(rand() * photos.length)], {
        accept: "image/avif,image/webp,image/*,*/*;q=0.8",
        "user-agent": BROWSER["user-agent"],
      });
    } else if (activity === "buyer-page") {
      const buyer = buyers[Math.floor(rand() * buyers.length)];
      const answer = await get("buyer", buyerPagePath(rand, catalogue, buyer.orderIds), {
        ...BROWSER,
        cookie: cookieHeader(buyer.jar),
      });
      buyer.jar = applySetCookies(buyer.jar, answer.setCookies);
    } else if (activity === "buyer-cart" && buyers.some((b) => !b.busy)) {
      const placed = await buyerStep({
        agent,
        origin,
        buyers,
        scarce: [],
        others,
        rand,
        idempotencyKey: () => `${keyPrefix}-${++keys}`,
        record: (kind, started, answer, what) =>
          record(kind === "checkout" ? "checkout" : "cart", started, answer, what),
      });
      if (placed) {
        state.ordersPlaced += 1;
        // The owner sees new orders too: they join the ones the order pages are drawn from.
        addToPool(seller.view.orderIds, new Set(seller.view.orderIds), [placed], 500, rand);
      }
    } else if (activity === "seller") {
      const answer = await get("seller", sellerPath(rand, seller.view), {
        ...BROWSER,
        cookie: cookieHeader(seller.jar),
      });
      seller.jar = applySetCookies(seller.jar, answer.setCookies);
    } else {
      await guest();
    }
  }

  // Memory every SAMPLE_MS from the first request on; a line each minute.
  state.samples.push(sample(0));
  let minutesShown = 0;
  const timer = setInterval(() => {
    const at = Math.round(since());
    state.samples.push(sample(at));
    // A timer fires a little late: the sample just after a minute's end closes that minute.
    while (
      minutesShown + 1 <= Math.floor((at + SAMPLE_MS / 2) / 60_000) &&
      (minutesShown + 1) * 60_000 <= DURATION_MS
    ) {
      minutesShown += 1;
      onMinute(minutesShown, state);
    }
  }, SAMPLE_MS);

  const inFlight = new Set<Promise<void>>();
  let next = 0;
  try {
    // A shop that stopped ends the soak: what follows would only be unanswered requests.
    while (alive()) {
      next += (-Math.log(1 - rand()) * 1000) / RATE;
      if (next >= DURATION_MS) break;
      const wait = next - since();
      if (wait > 0) await sleep(wait);
      // Far behind (the bench's own process was starved): carry on from now rather than burst.
      else if (wait < -5000) next = since();
      if (inFlight.size >= MAX_IN_FLIGHT) {
        state.skippedAtMs.push(since());
        continue;
      }
      const p = oneRequest().finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
  } finally {
    clearInterval(timer);
    agent.destroy();
  }
  state.seconds = since() / 1000;
  return state;
}

// --- One database -------------------------------------------------------------------------------

type DatabaseResult = {
  database: string;
  settingsEnv: Record<string, string>;
  processes: string[];
  start: Record<string, number>;
  end: Record<string, number>;
  peakSampledMb: Record<string, number>;
  peakHwmMb: Record<string, number>;
  requests: number;
  ordersPlaced: number;
  skipped: number;
  errors: number;
  unexpected: number;
  refused: number;
  errorBreakdown: string[];
  unexpectedBreakdown: string[];
  minutes: ReturnType<typeof minuteRow>[];
  samples: RssSample[];
  trends: Record<string, Trend>;
  verdicts: Verdict[];
  pass: boolean;
};

async function runOn(t: Target, appDir: string): Promise<DatabaseResult> {
  log(
    `\n[memory bench] ${t.name}: ${DEMO.products} demo products, ${DEMO.orders} past orders, a seller, ${BUYERS} signed-in buyers...`,
  );
  const seconds = await prepareShopData(t.target, DEMO, async (db, auth) => {
    await createSeller(auth, db, { ...OWNER, name: "Soak Owner" });
  });
  const { catalogue, onSale, view } = await withDatabase(t.target, async (db) => {
    const read = await readCatalogue(db);
    return { ...read, view: await readSellerView(db, read.catalogue.categories) };
  });
  if (!onSale.length) throw new Error("The seeded shop has nothing on sale");
  // Before the shop starts: PGlite's folder is the shop's alone while it runs.
  const buyers = await makeBuyers(t.target, {
    from: 1,
    to: BUYERS + 1,
    authSecret: AUTH_SECRET,
    runId: RUN_ID,
    firstLine: (n) => onSale[(n * 7919) % onSale.length],
  });
  log(`  data ready in ${seconds.toFixed(1)} s`);

  const cluster = t.kind === "postgres";
  const env: Record<string, string> = {
    ...t.env,
    WEB_CONCURRENCY: cluster ? process.env.WEB_CONCURRENCY || "2" : "1",
    // The few bench accounts sign in and order far more than a shopper could: the abuse limits are raised, as the other benches do.
    SIGN_IN_RATE_LIMIT: "100000",
    ABUSE_LIMITS_SCALE: "100000",
    BETTER_AUTH_SECRET: AUTH_SECRET,
    ...SHOP_ENV,
  };
  const settingsEnv = Object.fromEntries(
    SETTINGS.map((name) => [name, env[name] ?? process.env[name]]).filter((e): e is [string, string] => Boolean(e[1])),
  );
  const logFile = path.join(resources.tmpDir(`kapra-bench-memory-${t.kind}-log-`), "shop.log");
  const shop = await startShop({ resources, appDir, logFile, env });
  let shopExit: string | null = null;
  shop.child.once("exit", (code, signal) => (shopExit = signal ?? `exit code ${code}`));
  const pid = shop.child.pid!;
  const wanted = cluster ? Number(env.WEB_CONCURRENCY) : 1;
  const serving = await settledProcesses(pid, wanted);
  const meter = processMeter(pid, cluster && serving.children > 0);
  // Right after start, before any request but the readiness probe.
  const start = meter.sample(0).rssMb;
  log(
    `  ${shop.origin}: ${serving.children ? `primary + ${serving.children} workers` : "one process"}; settings: ${
      Object.entries(settingsEnv)
        .map(([k, v]) => `${k}=${v}`)
        .join(" ") || "defaults"
    }`,
  );
  log(`  RSS at start (before traffic): ${fmtRss(start)}`);

  // The owner signs in as they would; a made buyer's cookie and the owner's must be ones the shop takes.
  const setup = new http.Agent({ keepAlive: true });
  const signIn = await send(setup, shop.origin, "POST", "/api/auth/sign-in/email", { origin: shop.origin }, OWNER);
  if (signIn.status !== 200)
    throw new Error(
      `The owner's sign-in failed: HTTP ${signIn.status} ${JSON.stringify(signIn.body)}${logTail(logFile)}`,
    );
  const seller = { jar: applySetCookies(new Map(), signIn.setCookies), view };
  for (const [what, cookie, url] of [
    ["a made buyer's", cookieHeader(buyers[0].jar), "/api/cart"],
    ["the owner's", cookieHeader(seller.jar), "/seller-dashboard"],
  ] as const) {
    const probe = await send(setup, shop.origin, "GET", url, { cookie, accept: "text/html,application/json" });
    if (probe.status !== 200)
      throw new Error(`The shop refused ${what} session cookie on ${url}: HTTP ${probe.status}${logTail(logFile)}`);
  }
  setup.destroy();

  const others = onSale.map(({ productId, color, size }) => ({ productId, color, size }));
  log(
    `  ${fmt(RATE, RATE % 1 ? 1 : 0)} requests/s (random arrivals, at most ${MAX_IN_FLIGHT} in flight) for ${MINUTES} min; memory every ${SAMPLE_MS / 1000} s:`,
  );
  log(
    `  ${"min".padStart(5)}  ${"RSS".padEnd(cluster ? 44 : 14)} ${"requests".padStart(8)} ${"req/s".padStart(6)} ${"errors".padStart(6)} ${"4xx".padStart(4)} ${"p50".padStart(8)} ${"p99".padStart(8)}`,
  );
  let minutesBroken = 0;
  const printRow = (fromMs: number, toMs: number, s: Soak) => {
    const row = minuteRow(s.done, s.samples, fromMs, toMs);
    const skipped = s.skippedAtMs.filter((at) => at >= fromMs && at < toMs).length;
    const rps = row.requests / ((toMs - fromMs) / 1000);
    log(
      `  ${fmt(row.minute, Math.abs(row.minute - Math.round(row.minute)) < 0.02 ? 0 : 2).padStart(5)}  ${fmtRss(row.rssMb).padEnd(cluster ? 44 : 14)} ${String(row.requests).padStart(8)} ${rps.toFixed(1).padStart(6)} ${String(row.errors).padStart(6)} ${String(row.unexpected).padStart(4)} ${fmtMs(row.p50Ms).padStart(8)} ${fmtMs(row.p99Ms).padStart(8)}${skipped ? `  (${skipped} arrivals skipped: ${MAX_IN_FLIGHT} in flight)` : ""}`,
    );
    if ((row.errors || row.unexpected) && minutesBroken < MINUTES_WITH_BREAKDOWN) {
      minutesBroken += 1;
      const inside = s.done.filter((d) => d.atMs >= fromMs && d.atMs < toMs);
      if (row.errors) log(`         errors: ${breakdown(inside, "error", 4).join("; ")}`);
      if (row.unexpected) log(`         unexpected 4xx: ${breakdown(inside, "unexpected", 4).join("; ")}`);
    }
    return row;
  };
  const rows: DatabaseResult["minutes"] = [];
  const run = await soak(
    shop.origin,
    catalogue,
    buyers,
    seller,
    others,
    `memory-${RUN_ID}-${t.kind}`,
    (at) => meter.sample(at),
    (minute, s) => {
      rows.push(printRow((minute - 1) * 60_000, minute * 60_000, s));
    },
    () => shopExit === null,
  );
  if (shopExit) log(`  The shop stopped during the soak (${shopExit})${logTail(logFile, 40)}`);
  // The end: after the last answer, before the shop stops.
  const endSample = meter.sample(Math.round(run.seconds * 1000));
  run.samples.push(endSample);
  const lastWhole = rows.length * 60_000;
  if (run.seconds * 1000 > lastWhole + 1000) rows.push(printRow(lastWhole, run.seconds * 1000 + 1, run));
  log(`  RSS at the end: ${fmtRss(endSample.rssMb)}`);
  const died = meter.died + (shopExit ? 1 : 0);
  const peakHwmMb = meter.peaks();
  await stopShop(shop.child, 15000);

  // Verdicts over each process's samples from the first request to the end.
  const names = [...new Set(run.samples.flatMap((s) => Object.keys(s.rssMb)))];
  const series = names.map((name) => ({
    name,
    points: run.samples
      .filter((s) => name in s.rssMb)
      .map((s): Point => ({ minute: s.atMs / 60_000, mb: s.rssMb[name] })),
  }));
  const errors = run.done.filter((d) => d.outcome === "error").length;
  const unexpected = run.done.filter((d) => d.outcome === "unexpected").length;
  const { verdicts, trends } = judge({
    database: t.name,
    minutes: MINUTES,
    processes: series,
    requests: run.done.length,
    errors,
    unexpected,
    restarts: died,
  });
  const peakSampledMb = Object.fromEntries(series.map((s) => [s.name, Math.max(...s.points.map((p) => p.mb))]));
  const errorBreakdown = breakdown(run.done, "error", 10);
  const unexpectedBreakdown = breakdown(run.done, "unexpected", 10);

  log(
    `\n### ${t.name}: ${run.done.length} requests in ${(run.seconds / 60).toFixed(1)} min (${(run.done.length / run.seconds).toFixed(1)}/s), ${run.ordersPlaced} orders placed, ${run.done.filter((d) => d.outcome === "refused").length} sold-out refusals${run.skippedAtMs.length ? `, ${run.skippedAtMs.length} arrivals skipped` : ""}`,
  );
  log(`  by kind: ${byKind(run.done, SOAK_KINDS, fmtMs)}`);
  log(
    `  RSS: start ${fmtRss(start)}; end ${fmtRss(endSample.rssMb)}; peak sampled ${fmtRss(peakSampledMb)}; peak (VmHWM, start-up included) ${fmtRss(peakHwmMb)}`,
  );
  if (errorBreakdown.length)
    log(`  errors (5xx or no answer within ${REQUEST_TIMEOUT_MS / 1000} s): ${errorBreakdown.join("; ")}`);
  if (unexpectedBreakdown.length)
    log(`  unexpected 4xx (not failed on, but the bench should not ask them): ${unexpectedBreakdown.join("; ")}`);
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
  log(formatVerdicts(verdicts).replace(/^/gm, "  "));
  if (MINUTES < 10) log(`  (a run under 10 minutes mostly sees the caches fill: judge the trend on a 30-minute run)`);
  const pass = verdicts.every((v) => v.pass !== false);
  log(`=> ${t.name}: ${pass ? "PASS" : "FAIL"}`);
  return {
    database: t.name,
    settingsEnv,
    processes: names,
    start,
    end: endSample.rssMb,
    peakSampledMb,
    peakHwmMb,
    requests: run.done.length,
    ordersPlaced: run.ordersPlaced,
    skipped: run.skippedAtMs.length,
    errors,
    unexpected,
    refused: run.done.filter((d) => d.outcome === "refused").length,
    errorBreakdown,
    unexpectedBreakdown,
    minutes: rows,
    samples: run.samples,
    trends,
    verdicts,
    pass,
  };
}

// --- Main -----------------------------------------------------------------------------------------

async function main(): Promise<boolean> {
  if (!(MINUTES > 0)) throw new Error(`--minutes ${values.minutes}: give a number of minutes above 0 (0.5 works)`);
  if (!(RATE > 0)) throw new Error(`--rate ${values.rate}: give requests per second above 0`);
  if (!(BUYERS >= 1 && MAX_IN_FLIGHT >= 1)) throw new Error("--buyers and --max-in-flight must be at least 1");
  if (!["pglite", "postgres", "both"].includes(values.db!))
    throw new Error(`--db ${values.db}: pglite, postgres or both`);
  log(
    `[memory bench] Node ${process.version}, ${CORES} cores (${os.cpus()[0]?.model ?? "?"}); load average now ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  log(
    `[memory bench] ${MINUTES} min per database at ${RATE} requests/s; the environment and --shop-env reach the shop`,
  );
  const appDir = snapshotBuild(resources.tmpDir("kapra-bench-memory-app-"));
  let kinds: DbKind[] = values.db === "both" ? ["pglite", "postgres"] : [values.db as DbKind];
  const missing = kinds.includes("postgres") ? postgresMissing() : null;
  if (missing && values.db === "postgres") throw new Error(missing);
  if (missing) {
    log(`[memory bench] ${missing}`);
    kinds = kinds.filter((k) => k !== "postgres");
  }
  const outDir = path.join(ROOT, "bench-results");
  fs.mkdirSync(outDir, { recursive: true });
  const results: DatabaseResult[] = [];
  const write = () => {
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cores: CORES,
      settings: {
        minutes: MINUTES,
        ratePerSecond: RATE,
        maxInFlight: MAX_IN_FLIGHT,
        buyers: BUYERS,
        sampleSeconds: SAMPLE_MS / 1000,
        ...DEMO,
        shopEnv: SHOP_ENV,
      },
      targetsMb: { pglite: 350, postgresPerProcess: 250 },
      results,
      pass: results.every((r) => r.pass),
    };
    fs.writeFileSync(path.join(outDir, "memory.json"), `${JSON.stringify(report, null, 2)}\n`);
  };
  for (const kind of kinds) {
    let t: Target;
    if (kind === "pglite") {
      const dataDir = path.join(resources.tmpDir("kapra-bench-memory-pglite-"), "data");
      t = { kind, name: "PGlite", target: { dataDir }, env: { DATA_DIR: dataDir, DATABASE_URL: "" } };
    } else {
      log(`\n[memory bench] PostgreSQL: starting a throwaway cluster...`);
      const postgres = await startBenchPostgres(resources);
      const url = await postgres.createDatabase("kapra_memory");
      t = {
        kind,
        name: "PostgreSQL",
        target: { databaseUrl: url, dataDir: "" },
        env: { DATABASE_URL: url, DATA_DIR: resources.tmpDir("kapra-bench-memory-unused-") },
      };
    }
    results.push(await runOn(t, appDir));
    write(); // after each database, so a failure in the next leaves this one's figures
  }
  const pass = results.every((r) => r.pass);
  log(
    `\n[memory bench] ${results.map((r) => `${r.database} ${r.pass ? "PASS" : "FAIL"} (peak ${fmtRss(r.peakSampledMb)})`).join("; ")}: ${pass ? "PASS" : "FAIL"}`,
  );
  log(`[memory bench] wrote ${path.relative(ROOT, path.join(outDir, "memory.json"))}`);
  return pass;
}

await resources.runAndExit(main);
