import path from "node:path";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import * as schema from "./schema";

export type Schema = typeof schema;
/** Either driver's database: PGlite (embedded) and node-postgres share Drizzle's Postgres API. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** Calls `onMessage` for every NOTIFY on `channel` (from this or any other process); resolves to a stop function. */
  listen: (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;
};

export const migrationsFolder = path.resolve(process.env.APP_ROOT ?? process.cwd(), "app/db/migrations");

/** Opens PostgreSQL at `databaseUrl`, or the embedded PGlite database in `dataDir` (":memory:" for tests). */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client losing its connection must not crash the process; the next query reports it.
    pool.on("error", () => {});
    const db = drizzle(pool, { schema }) as unknown as Db;
    const listen = (channel: string, onMessage: (payload: string) => void) => listenOnPostgres(pg, opts.databaseUrl!, channel, onMessage);
    return { db, kind: "postgres", close: () => pool.end(), listen };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const client = opts.dataDir === ":memory:" ? new PGlite() : new PGlite(opts.dataDir);
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  const listen = async (channel: string, onMessage: (payload: string) => void) => {
    const stop = await client.listen(channel, onMessage);
    return async () => stop();
  };
  return { db, kind: "pglite", close: () => client.close(), listen };
}

/** A dedicated connection for LISTEN that reconnects after the database restarts. */
async function listenOnPostgres(
  pg: typeof import("pg").default, connectionString: string, channel: string, onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: import("pg").Client | null = null;
  const reconnect = () => {
    if (!stopped) setTimeout(() => void connect().catch(reconnect), 1000).unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    next.on("notification", (msg) => { if (msg.channel === channel && msg.payload) onMessage(msg.payload); });
    next.on("error", () => {
      next.end().catch(() => {});
      reconnect();
    });
    await next.connect();
    await next.query(`LISTEN "${channel.replace(/"/g, "")}"`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(database.db as any, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(database.db as any, { migrationsFolder });
  }
}
