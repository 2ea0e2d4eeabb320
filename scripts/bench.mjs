#!/usr/bin/env node
// Performance benchmark of the shop: `npm run bench`.
//
// 1. builds the app (`npx react-router build`),
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
//    `--only=lighthouse` only the Lighthouse and first-load weight part (no wrk, no dashboard).
//
// Exit code: 0 when the benchmark ran (even if targets fail), non-zero when it could not run.

import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
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

async function stopChild(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    child.kill("SIGTERM");
  } catch {
    return;
  }
  const timer = new Promise((resolve) => setTimeout(() => resolve("timeout"), graceMs));
  if ((await Promise.race([exited, timer])) === "timeout") {
    try {
      child.kill("SIGKILL");
    } catch {
      /* already gone */
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
  }
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
        const error = new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})\n${stderr || stdout}`);
        error.stdout = stdout;
        error.stderr = stderr;
        reject(error);
      }
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForOk(url, { timeoutMs, child, what, logFile }) {
  const deadline = Date.now() + timeoutMs;
  let lastError = "";
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(`${what} exited with code ${child.exitCode} before answering ${url}${logTail(logFile)}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
      lastError = `HTTP ${res.status}`;
    } catch (error) {
      lastError = error.cause?.code ?? error.message;
    }
    await sleep(500);
  }
  throw new Error(`${what} did not answer 200 on ${url} within ${timeoutMs / 1000}s (last: ${lastError})${logTail(logFile)}`);
}

function logTail(file, lines = 30) {
  if (!file || !fs.existsSync(file)) return "";
  const text = fs.readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n");
  return text ? `\n--- last lines of ${file} ---\n${text}` : "";
}

function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const fmt = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
const fmtMs = (ms) => (Number.isFinite(ms) ? (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`) : "n/a");

// ---------------------------------------------------------------------------------------------
// Steps.

async function build() {
  step("Building the app (npx react-router build)...");
  const t = Date.now();
  await run("npx", ["react-router", "build"], { env: { ...process.env, NODE_ENV: "production" } });
  log(`  built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

/**
 * Copies the fresh build (plus what `server/start.js` reads at run time) to the temp folder and runs
 * the shop from there, so a rebuild of /work/main/build by someone else during the benchmark cannot
 * swap assets under the running server. node_modules is a symlink to the project's.
 */
function snapshotBuild() {
  const appDir = path.join(cleanup.tmpDir, "app");
  fs.mkdirSync(appDir, { recursive: true });
  fs.cpSync(path.join(ROOT, "build"), path.join(appDir, "build"), { recursive: true });
  fs.cpSync(path.join(ROOT, "server"), path.join(appDir, "server"), { recursive: true });
  fs.cpSync(path.join(ROOT, "app/db/migrations"), path.join(appDir, "app/db/migrations"), { recursive: true });
  fs.copyFileSync(path.join(ROOT, "package.json"), path.join(appDir, "package.json"));
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(appDir, "node_modules"), "dir");
  return appDir;
}

async function startShop() {
  const appDir = snapshotBuild();
  const port = await freePort();
  const dataDir = path.join(cleanup.tmpDir, "data");
  const logFile = path.join(cleanup.tmpDir, "shop.log");
  const out = fs.openSync(logFile, "a");
  step(`Starting the shop (node server/start.js, snapshot of the build in ${appDir}) on 127.0.0.1:${port}, fresh DATA_DIR ${dataDir}...`);
  const child = track(
    spawn(process.execPath, ["server/start.js"], {
      cwd: appDir,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        // Per-request info logs would make the benchmark measure the logger; warnings still show.
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "warn",
        // Force the embedded PGlite database even if the shell points at a PostgreSQL server.
        DATABASE_URL: "",
        PUBLIC_URL: "",
        APP_ROOT: appDir, // migrations are read from APP_ROOT/app/db/migrations
        SEED_ART_CACHE: process.env.SEED_ART_CACHE || path.join(ROOT, "node_modules/.cache/seed-art"),
      },
      stdio: ["ignore", out, out],
    }),
  );
  fs.closeSync(out);
  const t = Date.now();
  await waitForOk(`http://127.0.0.1:${port}/robots.txt`, { timeoutMs: START_TIMEOUT_MS, child, what: "The shop", logFile });
  log(`  ready in ${((Date.now() - t) / 1000).toFixed(1)} s (migrated and seeded)`);
  return { origin: `http://127.0.0.1:${port}`, child, logFile };
}

const TRIVIAL_SERVER_SOURCE = `
const http = require("node:http");
const filler = "<p>" + "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(4) + "</p>\\n";
let body = "<!doctype html><html lang=\\"en\\"><head><meta charset=\\"utf-8\\"><title>Trivial</title></head><body>\\n";
while (Buffer.byteLength(body) + Buffer.byteLength(filler) + 15 <= 2048) body += filler;
body += "</body></html>\\n";
body = body.padEnd(2048, " ").slice(0, 2048);
const buf = Buffer.from(body);
http.createServer((req, res) => {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": buf.length });
  res.end(buf);
}).listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("ready\\n"));
`;

async function startTrivialServer() {
  const port = await freePort();
  const child = track(
    spawn(process.execPath, ["-e", TRIVIAL_SERVER_SOURCE], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "ignore", "inherit"] }),
  );
  const url = `http://127.0.0.1:${port}/`;
  await waitForOk(url, { timeoutMs: 15000, child, what: "The trivial server" });
  return { url, child };
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
  cleanup.chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: "silent" });
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
      savingsMs: Math.round(Math.max(ms, metricMs > 0 ? Math.max(metric.LCP ?? 0, metric.FCP ?? 0, metric.TBT ?? 0) : 0)),
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
    const label = item.url ?? item.node?.snippet ?? item.source?.url ?? item.label ?? item.groupLabel ?? item.phase ?? "";
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
  return phases.length ? `LCP breakdown: ${phases.map((row) => `${row.phase} ${Math.round(row.timing)} ms`).join(", ")}` : null;
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
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
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
      log(`  ${page.padEnd(24)} run ${i + 1}: score ${fmt(r.score)}  LCP ${fmtMs(r.lcpMs)}  TBT ${fmtMs(r.tbtMs)}  CLS ${fmt(r.cls, 3)}  (host CPU index ${fmt(r.benchmarkIndex)})`);
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
  cleanup.browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => f !== "--headless=new") });
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
    if (!response || response.status() !== 200) throw new Error(`${page} answered HTTP ${response?.status()} in Playwright`);
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
      resources.push({ url: url.slice(origin.length), kind, rawBytes: raw.length, gzipBytes: gzip, serverEncoding: res.headers.get("content-encoding") ?? "none" });
    }
    const sum = (kind, field = "gzipBytes") => resources.filter((r) => r.kind === kind).reduce((n, r) => n + r[field], 0);
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

function findWrk() {
  for (const candidate of ["/usr/bin/wrk", "/usr/local/bin/wrk"]) if (fs.existsSync(candidate)) return candidate;
  const which = spawnSync("sh", ["-c", "command -v wrk"], { encoding: "utf8" });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  return null;
}

async function ensureWrk() {
  let wrk = findWrk();
  if (wrk) return wrk;
  log("\n  wrk is not installed. Install it with:  apt-get install -y wrk   (Debian/Ubuntu)");
  if (typeof process.getuid === "function" && process.getuid() === 0) {
    log("  Running as root: trying `apt-get install -y wrk`...");
    try {
      await run("apt-get", ["install", "-y", "wrk"], { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" }, timeoutMs: 120000 });
    } catch (error) {
      log(`  apt-get install failed: ${error.message.split("\n")[0]}`);
    }
    wrk = findWrk();
  }
  return wrk;
}

function parseDuration(text) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return NaN;
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60000 }[m[2]];
  return Number(m[1]) * factor;
}

function parseWrk(output) {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const p99 = /^\s*99(?:\.000)?%\s+(\S+)/m.exec(output)?.[1];
  const p50 = /^\s*50(?:\.000)?%\s+(\S+)/m.exec(output)?.[1];
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors:\s+(.*)/.exec(output)?.[1] ?? null;
  const total = Number(/(\d+) requests in/.exec(output)?.[1]);
  const timeouts = Number(/timeout (\d+)/.exec(socketErrors ?? "")?.[1] ?? 0);
  return { timeouts, rps, p50Ms: p50 ? parseDuration(p50) : NaN, p99Ms: p99 ? parseDuration(p99) : NaN, requests: total, non2xx, socketErrors };
}

async function runWrk(wrk, url) {
  const { stdout } = await run(wrk, [...WRK_ARGS, url], { timeoutMs: 60000 });
  const parsed = parseWrk(stdout);
  if (!Number.isFinite(parsed.rps)) throw new Error(`Could not parse wrk output:\n${stdout}`);
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
    const problems = [r.non2xx ? `${r.non2xx} non-2xx/3xx responses` : "", r.socketErrors ? `socket errors: ${r.socketErrors}` : ""].filter(Boolean);
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
    add(`${productsPath} throughput >= 1/${1 / TARGETS.productsThroughputRatio} of trivial server`, `1/${fmt(1 / ratio, 1)} (${fmt(ratio * 100, 1)}%)`, ratio >= TARGETS.productsThroughputRatio);
  } else {
    add(`${productsPath} throughput >= 1/${1 / TARGETS.productsThroughputRatio} of trivial server`, "not measured (no wrk)", null);
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
    for (const r of weights[page].resources.filter((x) => x.kind === "js" || x.kind === "css" || x.kind === "html").slice(0, 5)) {
      log(`    ${r.kind.padEnd(4)} ${String(kb(r.gzipBytes)).padStart(6)} KB gz  ${String(kb(r.rawBytes)).padStart(7)} KB raw  ${r.url}`);
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
      const savings = [a.savingsMs ? `~${a.savingsMs} ms` : "", a.savingsBytes ? `~${kb(a.savingsBytes)} KB` : ""].filter(Boolean).join(", ");
      log(`    - ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ""}${savings ? ` (est. savings ${savings})` : ""}`);
      for (const item of a.items) log(`        ${item}`);
    }
  }

  const checks = checkTargets(pages, "/products", lighthouse, weights, throughput);
  log("\nTargets:");
  for (const c of checks) log(`  ${c.pass === null ? "SKIP" : c.pass ? "PASS" : "FAIL"}  ${c.name}: ${c.value}`);
  const failed = checks.filter((c) => c.pass === false).length;
  log(`  => ${checks.length - failed - checks.filter((c) => c.pass === null).length}/${checks.length} targets met`);

  if (serverWarnings) log(`\nShop log (warnings/errors during the run):\n${serverWarnings.split("\n").slice(-10).join("\n")}`);

  const table = markdownTable(pages, lighthouse, weights, throughput);
  log(
    `\nMarkdown (Lighthouse ${LIGHTHOUSE_RUNS}-run median, mobile / simulated Slow 4G; JS/CSS = first load, gzip -9; wrk ${WRK_ARGS.join(" ")}):\n`,
  );
  log(table);
  for (const page of pages) {
    const t = throughput?.pages[page];
    if (t?.timeouts) log(`\nNote: wrk gave up on ${t.timeouts} request(s) to \`${page}\` after its 2 s timeout; the p99 above leaves them out.`);
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
      lighthouse: { runs: LIGHTHOUSE_RUNS, formFactor: "mobile", throttling: "simulate (mobileSlow4G)", categories: ["performance"] },
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

/** The owner dashboard rows (scripts/bench-dashboard.ts): demo data on PGlite and PostgreSQL, seller cookie. */
async function benchDashboard() {
  step("Owner dashboard on demo data (scripts/bench-dashboard.ts)...");
  const extra = process.argv.slice(2).filter((a) => !a.startsWith("--only"));
  await new Promise((resolve, reject) => {
    const child = track(spawn("npx", ["tsx", "scripts/bench-dashboard.ts", ...extra], { cwd: ROOT, stdio: "inherit" }));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`bench-dashboard exited with ${code}`))));
  });
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
    log(`  ${page}: score ${fmt(l.score)}  FCP ${fmtMs(l.fcpMs)}  LCP ${fmtMs(l.lcpMs)}  TBT ${fmtMs(l.tbtMs)}  CLS ${fmt(l.cls, 3)}  JS ${w.jsGzipKb} KB gz  CSS ${w.cssGzipKb} KB gz  HTML ${w.htmlGzipKb} KB gz`);
    if (l.lcpElement) log(`    LCP element: ${l.lcpElement.snippet?.slice(0, 160)}`);
    if (l.lcpPhases) log(`    ${l.lcpPhases}`);
    for (const a of l.topFailingAudits) log(`    - ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ""}${a.items.length ? `: ${a.items.join("; ")}` : ""}`);
  }
  for (const c of checkTargets(pages, "/products", lighthouse, weights, null).filter((x) => x.pass !== null)) {
    log(`  ${c.pass ? "PASS" : "FAIL"}  ${c.name}: ${c.value}`);
  }
}

// `npm run bench -- --only=dashboard` runs just the owner dashboard rows (after a build);
// `--only=lighthouse` just Lighthouse and the first-load weights of `/`, `/products` and a product.
const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);

let exitCode = 1;
try {
  if (only === "dashboard") {
    await build();
    await benchDashboard();
    exitCode = 0;
  } else if (only === "lighthouse") {
    await benchLighthouse();
    exitCode = 0;
  } else {
    exitCode = await main();
    await benchDashboard();
  }
} catch (error) {
  console.error(`\n[bench] The benchmark could not run: ${error?.stack ?? error}`);
  exitCode = 1;
} finally {
  await cleanupAll();
}
process.exit(exitCode);
