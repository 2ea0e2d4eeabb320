import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A throwaway PostgreSQL server on a loopback port, for tests. PostgreSQL refuses to run as
 * root, so as root the cluster is owned by and run as the `postgres` user.
 */
export type PgCluster = {
  url: string;
  /** The same server over its Unix socket (no TCP), as a shop on the database's own machine can connect. */
  socketUrl: string;
  /** The folder holding its data, socket and log. */
  dir: string;
  /** Stops the server and removes its files. */
  stop: () => void;
  /** Stops the server as a crash would (connections cut), keeping its data and port, for outage tests. */
  halt: () => void;
  /** Starts the halted server again on the same port with the same data. */
  resume: () => void;
};

function findBinDir(): string {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv) return fromEnv;
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (fs.existsSync(path.join(base, v, "bin", "initdb"))) return path.join(base, v, "bin");
  throw new Error("PostgreSQL server binaries not found: install Debian's postgresql package (or set PG_BIN_DIR)");
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Runs one of PostgreSQL's programs (as the `postgres` user when we are root) in `dir`. */
function pgCommand(bin: string, isRoot: boolean, dir: string) {
  return (cmd: string, args: string[]) => {
    const [file, argv] = isRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
    const result = spawnSync(file, argv, { encoding: "utf8", cwd: dir });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
}

function haltIn(run: ReturnType<typeof pgCommand>, dir: string) {
  run("pg_ctl", ["-D", path.join(dir, "data"), "-m", "immediate", "-w", "stop"]);
}

/** Stops the cluster a startPgCluster made in `dir` (from another process) and removes its files. */
export function stopPgClusterIn(dir: string): void {
  try {
    haltIn(pgCommand(findBinDir(), process.getuid?.() === 0, dir), dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = findBinDir();
  const isRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-pg-"));
  fs.chmodSync(dir, 0o777);
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  const run = pgCommand(bin, isRoot, dir);
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const start = () =>
    run("pg_ctl", [
      "-D",
      dataDir,
      "-l",
      path.join(dir, "server.log"),
      "-w",
      "-t",
      "60",
      "start",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    ]);
  const halt = () => haltIn(run, dir);
  start();
  return {
    dir,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@/postgres?host=${encodeURIComponent(dir)}&port=${port}`,
    stop: () => {
      try {
        halt();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    halt,
    resume: start,
  };
}

/**
 * The test run's one PostgreSQL server (scripts/test.sh starts it: KAPRA_TEST_PG_URL), for whatever
 * only needs databases of its own in a server; outside the gate, a server of its own. Stopping the
 * shared one is the gate's business, so its `stop` does nothing. Tests that stop or cut their
 * server (outages, restarts) always start their own with startPgCluster.
 */
export async function sharedPgCluster(): Promise<
  Pick<PgCluster, "url" | "stop"> & Partial<Pick<PgCluster, "socketUrl">>
> {
  const url = process.env.KAPRA_TEST_PG_URL;
  return url ? { url, stop: () => {} } : startPgCluster();
}

export function hasPostgres(): boolean {
  try {
    findBinDir();
    execFileSync("id", ["postgres"], { stdio: "ignore" });
    return true;
  } catch {
    return process.getuid?.() !== 0 && Boolean(process.env.PG_BIN_DIR);
  }
}
