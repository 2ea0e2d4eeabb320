import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../setup/pg-cluster";
import { TEST_AUTH_SECRET } from "./test-secret";

/** The repository root: where `node server/start.js` runs, as `npm start` does. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const BUILT_SERVER = path.join(ROOT, "build/server/index.js");

/** A pino line of the server's log. */
export type LogLine = { level: number; pid: number; msg: string } & Record<string, unknown>;

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Every JSON log line so far (stdout), in order. */
  logs: () => LogLine[];
  /** Everything written that is not a JSON log line (stderr, plain text). */
  otherOutput: () => string;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (or `signal`), then SIGKILL if it has not exited within `timeoutMs`. */
  stop: (signal?: NodeJS.Signals, timeoutMs?: number) => Promise<void>;
};

/** Polls `check` until it returns something other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  { timeoutMs = 10_000, intervalMs = 50, what = "a condition" } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${String(lastError)}` : ""}`,
      );
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Spawns the real production server (`node server/start.js`, the built bundle) on a free port with
 * only the given environment (plus PATH/HOME), and waits until /readyz answers 200.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { readyTimeoutMs = 120_000 } = {},
): Promise<ServerProcess> {
  // A given PORT is kept (an instance restarted where its load balancer expects it).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ["server/start.js"], {
    cwd: ROOT,
    // On PostgreSQL the shop refuses to start without a signing secret: tests give it theirs.
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "info",
      ...(env.DATABASE_URL ? { BETTER_AUTH_SECRET: TEST_AUTH_SECRET } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: LogLine[] = [];
  let other = "";
  let pending = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    pending += chunk;
    const parts = pending.split("\n");
    pending = parts.pop()!;
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part) as LogLine);
      } catch {
        other += `${part}\n`;
      }
    }
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (other += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    logs: () => lines,
    otherOutput: () => other,
    exited,
    stop: async (signal = "SIGTERM", timeoutMs = 30_000) => {
      if (hasExited) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
  try {
    // A server that exits (a refused start) is told at once, not after the whole wait; once it is
    // ready, an exit is the test's business (the rejection is handled here and goes nowhere).
    const exitedFirst = exited.then(({ code, signal }) =>
      Promise.reject(new Error(`the server exited (${signal ?? `code ${code}`}) before it was ready:`)),
    );
    exitedFirst.catch(() => {});
    await Promise.race([
      waitFor(
        async () => {
          const res = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(5_000) });
          return res.status === 200;
        },
        { timeoutMs: readyTimeoutMs, intervalMs: 250, what: `the server on port ${port} to be ready` },
      ),
      exitedFirst,
    ]);
  } catch (error) {
    await server.stop("SIGKILL");
    throw new Error(`${(error as Error).message}\n${other}${lines.map((l) => JSON.stringify(l)).join("\n")}`);
  }
  return server;
}

/**
 * Browser-like headers for a server: same-origin writes pass the cross-site guard, and (servers
 * run with TRUST_PROXY=1, as behind one reverse proxy) `ip` is the client address rate limits see.
 */
export function headersFor(
  server: Pick<ServerProcess, "url">,
  { cookie, ip }: { cookie?: string; ip: string },
): Record<string, string> {
  return { origin: server.url, "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) };
}

/** The Cookie header to send back, made from a response's Set-Cookie headers. */
export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Signs up a new buyer over HTTP; returns its session cookie. */
export async function signUp(
  server: Pick<ServerProcess, "url">,
  { email, password, name = "Test Buyer", ip }: { email: string; password: string; name?: string; ip: string },
): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { ...headersFor(server, { ip }), "content-type": "application/json" },
    body: JSON.stringify({ name, email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-up of ${email} answered ${res.status}: ${await res.text()}`);
  return cookieFrom(res);
}

/** A sign-in over HTTP: the status, and the session cookie when it worked. */
export async function signIn(
  server: Pick<ServerProcess, "url">,
  { email, password, ip }: { email: string; password: string; ip: string },
): Promise<{ status: number; cookie: string }> {
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { ...headersFor(server, { ip }), "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  return { status: res.status, cookie: cookieFrom(res) };
}

export type EventStream = {
  status: number;
  /** The raw text received so far. */
  text: () => string;
  /** Names of the events received so far (`event:` lines). */
  events: () => string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

/** Opens GET /api/events with fetch and keeps reading it in the background. */
export async function openEventStream(
  server: Pick<ServerProcess, "url">,
  { cookie, ip }: { cookie: string; ip: string },
): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/events`, {
    headers: headersFor(server, { cookie, ip }),
    signal: controller.signal,
  });
  let text = "";
  const decoder = new TextDecoder();
  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // Aborted by close(): the stream did not end on the server's side.
      await new Promise(() => {});
    }
  })();
  return {
    status: res.status,
    text: () => text,
    events: () => [...text.matchAll(/^event: (.+)$/gm)].map((m) => m[1]),
    ended,
    close: () => controller.abort(),
  };
}

/** Whether a new TCP connection to `port` is refused (nothing listening any more). */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

/** The parent pid of a process, from /proc (Linux). */
export function parentPid(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 4, after the command name in parentheses (which may contain spaces).
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
}

/** Pids of the live processes whose parent is `pid` (Linux). */
export function childPids(pid: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((candidate) => parentPid(candidate) === pid);
}
