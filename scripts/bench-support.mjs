// What the benchmarks share (bench.mjs, bench-server.ts, bench-dashboard.ts, bench-load.ts,
// bench-memory.ts): free ports, child processes and temp folders released on exit, Ctrl-C and
// failure, the shop started from a snapshot of the build, its serving processes, wrk and the trivial
// Node `http` server it is compared with. Plain JavaScript so that
// `node scripts/bench.mjs` loads it as well as tsx does.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Two threads, 20 connections, 10 s: the figures of issue 9 and docs/performance.md are taken with these. */
export const WRK_THREADS = 2;
export const WRK_CONNECTIONS = 20;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const log = (message = "") => void process.stdout.write(`${message}\n`);
export const fmt = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
export const fmtMs = (ms) =>
  Number.isFinite(ms)
    ? ms >= 1000
      ? `${(ms / 1000).toFixed(2)} s`
      : ms < 10
        ? `${ms.toFixed(2)} ms`
        : `${Math.round(ms)} ms`
    : "n/a";

/** @returns {Promise<number>} a port nobody listens on at this moment, on 127.0.0.1 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
export async function stopChild(child, graceMs = 10000) {
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
    await Promise.race([exited, sleep(2000)]);
  }
}

/**
 * Everything a benchmark must release whatever happens: child processes, temp folders and other
 * clean-ups (a PostgreSQL cluster), in reverse order. `handleSignals` makes Ctrl-C release them too.
 */
export function createResources(name = "bench") {
  const children = new Set();
  /** @type {(() => unknown)[]} */
  const cleanups = [];
  let cleaning = null;
  const resources = {
    /** @template {import("node:child_process").ChildProcess} T @param {T} child @returns {T} */
    track(child) {
      children.add(child);
      child.once("exit", () => children.delete(child));
      return child;
    },
    /** @param {() => unknown} fn */
    defer(fn) {
      cleanups.push(fn);
    },
    /** A fresh temp folder, removed at the end. @param {string} prefix */
    tmpDir(prefix) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 }));
      return dir;
    },
    get cleaningUp() {
      return cleaning !== null;
    },
    cleanupAll() {
      cleaning ??= (async () => {
        await Promise.all([...children].map((child) => stopChild(child)));
        for (const fn of cleanups.reverse()) {
          try {
            await fn();
          } catch (error) {
            console.error(`[${name}] clean-up step failed: ${error?.message ?? error}`);
          }
        }
        cleanups.length = 0;
      })();
      return cleaning;
    },
    /**
     * Runs a bench's main, then stops what it started and exits: 1 when main returns false or
     * throws (a throw while a signal is already cleaning up is that signal's doing, not an error).
     * @param {() => Promise<unknown>} main
     */
    async runAndExit(main) {
      let code = 0;
      try {
        code = (await main()) === false ? 1 : 0;
      } catch (error) {
        if (!cleaning) {
          console.error(`[${name}] could not run: ${error?.stack ?? error}`);
          code = 1;
        }
      } finally {
        await resources.cleanupAll();
      }
      process.exit(code);
    },
    handleSignals() {
      for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
        process.on(signal, () => {
          if (cleaning) return;
          log(`\n[${name}] ${signal} received: stopping the servers and removing temp folders...`);
          resources.cleanupAll().finally(() => process.exit(130));
        });
      }
    },
  };
  return resources;
}

export function logTail(file, lines = 30) {
  if (!file || !fs.existsSync(file)) return "";
  const text = fs.readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n");
  return text ? `\n--- last lines of ${file} ---\n${text}` : "";
}

/**
 * Waits until `url` answers 200; fails early when `child` exits.
 * @param {string} url
 * @param {{ timeoutMs: number, child?: import("node:child_process").ChildProcess, what: string, logFile?: string }} options
 */
export async function waitForOk(url, { timeoutMs, child, what, logFile }) {
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
    await sleep(300);
  }
  throw new Error(
    `${what} did not answer 200 on ${url} within ${timeoutMs / 1000}s (last: ${lastError})${logTail(logFile)}`,
  );
}

/**
 * Copies the build (plus what `server/start.js` reads at run time) into `dir` and runs the shop from
 * there, so a rebuild of the worktree during a benchmark cannot swap files under the running server.
 * node_modules is a symlink to the project's.
 */
export function snapshotBuild(dir) {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js")))
    throw new Error("No build: run `npm run build` first (npm run bench does).");
  const appDir = path.join(dir, "app");
  fs.mkdirSync(appDir, { recursive: true });
  // Times kept: start.js would otherwise find its sources newer than the build.
  fs.cpSync(path.join(ROOT, "build"), path.join(appDir, "build"), { recursive: true, preserveTimestamps: true });
  fs.cpSync(path.join(ROOT, "server"), path.join(appDir, "server"), { recursive: true, preserveTimestamps: true });
  fs.cpSync(path.join(ROOT, "app/db/migrations"), path.join(appDir, "app/db/migrations"), {
    recursive: true,
    preserveTimestamps: true,
  });
  fs.cpSync(path.join(ROOT, "package.json"), path.join(appDir, "package.json"), { preserveTimestamps: true });
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(appDir, "node_modules"), "dir");
  return appDir;
}

/**
 * Starts `node [nodeArgs] server/start.js` in `appDir` on a free loopback port with `env` on top of
 * the production defaults, and waits for `readyPath` (/robots.txt; /readyz for a shop whose PUBLIC_URL
 * names another host, which answers nothing else on its own address).
 * @param {{ resources: ReturnType<typeof createResources>, appDir: string, logFile: string, env: Record<string, string>, nodeArgs?: string[], timeoutMs?: number, readyPath?: string }} options
 */
export async function startShop({
  resources,
  appDir,
  logFile,
  env,
  nodeArgs = [],
  timeoutMs = 3 * 60 * 1000,
  readyPath = "/robots.txt",
}) {
  const port = await freePort();
  const out = fs.openSync(logFile, "a");
  const child = resources.track(
    spawn(process.execPath, [...nodeArgs, "server/start.js"], {
      cwd: appDir,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        // Per-request info logs would make the benchmark measure the logger; warnings still show.
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "warn",
        PUBLIC_URL: "",
        APP_ROOT: appDir, // migrations, the packed empty database and the image encoder are read from there (app/lib/app-root.server.ts)
        SEED_ART_CACHE: process.env.SEED_ART_CACHE || path.join(ROOT, "node_modules/.cache/seed-art"),
        ...env,
      },
      stdio: ["ignore", out, out],
    }),
  );
  fs.closeSync(out);
  const origin = `http://127.0.0.1:${port}`;
  await waitForOk(`${origin}${readyPath}`, { timeoutMs, child, what: "The shop", logFile });
  return { origin, port, child, logFile };
}

/** How many processes of this process tree serve: the children a cluster primary forked, or the process itself. */
export function servingProcesses(pid) {
  const pids = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid ...": comm may hold spaces, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid && /node/.test(fs.readFileSync(`/proc/${entry}/cmdline`, "utf8"))) pids.push(Number(entry));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return { processes: pids.length || 1, children: pids.length, pids };
}

/**
 * VmRSS and VmHWM (peak) of a process in MB (/proc/PID/status), or null when it is gone.
 * @param {number} pid @returns {{ rssMb: number, hwmMb: number } | null}
 */
export function readMemory(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { rssMb: kb("VmRSS") / 1024, hwmMb: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

/**
 * With node:cluster the workers start after the primary: waits (up to 10 s) until `wanted` serve.
 * @param {number} pid @param {number} wanted
 */
export async function settledProcesses(pid, wanted) {
  let last = servingProcesses(pid);
  for (let i = 0; i < 20 && last.processes < wanted; i++) {
    await sleep(500);
    last = servingProcesses(pid);
  }
  return last;
}

/**
 * Stops the shop; a worker that outlived its primary (it should not) is killed rather than left behind.
 * @param {import("node:child_process").ChildProcess} child @param {number} [graceMs]
 */
export async function stopShop(child, graceMs = 15000) {
  const workers = child.pid ? servingProcesses(child.pid).pids : [];
  await stopChild(child, graceMs);
  for (const pid of workers) {
    try {
      process.kill(pid, "SIGKILL");
      log(`  note: worker ${pid} was still running after its primary stopped; killed it`);
    } catch {
      /* gone with its primary, as it should */
    }
  }
}

/**
 * CPU used while a load ran, far steadier than the throughput on a shared machine: `pids`' own
 * (user + system, from /proc/PID/stat) and the whole machine's busy time (/proc/stat, which also
 * counts PostgreSQL and wrk). Start it before the load; `stop()` answers milliseconds of each.
 */
export function cpuMeter(pids) {
  const TICK_MS = 10; // USER_HZ is 100 on Linux
  const own = () =>
    pids.reduce((sum, pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return sum + Number(fields[11]) + Number(fields[12]);
      } catch {
        return sum;
      }
    }, 0);
  const machine = () => {
    const [, ...ticks] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
    const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
    return total - ticks[3] - ticks[4];
  };
  const start = { own: own(), machine: machine() };
  return { stop: () => ({ ownMs: (own() - start.own) * TICK_MS, machineMs: (machine() - start.machine) * TICK_MS }) };
}

// --- wrk ----------------------------------------------------------------------------------------

export function findWrk() {
  for (const candidate of ["/usr/bin/wrk", "/usr/local/bin/wrk"]) if (fs.existsSync(candidate)) return candidate;
  const which = spawnSync("sh", ["-c", "command -v wrk"], { encoding: "utf8" });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  return null;
}

/** wrk's path; as root on Debian it is installed with apt-get when missing. Null when it cannot be had. */
export function ensureWrk() {
  let wrk = findWrk();
  if (wrk) return wrk;
  log("\n  wrk is not installed. Install it with:  apt-get install -y wrk   (Debian/Ubuntu)");
  if (typeof process.getuid === "function" && process.getuid() === 0) {
    log("  Running as root: trying `apt-get install -y wrk`...");
    const result = spawnSync("apt-get", ["install", "-y", "wrk"], {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      encoding: "utf8",
      timeout: 120000,
    });
    if (result.status !== 0)
      log(`  apt-get install failed: ${(result.stderr || result.stdout || String(result.error)).split("\n")[0]}`);
    wrk = findWrk();
  }
  return wrk;
}

/** "1.25ms" -> 1.25 (milliseconds). */
export function parseDuration(text) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return NaN;
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60000 }[m[2]];
  return Number(m[1]) * factor;
}

/** req/s, p50, p99, request count, non-2xx/3xx responses and socket errors from `wrk --latency` output. */
export function parseWrk(output) {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const p99 = /^\s*99(?:\.000)?%\s+(\S+)/m.exec(output)?.[1];
  const p50 = /^\s*50(?:\.000)?%\s+(\S+)/m.exec(output)?.[1];
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors:\s+(.*)/.exec(output)?.[1] ?? null;
  const socketErrorCount = socketErrors
    ? [...socketErrors.matchAll(/\b(\d+)\b/g)].reduce((n, m) => n + Number(m[1]), 0)
    : 0;
  const requests = Number(/(\d+) requests in/.exec(output)?.[1]);
  const timeouts = Number(/timeout (\d+)/.exec(socketErrors ?? "")?.[1] ?? 0);
  // With no answer at all wrk prints zero latencies: they are unknown, not instant.
  const answered = requests > 0;
  const latency = (text) => (text && answered ? parseDuration(text) : NaN);
  return { rps, p50Ms: latency(p50), p99Ms: latency(p99), requests, non2xx, socketErrors, socketErrorCount, timeouts };
}

/**
 * Runs wrk against `url` and parses its output (also given back as `output`).
 * @param {string} wrk path of the wrk binary
 * @param {string} url
 * `timeout` is how long wrk waits for one answer before it counts a socket error (its default, 2 s,
 * drops the slowest answers from the latencies).
 * @param {{ duration?: string, timeout?: string, headers?: string[], script?: string, connections?: number, track?: (child: import("node:child_process").ChildProcess) => unknown }} [options]
 */
export function runWrk(
  wrk,
  url,
  { duration = "10s", timeout, headers = [], script, track, connections = WRK_CONNECTIONS } = {},
) {
  const args = [
    `-t${WRK_THREADS}`,
    `-c${connections}`,
    `-d${duration}`,
    "--latency",
    ...(timeout ? ["--timeout", timeout] : []),
    ...headers.flatMap((h) => ["-H", h]),
    ...(script ? ["-s", script] : []),
    url,
  ];
  const timeoutMs = (parseDuration(duration) || 10000) + (parseDuration(timeout ?? "2s") || 2000) + 60000;
  return new Promise((resolve, reject) => {
    const child = spawn(wrk, args, { stdio: ["ignore", "pipe", "pipe"] });
    track?.(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      const parsed = parseWrk(stdout);
      if (code !== 0 || !Number.isFinite(parsed.rps))
        reject(new Error(`wrk ${args.join(" ")} failed (${signal ?? `exit ${code}`}):\n${stderr || stdout}`));
      else resolve({ ...parsed, output: stdout });
    });
  });
}

/**
 * A wrk script that paces each connection: before each request it waits a random time (exponential,
 * mean `meanDelayMs`), so requests arrive like visitors do rather than back to back. wrk stays a
 * closed loop, so the rate reached is reported, not assumed.
 */
export function pacedScript(meanDelayMs) {
  return `math.randomseed(os.time() + math.floor(os.clock() * 1000000))
function delay()
  return math.floor(-math.log(1 - math.random()) * ${meanDelayMs.toFixed(3)})
end
`;
}

// --- The trivial server: the best this machine does with Node's http module ----------------------

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

/** A Node `http` server answering a fixed 2 KB HTML page. @param {(child: import("node:child_process").ChildProcess) => unknown} track */
export async function startTrivialServer(track) {
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", TRIVIAL_SERVER_SOURCE], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  track(child);
  const url = `http://127.0.0.1:${port}/`;
  await waitForOk(url, { timeoutMs: 15000, child, what: "The trivial server" });
  return { url, child };
}
