import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import { appPath } from "~/lib/app-root.server";
import { logger } from "~/lib/logger.server";
import { RESYNC_PAYLOAD, type Database, type Db } from "./database";

/** What every query gets while the embedded database is down: a 503 (SQLSTATE cannot_connect_now), with why as its cause. */
export class EmbeddedDatabaseDown extends Error {
  readonly code = "57P03";
  constructor(cause: unknown) {
    super(
      `The embedded database stopped after a fatal error and is being reopened: ${(cause as Error)?.message ?? cause}`,
      { cause },
    );
    this.name = "EmbeddedDatabaseDown";
  }
}

/**
 * PostgreSQL's own defaults (128 MB of shared buffers, 64 MB for maintenance) are sized for a
 * database server with memory to spare; inside the shop's process they were half of its resident
 * memory. The shop's hot reads are in its read cache, and the operating system caches the data
 * files, so a small buffer pool costs little (decision 0026 has the figures).
 */
export const DEFAULT_SHARED_BUFFERS_MB = 16;

function memorySettings(sharedBuffersMb: number): string[] {
  return [
    "-c",
    `shared_buffers=${sharedBuffersMb}MB`,
    "-c",
    "wal_buffers=1MB",
    "-c",
    "maintenance_work_mem=16MB",
    "-c",
    "temp_buffers=4MB",
  ];
}

/**
 * Makes a new data directory in a short-lived process of its own, from the empty database the build
 * packed (scripts/empty-database.mjs), or with PostgreSQL's initdb where there is no build (tests).
 * PGlite runs initdb in a second WebAssembly instance and hands the result over in memory: a process
 * doing it peaks near 1 GB (about 400 MB unpacking the packed one) and kept 300 MB of it until a full
 * garbage collection that an idle server may never run. Here all of it goes when that process exits.
 */
async function createDataDir(dataDir: string): Promise<void> {
  const packed = appPath("build/empty-database.tgz");
  const script = `
    const fs = await import("node:fs");
    const { PGlite } = await import("@electric-sql/pglite");
    const [dataDir, packed] = process.argv.slice(1);
    const loadDataDir = fs.existsSync(packed) ? new Blob([fs.readFileSync(packed)]) : undefined;
    const db = new PGlite(dataDir, { loadDataDir });
    await db.waitReady;
    await db.close();`;
  await promisify(execFile)(process.execPath, ["--input-type=module", "--eval", script, dataDir, packed], {
    cwd: appPath(),
  });
}

const REOPEN_FIRST_MS = 500;
const REOPEN_MAX_MS = 5_000;

/**
 * The embedded PGlite database, reopened in this process after PostgreSQL gives up on it.
 *
 * A PANIC (a WAL write failing, e.g. on a read-only disk) or FATAL ends PostgreSQL's backend, but
 * PGlite does not notice: the next query spins in its main loop and freezes the whole process. So
 * each instance refuses any query after such an error, and we open a fresh one on the same data
 * directory, retrying until the disk takes writes again. Opening runs crash recovery from the WAL,
 * so every committed transaction is still there. The DATA_DIR lock stays with this process throughout.
 */
export async function openPglite(
  dataDir: string,
  { loadDataDir, sharedBuffersMb = DEFAULT_SHARED_BUFFERS_MB }: { loadDataDir?: Blob; sharedBuffersMb?: number } = {},
): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const startParams = [...PGlite.defaultStartParams, ...memorySettings(sharedBuffersMb)];
  if (dataDir !== ":memory:" && !fs.existsSync(path.join(dataDir, "PG_VERSION"))) await createDataDir(dataDir);
  const create = async () => {
    const next =
      dataDir === ":memory:" ? new PGlite({ loadDataDir, startParams }) : new PGlite(dataDir, { startParams });
    await next.waitReady;
    return next;
  };

  let client: PGlite | null = await create();
  let down: EmbeddedDatabaseDown | null = null;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const dispatch = (channel: string) => (payload: string) =>
    handlers.get(channel)?.forEach((handler) => handler(payload));

  const current = (): PGlite => {
    if (down || !client) throw down ?? new Error("The embedded database is closed");
    return client;
  };

  const reopen = async (delayMs: number, dead?: PGlite): Promise<void> => {
    // The dead instance lets go of its files first (its refused queries cannot hang it; it runs no
    // shutdown of PostgreSQL's), so two instances never share the data directory.
    await dead?.close().catch(() => {});
    if (closed) return;
    try {
      const next = await create();
      if (closed) return void (await next.close());
      for (const channel of handlers.keys()) await next.listen(channel, dispatch(channel));
      guard(next);
      client = next;
      down = null;
      logger.warn({ dataDir }, "The embedded database was reopened after its fatal error");
      // Notifications sent while it was down are lost: listeners reload what they keep.
      for (const set of handlers.values()) for (const handler of set) handler(RESYNC_PAYLOAD);
    } catch {
      retry = setTimeout(() => void reopen(Math.min(delayMs * 2, REOPEN_MAX_MS)), delayMs);
      retry.unref();
    }
  };

  const guard = (instance: PGlite) => {
    let death: EmbeddedDatabaseDown | null = null;
    const raw = instance.execProtocolRawSync.bind(instance);
    instance.execProtocolRawSync = (message) => {
      if (death) throw death;
      return raw(message);
    };
    // Every query and transaction reaches PostgreSQL through these two.
    for (const name of ["execProtocol", "execProtocolStream"] as const) {
      const exec = (instance[name] as (...args: unknown[]) => Promise<unknown>).bind(instance);
      (instance as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
        try {
          return await exec(...args);
        } catch (error) {
          const severity = (error as { severity?: unknown }).severity;
          if (!death && (severity === "PANIC" || severity === "FATAL")) {
            death = new EmbeddedDatabaseDown(error);
            if (instance === client) {
              down = death;
              logger.error({ err: error, dataDir }, "The embedded database stopped after a fatal error; reopening it");
              // A fresh in-memory database would be an empty one: tests' ":memory:" stays down.
              if (dataDir !== ":memory:") void reopen(REOPEN_FIRST_MS, instance);
            }
          }
          throw error;
        }
      };
    }
  };
  guard(client);

  // Drizzle holds this one object; it always speaks to the instance open now.
  const stable = {
    query: async (...args: Parameters<PGlite["query"]>) => current().query(...args),
    transaction: async (...args: Parameters<PGlite["transaction"]>) => current().transaction(...args),
  };
  const db = drizzle({ client: stable as unknown as PGlite }) as unknown as Db;

  const listen = async (channel: string, onMessage: (payload: string) => void) => {
    let set = handlers.get(channel);
    if (!set) {
      handlers.set(channel, (set = new Set()));
      try {
        await current().listen(channel, dispatch(channel));
      } catch (error) {
        handlers.delete(channel);
        throw error;
      }
    }
    set.add(onMessage);
    return async () => {
      set.delete(onMessage);
      if (set.size > 0) return;
      handlers.delete(channel);
      await client?.unlisten(channel).catch(() => {});
    };
  };
  const close = async () => {
    closed = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    if (last && !down) await last.close();
  };
  return { db, kind: "pglite", close, listen };
}
