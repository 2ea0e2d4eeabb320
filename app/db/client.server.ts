import { appPath } from "~/lib/app-root.server";
import { RESYNC_PAYLOAD, type Database, type Db } from "./database";

export { RESYNC_PAYLOAD, type Database, type Db, type DbOrTx, type Tx } from "./database";

export const migrationsFolder = appPath("app/db/migrations");

/**
 * Opens PostgreSQL at `databaseUrl`, or the embedded PGlite database in `dataDir` (":memory:" for
 * tests, then optionally started from `loadDataDir`, a dump of a migrated or seeded database).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  loadDataDir?: Blob;
  sharedBuffersMb?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // A client losing its connection must not crash the process. The pool listens on idle clients
    // (its "error"); a client lent out to a transaction has no listener of the pool's, so PostgreSQL
    // ending its session mid-transaction (a restart, a cut) would be an uncaught "error" event. The
    // query that was running rejects with the same error, and the request answers 503 from that.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzle(pool) as unknown as Db;
    const listener = createPostgresListener(pg, opts.databaseUrl);
    return {
      db,
      kind: "postgres",
      close: () => pool.end(),
      listen: listener.listen,
      poolWaiting: () => pool.waitingCount,
    };
  }
  // Embedded: reopened in this process should PostgreSQL stop on a fatal error (app/db/pglite.server.ts).
  const { openPglite } = await import("./pglite.server");
  return openPglite(opts.dataDir, { loadDataDir: opts.loadDataDir, sharedBuffersMb: opts.sharedBuffersMb });
}

/**
 * One dedicated connection per process for every LISTEN, reconnecting after the database restarts.
 * Notifications sent while it was away are lost, so after a reconnect every handler hears
 * RESYNC_PAYLOAD and can reload whatever it keeps.
 */
function createPostgresListener(pg: typeof import("pg").default, connectionString: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: import("pg").Client | null = null;
  let connecting: Promise<void> | null = null;
  let stopped = false;
  const quoted = (channel: string) => `"${channel.replace(/"/g, "")}"`;

  const reconnect = () => {
    client = null;
    if (!stopped) setTimeout(() => void connect(true).catch(reconnect), 1000).unref();
  };
  const connect = async (resync: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    next.on("notification", (msg) => {
      if (msg.payload) for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload);
    });
    next.on("error", () => {
      next.end().catch(() => {});
      if (client === next) reconnect();
    });
    await next.connect();
    for (const channel of handlers.keys()) await next.query(`LISTEN ${quoted(channel)}`);
    client = next;
    if (resync) for (const set of handlers.values()) for (const handler of set) handler(RESYNC_PAYLOAD);
  };

  return {
    async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
      stopped = false;
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onMessage);
      if (!client) await (connecting ??= connect(false).finally(() => (connecting = null)));
      else if (first) await client.query(`LISTEN ${quoted(channel)}`);
      return async () => {
        set.delete(onMessage);
        if (set.size > 0) return;
        handlers.delete(channel);
        if (handlers.size > 0) {
          await client?.query(`UNLISTEN ${quoted(channel)}`).catch(() => {});
          return;
        }
        stopped = true;
        const last = client;
        client = null;
        await last?.end().catch(() => {});
      };
    },
  };
}

/** Applies pending migrations: the code's, or those of `folder` (a restore stops at its backup's level). */
export async function migrateDatabase(
  database: Pick<Database, "db" | "kind">,
  folder = migrationsFolder,
): Promise<void> {
  if (database.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(database.db as any, { migrationsFolder: folder });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(database.db as any, { migrationsFolder: folder });
  }
}
