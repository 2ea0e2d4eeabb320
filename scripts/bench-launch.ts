// `npm run bench -- --only=launch`: launch day (issue 43). A launch of 300 pieces (50 products x 6
// variants, one piece each, at most 2 of a product per customer, waiting room on) opens a few
// seconds into the run, while 5,000 shoppers arrive within 60 s, most of them early. Each acts as a
// real shopper does, one request after the other with their own cookies: guests look at the home
// page, the collection and the launch's product (waiting for the opening on its countdown, and in
// the waiting room when the shop lets them in in turn); returning customers (signed in) and guests
// who sign up add a piece to the cart (another size or colour when one is sold out), open the cart
// and checkout, and place a cash-on-delivery order.
//
// Three configurations, each on its own copy of the same shop (hundreds of products, thousands of
// past orders): PGlite with one process; PostgreSQL with two (WEB_CONCURRENCY=2); and two instances
// behind nginx configured with docs/nginx.conf, on one PostgreSQL. Per run it prints the orders
// placed and pieces sold (exactly the stock), oversold (0), 5xx (0), the shoppers who waited and for
// how long (p50/p99), the admitted pages' p99 (goal: under 500 ms on PostgreSQL), throughput, and
// the serving processes' peak memory; then PASS or FAIL (exit code 1 on FAIL).
//
// Options: --shoppers 5000, --seconds 60, --products 50, --variants 6, --limit 2, --signed-in 0.5
// (share of shoppers signed in already), --sign-up 0.1 (share of the guests who sign up to buy),
// --opens-after 5 (s into the run), --db pglite,postgres,nginx (any of them, comma-separated),
// --shop-env NAME=VALUE (repeatable: reaches every shop process), --profile (CPU profile of the
// busiest process), --check (CI: 300 shoppers in 10 s for 8 products, PostgreSQL with two processes). Needs a build (`npm run build`). Writes
// bench-results/launch.json.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { and, asc, eq, inArray, like, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderItems, orders, products, productVariants } from "~/schema";
import { saveLaunch } from "~/flows/save-launch.server";
import { postgresMissing, prepareShopData, startBenchPostgres, withDatabase, type DbTarget } from "./bench-data";
import {
  ROOT,
  createResources,
  fmt,
  fmtMs,
  freePort,
  log,
  logTail,
  readMemory,
  servingProcesses,
  sleep,
  snapshotBuild,
  startShop,
  stopShop,
  waitForOk,
} from "./bench-support.mjs";
import { NGINX, startNginx } from "../tests/factories/nginx";
import { formatProfileSummary, readCpuProfile, summariseCpuProfile } from "./cpu-profile-summary";
import { BROWSER, makeBuyers, send, type Buyer } from "./bench-shop-client";
import { drive, type LaunchProduct, type Shop } from "./bench-launch-shoppers";
import {
  checkLaunch,
  launchErrors,
  launchRows,
  planShoppers,
  timeline,
  waitFigures,
  type LaunchCheck,
  type LaunchRow,
} from "./bench-launch-plan";

const { values } = parseArgs({
  options: {
    shoppers: { type: "string" },
    seconds: { type: "string" },
    products: { type: "string" },
    variants: { type: "string", default: "6" },
    limit: { type: "string", default: "2" },
    "signed-in": { type: "string", default: "0.5" },
    "sign-up": { type: "string", default: "0.1" },
    "opens-after": { type: "string", default: "5" },
    "past-products": { type: "string" },
    "past-orders": { type: "string" },
    db: { type: "string" },
    "shop-env": { type: "string", multiple: true, default: [] },
    check: { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
  },
});
const CHECK = values.check;
/** --profile: each shop process runs under `node --cpu-prof`; where the time went is printed after the run. */
const PROFILE = values.profile;
const SHOPPERS = Number(values.shoppers ?? (CHECK ? 300 : 5000));
const SECONDS = Number(values.seconds ?? (CHECK ? 10 : 60));
const LAUNCH_PRODUCTS = Number(values.products ?? (CHECK ? 8 : 50));
const VARIANTS = Number(values.variants);
const LIMIT = values.limit === "0" ? null : Number(values.limit);
const SIGNED_IN = Number(values["signed-in"]);
const SIGN_UP = Number(values["sign-up"]);
const OPENS_AFTER_MS = Number(values["opens-after"]) * 1000;
const DEMO = {
  products: Number(values["past-products"] ?? (CHECK ? 100 : 300)),
  orders: Number(values["past-orders"] ?? (CHECK ? 500 : 3000)),
};
const CONFIGS = ["pglite", "postgres", "nginx"] as const;
type ConfigName = (typeof CONFIGS)[number];
const ONLY = (values.db ?? (CHECK ? "postgres" : CONFIGS.join(","))).split(",") as ConfigName[];
const SHOP_ENV = Object.fromEntries(
  values["shop-env"].map((pair) => {
    const at = pair.indexOf("=");
    if (at <= 0) throw new Error(`--shop-env ${pair}: NAME=VALUE`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);
/** Time for the shop to start and warm up before the run; the launch's time is set this far ahead. */
const LEAD_MS = CHECK ? 20_000 : 45_000;
/**
 * A shopper still going this long after the last arrival is counted unfinished and the run stops:
 * long enough for a line of thousands on this machine to be let in.
 */
const GRACE_MS = CHECK ? 120_000 : 900_000;
const AUTH_SECRET = randomBytes(32).toString("hex");
const RUN_ID = Date.now().toString(36);
const CORES = os.availableParallelism?.() ?? os.cpus().length;

const resources = createResources("launch bench");
resources.handleSignals();

// --- Data ---------------------------------------------------------------------------------------

/**
 * The launch's products: `LAUNCH_PRODUCTS` products with at least `VARIANTS` variants, taken off
 * sale (drafts, as the owner prepares a launch) with one piece of each of their first `VARIANTS`
 * variants and none of the rest.
 */
async function prepareLaunchProducts(db: Db): Promise<LaunchProduct[]> {
  const candidates = await db
    .select({ id: products.id, categorySlug: products.categorySlug })
    .from(products)
    .where(
      and(
        eq(products.status, "active"),
        sql`(select count(*) from ${productVariants} v where v.product_id = ${products.id}) >= ${VARIANTS}`,
      ),
    )
    .orderBy(asc(products.id))
    .limit(LAUNCH_PRODUCTS);
  if (candidates.length < LAUNCH_PRODUCTS)
    throw new Error(
      `Only ${candidates.length} products have ${VARIANTS} variants; the launch wants ${LAUNCH_PRODUCTS}`,
    );
  const ids = candidates.map((c) => c.id);
  const variants = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      color: productVariants.color,
      size: productVariants.size,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  const launch = candidates.map((c) => ({
    ...c,
    variants: variants.filter((v) => v.productId === c.id).slice(0, VARIANTS),
  }));
  const pieces = launch.flatMap((p) => p.variants.map((v) => v.id));
  await db.update(productVariants).set({ stock: 0 }).where(inArray(productVariants.productId, ids));
  await db.update(productVariants).set({ stock: 1 }).where(inArray(productVariants.id, pieces));
  await db.update(products).set({ status: "draft" }).where(inArray(products.id, ids));
  return launch;
}

/** The launch itself, opening at `opensAt`, saved as the owner's form saves it. */
async function scheduleLaunch(target: DbTarget, launch: LaunchProduct[], opensAt: Date): Promise<void> {
  await withDatabase(target, (db) =>
    saveLaunch({ db }, null, {
      name: "Midnight Lawn",
      opensAt,
      perBuyerLimit: LIMIT,
      waitingRoom: true,
      productIds: launch.map((p) => p.id),
    }),
  );
}

// --- Memory -------------------------------------------------------------------------------------

/** Every second, each serving process's resident memory; the peaks, per process and in all. */
function memoryMeter(primaries: number[]) {
  const peakOf = new Map<number, number>();
  let peakTotal = 0;
  const sample = () => {
    let total = 0;
    for (const primary of primaries)
      for (const pid of [primary, ...servingProcesses(primary).pids]) {
        const mb = readMemory(pid)?.rssMb ?? 0;
        total += mb;
        peakOf.set(pid, Math.max(peakOf.get(pid) ?? 0, mb));
      }
    peakTotal = Math.max(peakTotal, total);
  };
  sample();
  const timer = setInterval(sample, 1000);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peakTotalMb: peakTotal, peakProcessMb: Math.max(...peakOf.values()), processes: peakOf.size };
    },
  };
}

// --- A configuration ----------------------------------------------------------------------------

type Started = {
  shop: Shop;
  primaries: number[];
  logFiles: string[];
  profileDir: string | null;
  stop: () => Promise<void>;
};

/** The shop as the configuration runs it: one instance, or two behind nginx with docs/nginx.conf. */
async function startConfiguration(name: ConfigName, target: DbTarget, appDir: string): Promise<Started> {
  const logDir = resources.tmpDir("kapra-bench-launch-log-");
  const profileDir = PROFILE ? resources.tmpDir("kapra-bench-launch-profile-") : null;
  const nodeArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const common = { ...SHOP_ENV, SIGN_IN_RATE_LIMIT: "100000", BETTER_AUTH_SECRET: AUTH_SECRET };
  const pgEnv = () => ({
    DATABASE_URL: target.databaseUrl!,
    DATA_DIR: resources.tmpDir("kapra-bench-launch-unused-"),
  });
  if (name !== "nginx") {
    // One instance: PGlite in its one process, or PostgreSQL with two.
    const logFile = path.join(logDir, "shop.log");
    const env =
      name === "pglite"
        ? { WEB_CONCURRENCY: "1", DATA_DIR: target.dataDir, DATABASE_URL: "" }
        : { WEB_CONCURRENCY: "2", ...pgEnv() };
    const s = await startShop({ resources, appDir, logFile, nodeArgs, env: { ...common, ...env } });
    return {
      shop: { origin: s.origin, requestOrigin: s.origin },
      primaries: [s.child.pid!],
      logFiles: [logFile],
      profileDir,
      stop: () => stopShop(s.child, 30_000),
    };
  }
  // Two instances of one process each behind nginx (the host the app sees is nginx's $host, no port).
  const env = { ...common, ...pgEnv(), WEB_CONCURRENCY: "1", TRUST_PROXY: "1", PUBLIC_URL: "http://127.0.0.1" };
  const instances = await Promise.all(
    [1, 2].map((i) =>
      startShop({
        resources,
        appDir,
        logFile: path.join(logDir, `shop-${i}.log`),
        nodeArgs,
        env,
        readyPath: "/readyz",
      }).then((s) => ({
        ...s,
        logFile: path.join(logDir, `shop-${i}.log`),
      })),
    ),
  );
  const dir = resources.tmpDir("kapra-bench-launch-nginx-");
  const port = await freePort();
  const nginx = resources.track(
    startNginx(
      dir,
      port,
      instances.map((s) => s.port),
      { workerConnections: 8192 },
    ),
  );
  const origin = `http://127.0.0.1:${port}`;
  await waitForOk(`${origin}/robots.txt`, { timeoutMs: 20_000, child: nginx, what: "nginx" });
  return {
    shop: { origin, requestOrigin: "http://127.0.0.1" },
    primaries: instances.map((s) => s.child.pid!),
    logFiles: instances.map((s) => s.logFile),
    profileDir,
    stop: async () => {
      nginx.kill("SIGQUIT");
      await Promise.all(instances.map((s) => stopShop(s.child)));
    },
  };
}

const LABELS: Record<ConfigName, string> = {
  pglite: "PGlite, 1 process",
  postgres: "PostgreSQL, 2 processes",
  nginx: "PostgreSQL, 2 instances behind nginx",
};

type Result = {
  configuration: string;
  rows: LaunchRow[];
  checks: LaunchCheck[];
  pass: boolean;
  ordersPlaced: number;
  piecesSold: number;
  pieces: number;
  soldOutAfterS: number | null;
  waited: ReturnType<typeof waitFigures>;
  turnedAway: number;
  leftSoldOut: number;
  throughputRps: number;
  memory: { peakTotalMb: number; peakProcessMb: number; processes: number };
  errors: string[];
};

async function runConfiguration(
  name: ConfigName,
  target: DbTarget,
  appDir: string,
  launch: LaunchProduct[],
  buyers: Buyer[],
): Promise<Result> {
  const label = LABELS[name];
  log(`\n[launch bench] ${label}`);
  const opensAt = new Date(Date.now() + LEAD_MS + OPENS_AFTER_MS);
  await scheduleLaunch(target, launch, opensAt);
  const started = await startConfiguration(name, target, appDir);
  // Warm up on pages the waiting room does not guard (route modules, prepared statements).
  const warm = new http.Agent({ keepAlive: true });
  for (let i = 0; i < 20; i++) {
    const answer = await send(warm, started.shop.origin, "GET", i % 2 ? "/" : "/products", BROWSER);
    if (answer.status !== 200)
      throw new Error(`Warm-up answered HTTP ${answer.status}${started.logFiles.map((f) => logTail(f)).join("")}`);
  }
  warm.destroy();
  const untilStart = opensAt.getTime() - OPENS_AFTER_MS - Date.now();
  if (untilStart < 0) throw new Error(`The shop took too long to start: the launch opened ${-untilStart} ms ago`);
  await sleep(untilStart);

  const plans = planShoppers(Math.random, {
    shoppers: SHOPPERS,
    seconds: SECONDS,
    products: launch.length,
    signedIn: SIGNED_IN,
    signUp: SIGN_UP,
  });
  const keyPrefix = `launch-${RUN_ID}-${name}`;
  const meter = memoryMeter(started.primaries);
  const startMs = performance.now();
  const opensAtMs = startMs + (opensAt.getTime() - Date.now());
  log(
    `  ${SHOPPERS} shoppers over ${SECONDS} s (${plans.filter((p) => p.role === "buyer").length} signed in, ${plans.filter((p) => p.role === "new-buyer").length} signing up, the rest browsing); the launch opens at ${fmt((opensAtMs - startMs) / 1000, 1)} s`,
  );
  const run = await drive({
    shop: started.shop,
    launch,
    plans,
    buyers,
    startMs,
    opensAtMs,
    deadline: startMs + SECONDS * 1000 + GRACE_MS,
    runId: RUN_ID,
    keyPrefix,
  });
  const memory = meter.stop();
  await started.stop();
  if (started.profileDir) {
    // The busiest process's profile: the one that served most.
    const files = fs
      .readdirSync(started.profileDir)
      .filter((f) => f.endsWith(".cpuprofile"))
      .map((f) => path.join(started.profileDir!, f))
      .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
    if (files[0]) {
      const file = path.join(ROOT, "bench-results", `launch-${name}.cpuprofile`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.copyFileSync(files[0], file);
      log(
        `\n  CPU profile (${path.relative(ROOT, file)}):\n${formatProfileSummary(summariseCpuProfile(readCpuProfile(file)))}`,
      );
    }
  }

  const pieces = launch.length * VARIANTS;
  const facts = await withDatabase(target, async (db) => {
    const ids = launch.flatMap((p) => p.variants.map((v) => v.id));
    const runOrders = and(like(orders.idempotencyKey, `${keyPrefix}-%`), ne(orders.status, "cancelled"));
    const left = await db
      .select({ id: productVariants.id, stock: productVariants.stock })
      .from(productVariants)
      .where(inArray(productVariants.id, ids));
    const units = await db
      .select({ variantId: orderItems.variantId, units: sql<number>`sum(${orderItems.quantity})::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(runOrders, inArray(orderItems.variantId, ids)))
      .groupBy(orderItems.variantId);
    const perBuyer = await db.select({ n: sql<number>`coalesce(max(n), 0)::int` }).from(
      db
        .select({ n: sql<number>`sum(${orderItems.quantity})`.as("n") })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(runOrders, inArray(orderItems.variantId, ids)))
        .groupBy(orders.phone, orderItems.productId)
        .as("per_buyer"),
    );
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(like(orders.idempotencyKey, `${keyPrefix}-%`));
    const unitsOf = new Map(units.map((u) => [u.variantId, u.units]));
    return {
      stockAtOpening: pieces,
      stockLeft: left.reduce((sum, v) => sum + v.stock, 0),
      unitsOrdered: units.reduce((sum, u) => sum + u.units, 0),
      oversold: left.filter((v) => v.stock < 0 || (unitsOf.get(v.id) ?? 0) > 1).length,
      mostPerBuyer: perBuyer[0]?.n ?? 0,
      limit: LIMIT,
      ordersInDb: count.n,
      ordersAnswered: run.ordersAnswered,
      serverErrors: run.samples.filter((s) => s.status >= 500 && s.outcome !== "turned-away").length,
      noAnswer: run.samples.filter((s) => s.status === 0).length,
      otherErrors: run.samples.filter((s) => s.outcome === "error" && s.status >= 400 && s.status < 500).length,
      unfinished: run.unfinished,
    };
  });
  const buyersWanting = plans.filter((p) => p.role !== "browser").length;
  const checks = checkLaunch(facts, { demandExceedsStock: buyersWanting >= 2 * pieces });
  const pass = checks.every((ch) => ch.pass);
  const rows = launchRows(run.samples);
  const waited = waitFigures(run.waitedMs, SHOPPERS);
  const piecesSold = pieces - facts.stockLeft;
  const soldOutAfterS = facts.stockLeft === 0 && run.lastOrderMs ? (run.lastOrderMs - opensAtMs) / 1000 : null;
  const throughputRps = run.samples.length / run.seconds;

  log(`\n### ${label}: ${SHOPPERS} shoppers, ${pieces} pieces, ${run.seconds.toFixed(1)} s\n`);
  log("| kind | requests | p50 | p99 | refused | errors |");
  log("|---|---:|---:|---:|---:|---:|");
  for (const r of rows)
    log(`| ${r.kind} | ${r.requests} | ${fmtMs(r.p50Ms)} | ${fmtMs(r.p99Ms)} | ${r.refused} | ${r.errors} |`);
  log(
    `\n  ${run.ordersAnswered} orders placed, ${piecesSold}/${pieces} pieces sold${soldOutAfterS !== null ? ` (sold out ${fmt(soldOutAfterS, 1)} s after the opening)` : ""}; ${facts.oversold} oversold`,
  );
  log(
    `  waited: ${waited.waited} shoppers (${fmt(waited.share * 100, 1)} %), p50 ${fmtMs(waited.p50Ms)}, p99 ${fmtMs(waited.p99Ms)}, longest ${fmtMs(waited.maxMs)}; told in line it had sold out and left: ${run.leftSoldOut}; API calls turned away: ${run.turnedAway}`,
  );
  log(
    `  throughput ${fmt(throughputRps)} req/s; memory peak ${fmt(memory.peakTotalMb)} MB in ${memory.processes} process(es), the largest ${fmt(memory.peakProcessMb)} MB`,
  );
  log(`  second by second (sent at; requests, waiting pages, p50, p99):`);
  for (const t of timeline(run.samples))
    log(
      `    ${String(t.fromS).padStart(4)} s  ${String(t.requests).padStart(6)} ${String(t.waiting).padStart(6)}  ${fmtMs(t.p50Ms).padStart(8)} ${fmtMs(t.p99Ms).padStart(8)}`,
    );
  const errors = launchErrors(run.samples);
  if (errors.length) log(`  errors: ${errors.join("; ")}`);
  if (run.errorExamples.length) log(`  the first:\n${run.errorExamples.map((e) => `    ${e}`).join("\n")}`);
  for (const ch of checks) log(`  ${ch.pass ? "PASS" : "FAIL"}  ${ch.name}: ${ch.detail}`);
  for (const file of started.logFiles) {
    const bad = fs
      .readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => /"level":(50|60)/.test(l));
    if (bad.length)
      log(`  ${bad.length} error line(s) in ${path.basename(file)}, the last: ${bad.at(-1)!.slice(0, 300)}`);
  }
  // The shop's logs outlive the run's temp folders: what a FAIL needs to be understood.
  const logsDir = path.join(ROOT, "bench-results", "launch-logs");
  fs.mkdirSync(logsDir, { recursive: true });
  for (const file of started.logFiles) fs.copyFileSync(file, path.join(logsDir, `${name}-${path.basename(file)}`));
  log(`=> ${label}: ${pass ? "PASS" : "FAIL"}`);
  return {
    configuration: label,
    rows,
    checks,
    pass,
    ordersPlaced: run.ordersAnswered,
    piecesSold,
    pieces,
    soldOutAfterS,
    waited,
    turnedAway: run.turnedAway,
    leftSoldOut: run.leftSoldOut,
    throughputRps,
    memory,
    errors,
  };
}

// --- Main ---------------------------------------------------------------------------------------

async function main(): Promise<boolean> {
  for (const name of ONLY)
    if (!CONFIGS.includes(name)) throw new Error(`--db ${name}: one or more of ${CONFIGS.join(", ")}`);
  if (!(SHOPPERS >= 1 && SECONDS > 0 && LAUNCH_PRODUCTS >= 1 && VARIANTS >= 1))
    throw new Error("--shoppers, --seconds, --products and --variants must be positive");
  log(
    `[launch bench] Node ${process.version}, ${CORES} cores (${os.cpus()[0]?.model ?? "?"}); load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}${CHECK ? "; --check: a small launch, correctness first" : ""}`,
  );
  const appDir = snapshotBuild(resources.tmpDir("kapra-bench-launch-app-"));
  const signedIn = Math.ceil(SHOPPERS * SIGNED_IN);
  /** Seeds a shop, takes the launch's products off sale and makes the signed-in customers. */
  const prepare = async (target: DbTarget) => {
    const seconds = await prepareShopData(target, DEMO);
    const launch = await withDatabase(target, prepareLaunchProducts);
    const buyers = await makeBuyers(target, {
      from: 1,
      to: signedIn + 1,
      authSecret: AUTH_SECRET,
      runId: RUN_ID,
      firstLine: () => null,
    });
    log(
      `  ${DEMO.products} past products, ${DEMO.orders} past orders, ${signedIn} customers signed in: ${fmt(seconds, 1)} s + buyers`,
    );
    return { launch, buyers };
  };

  const results: Result[] = [];
  if (ONLY.includes("pglite")) {
    const dataDir = path.join(resources.tmpDir("kapra-bench-launch-pglite-"), "data");
    log("[launch bench] PGlite: seeding...");
    const { launch, buyers } = await prepare({ dataDir });
    results.push(await runConfiguration("pglite", { dataDir }, appDir, launch, buyers));
  }
  const onPostgres = ONLY.filter((n) => n !== "pglite");
  if (onPostgres.length) {
    const missing = postgresMissing();
    if (missing) throw new Error(missing);
    if (onPostgres.includes("nginx") && !fs.existsSync(NGINX))
      throw new Error(`${NGINX} is missing: apt-get install -y nginx`);
    log("[launch bench] PostgreSQL: starting a throwaway cluster and seeding...");
    const postgres = await startBenchPostgres(resources);
    const template = `kapra_launch_${RUN_ID}`;
    const templateUrl = await postgres.createDatabase(template);
    const { launch, buyers } = await prepare({ databaseUrl: templateUrl, dataDir: "" });
    for (const name of onPostgres) {
      const url = await postgres.createDatabase(`${template}_${name}`, template);
      results.push(await runConfiguration(name, { databaseUrl: url, dataDir: "" }, appDir, launch, buyers));
    }
  }

  const outDir = path.join(ROOT, "bench-results");
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, "launch.json"),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cores: CORES,
        settings: {
          shoppers: SHOPPERS,
          seconds: SECONDS,
          products: LAUNCH_PRODUCTS,
          variants: VARIANTS,
          limit: LIMIT,
          signedIn: SIGNED_IN,
          signUp: SIGN_UP,
          shopEnv: SHOP_ENV,
          pastProducts: DEMO.products,
          pastOrders: DEMO.orders,
        },
        results,
      },
      null,
      2,
    )}\n`,
  );
  const pass = results.every((r) => r.pass);
  log(
    `\n[launch bench] ${results.map((r) => `${r.configuration}: ${r.pass ? "PASS" : "FAIL"} (${r.ordersPlaced} orders, admitted p99 ${fmtMs(r.rows.find((x) => x.kind === "admitted pages")!.p99Ms)})`).join("; ")}`,
  );
  return pass;
}

await resources.runAndExit(main);
