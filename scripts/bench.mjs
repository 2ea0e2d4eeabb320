#!/usr/bin/env node
// Performance benchmark of the shop: `npm run bench`.
//
// 1. builds the app (`npm run build`: react-router build, then precompressed assets),
// 2. starts it on a free loopback port with a fresh PGlite DATA_DIR in a temp folder,
// 3. for `/`, `/products` and one `/product/{id}` measures
//    - Lighthouse mobile performance (default mobile preset: simulated "Slow 4G" + 4x CPU slowdown),
//      median of 3 runs: score, LCP, TBT, CLS, plus the top failing audits,
//    - JS and CSS sent on first load (Playwright Chromium, mobile viewport), gzip -9 of the raw bodies,
//    - throughput with wrk (20 connections, 10 s), compared with a trivial Node `http` server
//      answering a fixed 2 KB HTML page, measured in the same run on the same machine,
// 4. checks the targets, prints a Markdown table and writes bench-results/latest.json,
// 5. times the owner dashboard (Overview, Orders tab) on demo data on PGlite and PostgreSQL
//    (scripts/bench-dashboard.ts); `npm run bench -- --only=dashboard` runs only that part,
//    `--only=lighthouse` only the Lighthouse and first-load weight part (no wrk, no dashboard),
// 6. measures signed-in pages, the API and orders with wrk on PGlite and PostgreSQL, one process and
//    one per core (scripts/bench-server.ts); `npm run bench -- --only=server` runs only that part.
//
// `npm run bench -- --only=memory` (not part of the full run: it takes an hour) builds, then runs a
// bounded memory soak (scripts/bench-memory.ts): paced mixed traffic (guests, photos, signed-in
// buyers' pages, cart changes and orders, the owner's dashboard) for 30 minutes on PGlite and on
// PostgreSQL with WEB_CONCURRENCY=2, resident memory of each serving process every 10 s and a line
// a minute, FAIL when memory keeps growing, on any 5xx or unanswered request, or over the targets
// (350 MB on PGlite, 250 MB per process on PostgreSQL). Options: --minutes N (fractions work),
// --db pglite|postgres|both, --rate R (requests/s, 20), --products, --orders, --buyers,
// --max-in-flight, --shop-env NAME=VALUE (repeatable). The environment reaches the shop, so
// `PAGE_CACHE_MB=8 MALLOC_ARENA_MAX=2 npm run bench -- --only=memory --minutes 5` tries settings.
// Writes bench-results/memory.json; its exit code is 1 on FAIL.
//
// `npm run bench -- --only=launch` (not part of the full run either) builds, then runs launch day
// (scripts/bench-launch.ts): 5,000 shoppers arriving within 60 s for a launch of 300 pieces, on
// PGlite, PostgreSQL with two processes and two instances behind nginx (`--db pglite,nginx` picks);
// orders, oversold, 5xx, waiting-room waits, admitted pages' p99, throughput and memory; exit code 1
// on FAIL. `--check` is CI's small run. Writes bench-results/launch.json.
//
// Exit code: 0 when the benchmark ran (even if targets fail), non-zero when it could not run; with
// --only=memory, 1 also when the soak FAILs.

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import {
  ROOT,
  ensureWrk,
  fmt,
  fmtMs,
  logTail,
  runWrk as runWrkOnce,
  snapshotBuild,
  startShop as startSharedShop,
  startTrivialServer as startSharedTrivialServer,
  stopChild,
} from "./bench-support.mjs";

const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const LIGHTHOUSE_RUNS = 3;
const WRK_ARGS = ["-t2", "-c20", "-d10s", "--latency"];
const START_TIMEOUT_MS = 3 * 60 * 1000;
// Same viewport as Lighthouse's default mobile emulation (Moto G Power).
const MOBILE_CONTEXT = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
};
const TARGETS = {
  performance: 95, // Lighthouse performance score >= 95 on every page
  lcpMs: 1800, // LCP <= 1.8 s on every page
  cls: 0.05, // CLS < 0.05 on every page
  productsJsKb: 120, // first-load JS on /products <= 120 KB gzipped
  productsThroughputRatio: 1 / 5, // /products req/s >= 1/5 of the trivial server's
};

// ---------------------------------------------------------------------------------------------
// Resources to release at the end, whatever happens.

const cleanup = {
  children: new Set(), // child processes (build, shop, trivial server, wrk)
  chrome: null, // chrome-launcher instance
  browser: null, // Playwright browser
  tmpDir: null,
};
let cleaningUp = null;

function log(message = "") {
  process.stdout.write(`${message}\n`);
}
function step(message) {
  log(`\n[bench ${elapsed()}] ${message}`);
}
const startedAt = Date.now();
function elapsed() {
  const s = Math.round((Date.now() - startedAt) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function cleanupAll() {
  cleaningUp ??= (async () => {
    if (cleanup.browser) await cleanup.browser.close().catch(() => {});
    cleanup.browser = null;
    if (cleanup.chrome) {
      try {
        cleanup.chrome.kill();
      } catch {
        /* already gone */
      }
      cleanup.chrome = null;
    }
    await Promise.all([...cleanup.children].map((child) => stopChild(child)));
    cleanup.children.clear();
    if (cleanup.tmpDir) {
      fs.rmSync(cleanup.tmpDir, { recursive: true, force: true, maxRetries: 3 });
      cleanup.tmpDir = null;
    }
  })();
  return cleaningUp;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (cleaningUp) return;
    log(`\n[bench] ${signal} received, stopping servers and Chromium...`);
    cleanupAll().finally(() => process.exit(130));
  });
}
// Killing Chromium under Lighthouse/Playwright makes them throw from event handlers: while we are
// stopping, ignore that; otherwise report it and still clean up.
for (const event of ["uncaughtException", "unhandledRejection"]) {
  process.on(event, (error) => {
    if (cleaningUp) return;
    console.error(`\n[bench] The benchmark could not run (${event}): ${error?.stack ?? error}`);
    cleanupAll().finally(() => process.exit(1));
  });
}

// ---------------------------------------------------------------------------------------------
// Small helpers.

function track(child) {
  cleanup.children.add(child);
  child.once("exit", () => cleanup.children.delete(child));
  return child;
}

/** Runs a command, streaming nothing; resolves with its output, rejects on failure. */
function run(command, args, { cwd = ROOT, env = process.env, timeoutMs = 5 * 60 * 1000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = track(spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] }));
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command} ${args.join(" ")} timed out after ${timeoutMs / 1000}s`));
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else {
        const error = new Error(
          `${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})\n${stderr || stdout}`,
        );
        error.stdout = stdout;
        error.stderr = stderr;
        reject(error);
      }
    });
  });
}

function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Steps.

async function build() {
  step("Building the app (npm run build)...");
  const t = Date.now();
  await run("npm", ["run", "-s", "build"], { env: { ...process.env, NODE_ENV: "production" } });
  log(`  built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

async function startShop() {
  const appDir = snapshotBuild(cleanup.tmpDir);
  const dataDir = path.join(cleanup.tmpDir, "data");
  const logFile = path.join(cleanup.tmpDir, "shop.log");
  step(`Starting the shop (node server/start.js, snapshot of the build in ${appDir}), fresh DATA_DIR ${dataDir}...`);
  const t = Date.now();
  // DATABASE_URL "" forces the embedded PGlite database even if the shell points at a PostgreSQL server.
  const shop = await startSharedShop({
    resources: { track },
    appDir,
    logFile,
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    timeoutMs: START_TIMEOUT_MS,
  });
  log(`  ${shop.origin} ready in ${((Date.now() - t) / 1000).toFixed(1)} s (migrated and seeded)`);
  return shop;
}

async function startTrivialServer() {
  return startSharedTrivialServer(track);
}

async function pickProductPath(origin) {
  const res = await fetch(`${origin}/products`);
  if (res.status !== 200) throw new Error(`/products answered HTTP ${res.status}`);
  const html = await res.text();
  const match = /href="([^"]*\/product\/[^"#?]+)[^"]*"/.exec(html);
  if (!match) throw new Error("No link to /product/... found on /products");
  const url = new URL(match[1].replace(/&amp;/g, "&"), origin);
  return url.pathname;
}

// --- Lighthouse -----------------------------------------------------------------------------

async function launchChrome() {
  const { launch } = await import("chrome-launcher");
  cleanup.chrome = await launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: "silent",
  });
  return cleanup.chrome;
}

function summariseAudits(lhr, limit = 3) {
  const category = lhr.categories.performance;
  const ids = category.auditRefs.filter((ref) => ref.group === "diagnostics").map((ref) => ref.id);
  const failing = [];
  for (const id of ids) {
    const audit = lhr.audits[id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    if (["informative", "notApplicable", "manual", "error"].includes(audit.scoreDisplayMode)) continue;
    const ms = audit.details?.overallSavingsMs ?? 0;
    const bytes = audit.details?.overallSavingsBytes ?? 0;
    const metric = audit.metricSavings ?? {};
    // Rank like Lighthouse's report does: estimated metric savings first, then bytes, then score.
    const metricMs = (metric.LCP ?? 0) + (metric.FCP ?? 0) + (metric.TBT ?? 0) + (metric.CLS ?? 0) * 10000;
    failing.push({
      id,
      title: audit.title,
      score: audit.score,
      displayValue: audit.displayValue ?? "",
      savingsMs: Math.round(
        Math.max(ms, metricMs > 0 ? Math.max(metric.LCP ?? 0, metric.FCP ?? 0, metric.TBT ?? 0) : 0),
      ),
      savingsBytes: Math.round(bytes),
      metricSavings: metric,
      rank: [metricMs, ms, bytes, 1 - audit.score],
      items: topItems(audit),
    });
  }
  failing.sort((a, b) => {
    for (let i = 0; i < a.rank.length; i++) if (b.rank[i] !== a.rank[i]) return b.rank[i] - a.rank[i];
    return 0;
  });
  return failing.slice(0, limit).map(({ rank: _rank, ...rest }) => rest);
}

/** The heaviest few rows of an audit's table (URL and wasted bytes/ms), to say what to fix. */
function topItems(audit, limit = 3) {
  let items = audit.details?.items;
  if (!Array.isArray(items)) return [];
  if (audit.id === "largest-contentful-paint-element") return []; // printed separately (LCP breakdown)
  // "list" details wrap tables: use the first table's rows.
  if (audit.details.type === "list") items = items.find((x) => Array.isArray(x?.items))?.items ?? [];
  return items.slice(0, limit).map((item) => {
    const label =
      item.url ?? item.node?.snippet ?? item.source?.url ?? item.label ?? item.groupLabel ?? item.phase ?? "";
    const parts = [];
    if (Number.isFinite(item.wastedBytes)) parts.push(`${kb(item.wastedBytes)} KB wasted`);
    if (Number.isFinite(item.wastedMs)) parts.push(`${Math.round(item.wastedMs)} ms`);
    if (Number.isFinite(item.totalBytes) && !Number.isFinite(item.wastedBytes)) parts.push(`${kb(item.totalBytes)} KB`);
    if (Number.isFinite(item.duration)) parts.push(`${Math.round(item.duration)} ms`);
    return `${String(label).slice(0, 120)}${parts.length ? ` (${parts.join(", ")})` : ""}`;
  });
}

/** "TTFB 120 ms, Load Delay 900 ms, ..." from the LCP element audit: where the LCP time goes. */
function lcpPhases(audit) {
  const tables = audit?.details?.items ?? [];
  const phases = tables.flatMap((t) => t?.items ?? []).filter((row) => row.phase && Number.isFinite(row.timing));
  return phases.length
    ? `LCP breakdown: ${phases.map((row) => `${row.phase} ${Math.round(row.timing)} ms`).join(", ")}`
    : null;
}

async function runLighthouse(pages, origin) {
  step(`Lighthouse mobile (simulated Slow 4G, 4x CPU), ${LIGHTHOUSE_RUNS} runs per page...`);
  const { default: lighthouse } = await import("lighthouse");
  const { computeMedianRun } = await import("lighthouse/core/lib/median-run.js");
  const chrome = await launchChrome();
  const results = {};
  for (const page of pages) {
    const url = `${origin}${page}`;
    const runs = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      let lhr = (
        await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] })
      )?.lhr;
      // Chrome now and then loses the trace of a load (NO_NAVSTART, "please run Lighthouse again"): that run is taken again, once.
      if (lhr?.runtimeError) {
        log(`  ${page.padEnd(24)} run ${i + 1}: ${lhr.runtimeError.code}, running it again`);
        lhr = (
          await lighthouse(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
          })
        )?.lhr;
      }
      if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
      if (lhr.runtimeError)
        throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const a = lhr.audits;
      const r = {
        score: Math.round((lhr.categories.performance.score ?? NaN) * 100),
        fcpMs: a["first-contentful-paint"]?.numericValue,
        lcpMs: a["largest-contentful-paint"]?.numericValue,
        tbtMs: a["total-blocking-time"]?.numericValue,
        cls: a["cumulative-layout-shift"]?.numericValue,
        speedIndexMs: a["speed-index"]?.numericValue,
        // Lighthouse's CPU benchmark of this machine: lower = slower/busier host, worse simulated TBT/LCP.
        benchmarkIndex: lhr.environment?.benchmarkIndex,
        warnings: lhr.runWarnings ?? [],
      };
      runs.push({ lhr, r });
      log(
        `  ${page.padEnd(24)} run ${i + 1}: score ${fmt(r.score)}  LCP ${fmtMs(r.lcpMs)}  TBT ${fmtMs(r.tbtMs)}  CLS ${fmt(r.cls, 3)}  (host CPU index ${fmt(r.benchmarkIndex)})`,
      );
      for (const warning of r.warnings) log(`    warning: ${warning}`);
    }
    let medianLhr;
    try {
      medianLhr = computeMedianRun(runs.map((x) => x.lhr));
    } catch {
      medianLhr = runs[Math.floor(runs.length / 2)].lhr;
    }
    const lcpElement = medianLhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
    results[page] = {
      score: median(runs.map((x) => x.r.score)),
      fcpMs: median(runs.map((x) => x.r.fcpMs)),
      lcpMs: median(runs.map((x) => x.r.lcpMs)),
      tbtMs: median(runs.map((x) => x.r.tbtMs)),
      cls: median(runs.map((x) => x.r.cls)),
      speedIndexMs: median(runs.map((x) => x.r.speedIndexMs)),
      benchmarkIndex: median(runs.map((x) => x.r.benchmarkIndex)),
      runs: runs.map((x) => x.r),
      lcpElement: lcpElement ? { selector: lcpElement.selector, snippet: lcpElement.snippet } : null,
      lcpPhases: lcpPhases(medianLhr.audits["largest-contentful-paint-element"]),
      topFailingAudits: summariseAudits(medianLhr),
    };
  }
  try {
    chrome.kill();
  } catch {
    /* already gone */
  }
  cleanup.chrome = null;
  return results;
}

// --- First-load weight (Playwright) ------------------------------------------------------------

async function measureWeights(pages, origin) {
  step("First-load JS/CSS in Playwright Chromium (mobile viewport), gzip -9 of raw bodies...");
  const { chromium } = await import("playwright");
  cleanup.browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: CHROME_FLAGS.filter((f) => f !== "--headless=new"),
  });
  const results = {};
  for (const page of pages) {
    const context = await cleanup.browser.newContext({ ...MOBILE_CONTEXT, javaScriptEnabled: true });
    const tab = await context.newPage();
    const seen = new Map(); // url -> { kind }
    let documentUrl = null;
    tab.on("response", (response) => {
      const request = response.request();
      let url;
      try {
        url = new URL(response.url());
      } catch {
        return;
      }
      if (url.origin !== origin) return;
      const type = request.resourceType();
      const contentType = (response.headers()["content-type"] ?? "").toLowerCase();
      let kind = null;
      if (type === "script" || /javascript|ecmascript/.test(contentType)) kind = "js";
      else if (type === "stylesheet" || contentType.includes("text/css")) kind = "css";
      else if (type === "document" && request.frame() === tab.mainFrame()) kind = "html";
      else if (type === "image") kind = "img";
      else if (type === "font") kind = "font";
      if (kind && !seen.has(url.href)) seen.set(url.href, { kind, status: response.status() });
      if (kind === "html" && !documentUrl) documentUrl = url.href;
    });
    const response = await tab.goto(`${origin}${page}`, { waitUntil: "load", timeout: 60000 });
    if (!response || response.status() !== 200)
      throw new Error(`${page} answered HTTP ${response?.status()} in Playwright`);
    await tab.waitForLoadState("networkidle", { timeout: 15000 }).catch(() => {});
    await context.close();

    const resources = [];
    for (const [url, { kind, status }] of seen) {
      if (status >= 300 && status < 400) continue;
      if (status !== 200) log(`  WARNING: ${url} answered HTTP ${status} on ${page}`);
      // Always fetch and gzip the raw body ourselves, so the figure does not depend on the server's
      // compression settings (fetch decodes any Content-Encoding).
      const res = await fetch(url);
      const raw = Buffer.from(await res.arrayBuffer());
      const gzip = zlib.gzipSync(raw, { level: 9 }).length;
      resources.push({
        url: url.slice(origin.length),
        kind,
        rawBytes: raw.length,
        gzipBytes: gzip,
        serverEncoding: res.headers.get("content-encoding") ?? "none",
      });
    }
    const sum = (kind, field = "gzipBytes") =>
      resources.filter((r) => r.kind === kind).reduce((n, r) => n + r[field], 0);
    resources.sort((a, b) => b.gzipBytes - a.gzipBytes);
    results[page] = {
      jsGzipKb: kb(sum("js")),
      cssGzipKb: kb(sum("css")),
      jsRawKb: kb(sum("js", "rawBytes")),
      cssRawKb: kb(sum("css", "rawBytes")),
      htmlGzipKb: kb(sum("html")),
      imageKb: kb(sum("img", "rawBytes")),
      fontKb: kb(sum("font", "rawBytes")),
      jsFiles: resources.filter((r) => r.kind === "js").length,
      cssFiles: resources.filter((r) => r.kind === "css").length,
      resources,
    };
    const w = results[page];
    log(
      `  ${page.padEnd(24)} JS ${w.jsGzipKb} KB gz (${w.jsFiles} files, ${w.jsRawKb} KB raw)  CSS ${w.cssGzipKb} KB gz (${w.cssFiles} files)  HTML ${w.htmlGzipKb} KB gz  images ${w.imageKb} KB  fonts ${w.fontKb} KB`,
    );
  }
  await cleanup.browser.close().catch(() => {});
  cleanup.browser = null;
  return results;
}

// --- Throughput (wrk) --------------------------------------------------------------------------

async function runWrk(wrk, url) {
  const { output: _output, ...parsed } = await runWrkOnce(wrk, url, { track });
  return parsed;
}

async function measureThroughput(pages, origin) {
  step(`Throughput: wrk ${WRK_ARGS.join(" ")} against each page and a trivial 2 KB Node http server...`);
  const wrk = await ensureWrk();
  if (!wrk) {
    log("  wrk unavailable: throughput not measured. Install it with `apt-get install -y wrk` and run again.");
    return null;
  }
  const trivial = await startTrivialServer();
  const baseline = await runWrk(wrk, trivial.url);
  log(`  ${"trivial 2 KB server".padEnd(24)} ${fmt(baseline.rps)} req/s  p99 ${fmtMs(baseline.p99Ms)}`);
  await stopChild(trivial.child);
  const results = {};
  for (const page of pages) {
    const r = await runWrk(wrk, `${origin}${page}`);
    r.ratio = r.rps / baseline.rps;
    results[page] = r;
    const problems = [
      r.non2xx ? `${r.non2xx} non-2xx/3xx responses` : "",
      r.socketErrors ? `socket errors: ${r.socketErrors}` : "",
    ].filter(Boolean);
    log(
      `  ${page.padEnd(24)} ${fmt(r.rps)} req/s  p99 ${fmtMs(r.p99Ms)}  = 1/${fmt(1 / r.ratio, 1)} of trivial${problems.length ? `  WARNING: ${problems.join("; ")}` : ""}`,
    );
  }
  return { baseline, pages: results };
}

// ---------------------------------------------------------------------------------------------
// Report.

function checkTargets(pages, productsPath, lighthouse, weights, throughput) {
  const checks = [];
  const add = (name, value, ok) => checks.push({ name, value, pass: ok === null ? null : Boolean(ok) });
  for (const page of pages) {
    const l = lighthouse[page];
    add(`Lighthouse performance >= ${TARGETS.performance} on ${page}`, fmt(l.score), l.score >= TARGETS.performance);
  }
  for (const page of pages) {
    const l = lighthouse[page];
    add(`LCP <= ${TARGETS.lcpMs / 1000} s on ${page}`, fmtMs(l.lcpMs), l.lcpMs <= TARGETS.lcpMs);
  }
  for (const page of pages) {
    const l = lighthouse[page];
    add(`CLS < ${TARGETS.cls} on ${page}`, fmt(l.cls, 3), l.cls < TARGETS.cls);
  }
  const js = weights[productsPath].jsGzipKb;
  add(`First-load JS on ${productsPath} <= ${TARGETS.productsJsKb} KB gzipped`, `${js} KB`, js <= TARGETS.productsJsKb);
  if (throughput) {
    const ratio = throughput.pages[productsPath].ratio;
    add(
      `${productsPath} throughput >= 1/${1 / TARGETS.productsThroughputRatio} of trivial server`,
      `1/${fmt(1 / ratio, 1)} (${fmt(ratio * 100, 1)}%)`,
      ratio >= TARGETS.productsThroughputRatio,
    );
  } else {
    add(
      `${productsPath} throughput >= 1/${1 / TARGETS.productsThroughputRatio} of trivial server`,
      "not measured (no wrk)",
      null,
    );
  }
  return checks;
}

function markdownTable(pages, lighthouse, weights, throughput) {
  const header = [
    "| Page | LH perf | LCP | TBT | CLS | JS gz | CSS gz | req/s | p99 | vs trivial |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const rows = pages.map((page) => {
    const l = lighthouse[page];
    const w = weights[page];
    const t = throughput?.pages[page];
    return `| \`${page}\` | ${fmt(l.score)} | ${fmtMs(l.lcpMs)} | ${fmtMs(l.tbtMs)} | ${fmt(l.cls, 3)} | ${w.jsGzipKb} KB | ${w.cssGzipKb} KB | ${t ? fmt(t.rps) : "n/a"} | ${t ? fmtMs(t.p99Ms) : "n/a"} | ${t ? `${fmt(t.ratio * 100, 1)}%` : "n/a"} |`;
  });
  if (throughput) {
    const b = throughput.baseline;
    rows.push(`| trivial 2 KB Node \`http\` server | | | | | | | ${fmt(b.rps)} | ${fmtMs(b.p99Ms)} | 100% |`);
  }
  return [...header, ...rows].join("\n");
}

// ---------------------------------------------------------------------------------------------

async function main() {
  log(`Kapra shop benchmark — Node ${process.version}, ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ""}`);
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH} (set CHROME_PATH)`);
  cleanup.tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-bench-"));

  await build();
  const shop = await startShop();
  const productPath = await pickProductPath(shop.origin);
  const pages = ["/", "/products", productPath];
  log(`  pages: ${pages.join(", ")}`);
  // Warm the server (route modules, database caches) before measuring anything.
  for (const page of pages) for (let i = 0; i < 3; i++) await (await fetch(`${shop.origin}${page}`)).arrayBuffer();

  const lighthouse = await runLighthouse(pages, shop.origin);
  const weights = await measureWeights(pages, shop.origin);
  const throughput = await measureThroughput(pages, shop.origin);
  if (shop.child.exitCode !== null) throw new Error(`The shop stopped during the benchmark${logTail(shop.logFile)}`);
  const serverWarnings = fs.readFileSync(shop.logFile, "utf8").trim();

  // --- Report ------------------------------------------------------------------------------
  step("Results");
  log("\nHeaviest first-load resources (gzip -9 of the raw body):");
  for (const page of pages) {
    log(`  ${page}`);
    for (const r of weights[page].resources
      .filter((x) => x.kind === "js" || x.kind === "css" || x.kind === "html")
      .slice(0, 5)) {
      log(
        `    ${r.kind.padEnd(4)} ${String(kb(r.gzipBytes)).padStart(6)} KB gz  ${String(kb(r.rawBytes)).padStart(7)} KB raw  ${r.url}`,
      );
    }
  }

  log("\nLighthouse top failing audits (median run):");
  for (const page of pages) {
    const l = lighthouse[page];
    log(`  ${page}`);
    if (l.lcpElement) log(`    LCP element: ${l.lcpElement.snippet?.slice(0, 140)}`);
    if (l.lcpPhases) log(`    ${l.lcpPhases}`);
    if (!l.topFailingAudits.length) log("    (no failing audits)");
    for (const a of l.topFailingAudits) {
      const savings = [a.savingsMs ? `~${a.savingsMs} ms` : "", a.savingsBytes ? `~${kb(a.savingsBytes)} KB` : ""]
        .filter(Boolean)
        .join(", ");
      log(
        `    - ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ""}${savings ? ` (est. savings ${savings})` : ""}`,
      );
      for (const item of a.items) log(`        ${item}`);
    }
  }

  const checks = checkTargets(pages, "/products", lighthouse, weights, throughput);
  log("\nTargets:");
  for (const c of checks) log(`  ${c.pass === null ? "SKIP" : c.pass ? "PASS" : "FAIL"}  ${c.name}: ${c.value}`);
  const failed = checks.filter((c) => c.pass === false).length;
  log(`  => ${checks.length - failed - checks.filter((c) => c.pass === null).length}/${checks.length} targets met`);

  if (serverWarnings)
    log(`\nShop log (warnings/errors during the run):\n${serverWarnings.split("\n").slice(-10).join("\n")}`);

  const table = markdownTable(pages, lighthouse, weights, throughput);
  log(
    `\nMarkdown (Lighthouse ${LIGHTHOUSE_RUNS}-run median, mobile / simulated Slow 4G; JS/CSS = first load, gzip -9; wrk ${WRK_ARGS.join(" ")}):\n`,
  );
  log(table);
  for (const page of pages) {
    const t = throughput?.pages[page];
    if (t?.timeouts)
      log(
        `\nNote: wrk gave up on ${t.timeouts} request(s) to \`${page}\` after its 2 s timeout; the p99 above leaves them out.`,
      );
    if (t?.non2xx) log(`\nNote: ${t.non2xx} response(s) from \`${page}\` were not 2xx/3xx.`);
  }

  const outDir = path.join(ROOT, "bench-results");
  fs.mkdirSync(outDir, { recursive: true });
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    settings: {
      lighthouse: {
        runs: LIGHTHOUSE_RUNS,
        formFactor: "mobile",
        throttling: "simulate (mobileSlow4G)",
        categories: ["performance"],
      },
      weights: { viewport: MOBILE_CONTEXT.viewport, compression: "gzip level 9 of raw body" },
      wrk: WRK_ARGS.join(" "),
      shopLogLevel: process.env.BENCH_LOG_LEVEL || "warn",
    },
    targets: TARGETS,
    pages: Object.fromEntries(
      pages.map((page) => [
        page,
        {
          lighthouse: lighthouse[page],
          firstLoad: weights[page],
          throughput: throughput?.pages[page] ?? null,
        },
      ]),
    ),
    trivialServer: throughput?.baseline ?? null,
    checks,
    markdown: table,
  };
  fs.writeFileSync(path.join(outDir, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  log(`\nWrote ${path.relative(ROOT, path.join(outDir, "latest.json"))} (total time ${elapsed()})`);
  return throughput ? 0 : 2;
}

/**
 * The options of `npm run bench -- ...` that a part knows (`--name value`, `--name=value`, or a flag),
 * so each part gets only its own and never refuses the other's.
 */
function optionsFor(names, flags = []) {
  const args = process.argv.slice(2);
  const picked = [];
  for (let i = 0; i < args.length; i++) {
    const name = /^--([^=]+)/.exec(args[i])?.[1];
    if (!name || (!names.includes(name) && !flags.includes(name))) continue;
    picked.push(args[i]);
    if (names.includes(name) && !args[i].includes("=") && i + 1 < args.length) picked.push(args[++i]);
  }
  return picked;
}

/** Runs a TypeScript part in this Node with tsx's loader: one process, so a stop signal reaches it directly. Resolves with its exit code (or signal). */
function runPartCode(script, args) {
  return new Promise((resolve, reject) => {
    const child = track(spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: ROOT, stdio: "inherit" }));
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(signal ?? code));
  });
}

/** A part that must succeed: rejects unless it exits 0. */
async function runPart(script, args) {
  const code = await runPartCode(script, args);
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
}

/** The owner dashboard rows (scripts/bench-dashboard.ts): demo data on PGlite and PostgreSQL, seller cookie. */
async function benchDashboard() {
  step("Owner dashboard on demo data (scripts/bench-dashboard.ts)...");
  await runPart("scripts/bench-dashboard.ts", optionsFor(["orders", "products", "requests", "db"]));
}

/** Signed-in shoppers and orders on PGlite and PostgreSQL, one process and one per core (scripts/bench-server.ts). */
async function benchServer() {
  step("Signed-in shoppers, API and orders with wrk (scripts/bench-server.ts)...");
  await runPart(
    "scripts/bench-server.ts",
    optionsFor(["duration", "products", "orders", "setups", "buyers"], ["profile"]),
  );
}

/**
 * The memory soak (scripts/bench-memory.ts): its exit code is the result (1 on FAIL, which is a
 * verdict, not a failure to run), so it is passed on rather than reported as a crash.
 */
async function benchMemory() {
  step("Memory soak (scripts/bench-memory.ts)...");
  const code = await runPartCode(
    "scripts/bench-memory.ts",
    optionsFor(["minutes", "db", "rate", "products", "orders", "buyers", "max-in-flight", "shop-env"]),
  );
  if (typeof code !== "number") throw new Error(`scripts/bench-memory.ts stopped by ${code}`);
  return code;
}

/**
 * Launch day (scripts/bench-launch.ts): 5,000 shoppers racing for a launch's 300 pieces on PGlite, on
 * PostgreSQL with two processes, and on two instances behind nginx. Its exit code is its verdict.
 */
async function benchLaunch() {
  step("Launch day (scripts/bench-launch.ts)...");
  const code = await runPartCode(
    "scripts/bench-launch.ts",
    optionsFor(
      [
        "shoppers",
        "seconds",
        "products",
        "variants",
        "limit",
        "signed-in",
        "sign-up",
        "opens-after",
        "past-products",
        "past-orders",
        "db",
        "shop-env",
      ],
      ["check", "profile"],
    ),
  );
  if (typeof code !== "number") throw new Error(`scripts/bench-launch.ts stopped by ${code}`);
  return code;
}

/** `--only=lighthouse`: the first-paint loop (Lighthouse and first-load weights, no wrk, no dashboard). */
async function benchLighthouse() {
  cleanup.tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-bench-"));
  await build();
  const shop = await startShop();
  const pages = ["/", "/products", await pickProductPath(shop.origin)];
  for (const page of pages) for (let i = 0; i < 3; i++) await (await fetch(`${shop.origin}${page}`)).arrayBuffer();
  const lighthouse = await runLighthouse(pages, shop.origin);
  const weights = await measureWeights(pages, shop.origin);
  step("Results");
  for (const page of pages) {
    const l = lighthouse[page];
    const w = weights[page];
    log(
      `  ${page}: score ${fmt(l.score)}  FCP ${fmtMs(l.fcpMs)}  LCP ${fmtMs(l.lcpMs)}  TBT ${fmtMs(l.tbtMs)}  CLS ${fmt(l.cls, 3)}  JS ${w.jsGzipKb} KB gz  CSS ${w.cssGzipKb} KB gz  HTML ${w.htmlGzipKb} KB gz`,
    );
    if (l.lcpElement) log(`    LCP element: ${l.lcpElement.snippet?.slice(0, 160)}`);
    if (l.lcpPhases) log(`    ${l.lcpPhases}`);
    for (const a of l.topFailingAudits)
      log(
        `    - ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ""}${a.items.length ? `: ${a.items.join("; ")}` : ""}`,
      );
  }
  for (const c of checkTargets(pages, "/products", lighthouse, weights, null).filter((x) => x.pass !== null)) {
    log(`  ${c.pass ? "PASS" : "FAIL"}  ${c.name}: ${c.value}`);
  }
}

// `npm run bench -- --only=dashboard` or `--only=server` runs just that part (after a build);
// `--only=lighthouse` just Lighthouse and the first-load weights of `/`, `/products` and a product;
// `--only=memory` the memory soak (after a build), which the full run leaves out; `--only=launch` the
// launch-day race (after a build; `--db pglite,postgres,nginx` picks configurations), also left out.
const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);

let exitCode = 1;
try {
  if (only === "dashboard" || only === "server") {
    await build();
    await (only === "dashboard" ? benchDashboard() : benchServer());
    exitCode = 0;
  } else if (only === "lighthouse") {
    await benchLighthouse();
    exitCode = 0;
  } else if (only === "memory") {
    await build();
    exitCode = await benchMemory();
  } else if (only === "launch") {
    await build();
    exitCode = await benchLaunch();
  } else if (only) {
    throw new Error(
      `--only=${only}: the parts are "lighthouse", "dashboard", "server", "memory" and "launch" (without --only everything but memory and launch runs)`,
    );
  } else {
    exitCode = await main();
    await benchDashboard();
    await benchServer();
  }
} catch (error) {
  console.error(`\n[bench] The benchmark could not run: ${error?.stack ?? error}`);
  exitCode = 1;
} finally {
  await cleanupAll();
}
process.exit(exitCode);
