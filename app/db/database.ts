import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";

// What either driver gives (client.server.ts opens PostgreSQL, pglite.server.ts the embedded one):
// in a file of its own so that both can name it without importing each other.

/**
 * Either driver's database: PGlite (embedded) and node-postgres share Drizzle's Postgres API. No
 * relational schema is attached (no `db.query`): code selects from the tables its module owns or
 * reads, so the storage layer never imports the modules' tables (app/schema.ts gathers them for
 * drizzle-kit, the seed, scripts and tests).
 */
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** Calls `onMessage` for every NOTIFY on `channel` (from this or any other process); resolves to a stop function. */
  listen: (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;
  /** Queries waiting for a free connection now (PostgreSQL's pool; PGlite has none): the waiting room's load gauge. */
  poolWaiting?: () => number;
};

/** What a LISTEN handler hears after its connection came back: notifications may have been missed meanwhile. */
export const RESYNC_PAYLOAD = "*resync*";
