import { once } from "node:events";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import {
  BACKUP_FORMAT_VERSION,
  knownMigrations,
  type BackupHeader,
  type MigrationLevel,
  type TableHeader,
} from "./backup-format";
import { migrationsFolder, type Database, type DbOrTx } from "./client.server";

type Rows<T> = { rows: T[] };
/** The rows of a raw query, the same on both drivers (backup and restore read catalogues and cursors). */
export const rowsOf = async <T>(tx: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await tx.execute(query)) as unknown as Rows<T>).rows;
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** How many rows one of the shop's tables holds. */
export async function countRows(tx: DbOrTx, table: string): Promise<number> {
  const [{ count }] = await rowsOf<{ count: string | number }>(
    tx,
    sql.raw(`select count(*) as count from public.${quoteIdent(table)}`),
  );
  return Number(count);
}

/** The shop's tables (schema public), parents before the tables that reference them. */
export async function tablesInForeignKeyOrder(tx: DbOrTx): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(
      tx,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map((r) => r.name);
  const edges = await rowsOf<{ child: string; parent: string }>(
    tx,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (name: string) => name.replace(/^"(.*)"$/, "$1").replace(/""/g, '"');
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges)
    if (unquote(child) !== unquote(parent)) parents.get(unquote(child))?.add(unquote(parent));
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0)
      throw new Error(`Foreign keys form a cycle among ${tables.filter((t) => !placed.has(t)).join(", ")}`);
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

/** The last migration applied to this database (drizzle's own table), named by the code's journal. */
export async function migrationLevel(tx: DbOrTx): Promise<MigrationLevel | null> {
  const exists = await rowsOf<{ ok: boolean }>(
    tx,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  if (!exists[0]?.ok) return null;
  const [last] = await rowsOf<{ created_at: string | number }>(
    tx,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!last) return null;
  const when = Number(last.created_at);
  const tag = knownMigrations(migrationsFolder).find((m) => m.when === when)?.tag ?? `unknown-${when}`;
  return { tag, when };
}

export type BackupSummary = { tables: number; rows: number; migration: MigrationLevel; ms: number };

/**
 * Writes the whole shop to `out` as one gzip'd backup (backup-format.ts), from one read-only
 * REPEATABLE READ transaction: every table as of the same instant, while the shop keeps running.
 * On PostgreSQL other connections carry on meanwhile; on PGlite (one connection) requests wait
 * for the snapshot to be read.
 */
export async function writeBackup(database: Pick<Database, "db" | "kind">, out: Writable): Promise<BackupSummary> {
  const started = Date.now();
  const gzip = zlib.createGzip({ level: 6 });
  const piped = pipeline(gzip, out);
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await Promise.race([once(gzip, "drain"), piped]);
  };
  let summary: Omit<BackupSummary, "ms">;
  try {
    summary = await database.db.transaction(
      async (tx) => {
        const migration = await migrationLevel(tx);
        if (!migration) throw new Error("The database has no migrations applied: there is no shop in it to back up.");
        const header: BackupHeader = {
          kapraBackup: BACKUP_FORMAT_VERSION,
          migration,
          createdAt: new Date().toISOString(),
          source: database.kind,
        };
        await write(JSON.stringify(header));
        const tables = await tablesInForeignKeyOrder(tx);
        let total = 0;
        for (const table of tables) {
          const columns = (
            await rowsOf<{ name: string }>(
              tx,
              sql`select attname as name from pg_attribute where attrelid = ${`public.${quoteIdent(table)}`}::regclass and attnum > 0 and not attisdropped order by attnum`,
            )
          ).map((r) => r.name);
          const tableHeader: TableHeader = { table, columns, rows: await countRows(tx, table) };
          await write(JSON.stringify(tableHeader));
          // A cursor keeps memory flat whatever the table's size (images are the big one).
          await tx.execute(
            sql.raw(
              `declare backup_rows no scroll cursor for select to_jsonb(t)::text as row from public.${quoteIdent(table)} t`,
            ),
          );
          let written = 0;
          for (;;) {
            const batch = await rowsOf<{ row: string }>(tx, sql.raw("fetch forward 200 from backup_rows"));
            for (const { row } of batch) await write(row);
            written += batch.length;
            if (batch.length < 200) break;
          }
          await tx.execute(sql.raw("close backup_rows"));
          if (written !== tableHeader.rows)
            throw new Error(`${table} changed while it was read (${written} rows, not ${tableHeader.rows})`);
          total += written;
        }
        await write(JSON.stringify({ end: true, tables: tables.length, rows: total }));
        return { tables: tables.length, rows: total, migration };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
  } catch (error) {
    gzip.destroy(error as Error);
    await piped.catch(() => {});
    throw error;
  }
  gzip.end();
  await piped;
  return { ...summary, ms: Date.now() - started };
}
