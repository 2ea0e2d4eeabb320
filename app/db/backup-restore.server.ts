import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { BackupFileError, knownMigrations, readBackup, type BackupEnd, type BackupHeader } from "./backup-format";
import { countRows, migrationLevel, quoteIdent, rowsOf, tablesInForeignKeyOrder } from "./backup.server";
import { migrateDatabase, migrationsFolder, type Database, type DbOrTx } from "./client.server";

/** A restore that was refused before anything changed: the message says why and what to do. */
export class RestoreRefused extends Error {
  name = "RestoreRefused";
}

/** Reads the whole file once: a damaged or cut-short file is refused before the database is touched. */
export async function verifyBackupFile(file: string): Promise<{ header: BackupHeader; end: BackupEnd }> {
  let header: BackupHeader | undefined;
  const reader = readBackup(fs.createReadStream(file), { onHeader: (h) => (header = h) });
  for (;;) {
    const step = await reader.next();
    if (step.done) return { header: header!, end: step.value };
  }
}

/** Rows the database holds now, per table ({} when it has no shop tables yet). */
export async function rowsHeld(db: DbOrTx): Promise<Record<string, number>> {
  const held: Record<string, number> = {};
  for (const table of await tablesInForeignKeyOrder(db)) {
    const count = await countRows(db, table);
    if (count > 0) held[table] = count;
  }
  return held;
}

/**
 * Tables a new database already has rows in from its migrations (0014: the colours, size sets,
 * built-in pages and menus every shop starts with). Rows there alone are no shop: nothing is lost.
 */
const STARTER_TABLES = new Set(["colors", "size_sets", "pages", "menu_items"]);

/** Tables whose triggers write other tables' rows (orders and refunds keep customers: migration 0017). */
const DERIVING_TABLES = ["orders", "refunds"];

export type RestoreSummary = { header: BackupHeader; tables: number; rows: number; replaced: boolean; ms: number };

/**
 * Fills the database from a backup file: checks the file whole, refuses a database that holds any
 * row (unless `replace`) and a backup newer than this code, brings the schema to the backup's
 * migration level, loads every table in one transaction (all or nothing), resets the id sequences,
 * then applies the migrations that came after the backup.
 */
export async function restoreBackup(
  database: Pick<Database, "db" | "kind">,
  file: string,
  { replace = false } = {},
): Promise<RestoreSummary> {
  const started = Date.now();
  const { header, end } = await verifyBackupFile(file);
  const known = knownMigrations(migrationsFolder);
  const level = known.findIndex((m) => m.when === header.migration.when);
  if (level < 0) {
    const newest = known.at(-1)!;
    if (header.migration.when > newest.when) {
      throw new RestoreRefused(
        `The backup was taken by a newer version of the shop (database migration ${header.migration.tag}; this code knows up to ${newest.tag}). Update the shop's code first, then restore.`,
      );
    }
    throw new RestoreRefused(
      `The backup's database migration ${header.migration.tag} is not one this code knows; restore it with the version of the shop that made it.`,
    );
  }

  const current = await migrationLevel(database.db);
  const held = await rowsHeld(database.db);
  const holdsData = Object.keys(held).some((table) => !STARTER_TABLES.has(table));
  if (holdsData && !replace) {
    const what = ["orders", "users", "products"]
      .filter((t) => held[t])
      .map((t) => `${held[t]} ${t === "users" ? "accounts" : t}`);
    throw new RestoreRefused(
      `The database already holds data (${what.length ? what.join(", ") : `${Object.values(held).reduce((a, b) => a + b, 0)} rows`}). ` +
        "Restore into an empty database (a new DATA_DIR, or a new PostgreSQL database), or add --replace to delete everything in this one and put the backup in its place.",
    );
  }
  if (holdsData && current?.when !== header.migration.when) {
    throw new RestoreRefused(
      `--replace needs the database at the backup's migration level (${header.migration.tag}), but it is at ${current?.tag ?? "none"}. Restore into an empty database instead.`,
    );
  }

  if (!holdsData && current?.when !== header.migration.when) {
    // Empty, so nothing is lost: start from no schema and build exactly the backup's.
    if (current) await dropShopSchema(database.db);
    await migrateToLevel(
      database,
      known.slice(0, level + 1).map((m) => m.tag),
    );
  }

  const loaded = await database.db.transaction(async (tx) => {
    const tables = await tablesInForeignKeyOrder(tx);
    // Always emptied first: even a new database holds its migrations' starter rows.
    await tx.execute(
      sql.raw(`truncate ${tables.map((t) => `public.${quoteIdent(t)}`).join(", ")} restart identity cascade`),
    );
    // The backup holds derived rows as they were (customers' figures): the triggers that keep them
    // would recompute them while orders load and clash with the saved ones.
    const derivedFrom = DERIVING_TABLES.filter((t) => tables.includes(t));
    for (const t of derivedFrom) await tx.execute(sql.raw(`alter table public.${quoteIdent(t)} disable trigger user`));
    let rows = 0;
    let count = 0;
    for await (const section of readBackup(fs.createReadStream(file))) {
      const { table, columns } = section.table;
      if (!tables.includes(table))
        throw new BackupFileError(
          `The backup holds a table "${table}" that the database at its migration level does not have.`,
        );
      const target = `public.${quoteIdent(table)}`;
      const list = columns.map(quoteIdent).join(", ");
      for await (const batch of section.rows) {
        // jsonb_populate_recordset turns each JSON value back into the column's type (bytea from its \x hex).
        await tx.execute(
          sql`${sql.raw(`insert into ${target} (${list}) select ${list} from jsonb_populate_recordset(null::${target},`)} ${`[${batch.join(",")}]`}::jsonb)`,
        );
        rows += batch.length;
      }
      count++;
    }
    if (rows !== end.rows)
      throw new BackupFileError(
        `The backup file changed while it was restored (${rows} rows read, ${end.rows} expected).`,
      );
    for (const t of derivedFrom) await tx.execute(sql.raw(`alter table public.${quoteIdent(t)} enable trigger user`));
    await resetSequences(tx);
    return { tables: count, rows };
  });

  await migrateDatabase(database);
  return { header, ...loaded, replaced: holdsData, ms: Date.now() - started };
}

/** Serial ids continue after the highest restored one. */
async function resetSequences(tx: DbOrTx) {
  const serials = await rowsOf<{ table: string; column: string; sequence: string }>(
    tx,
    sql`select c.table_name as "table", c.column_name as "column", pg_get_serial_sequence(format('public.%I', c.table_name), c.column_name) as "sequence"
        from information_schema.columns c where c.table_schema = 'public' and pg_get_serial_sequence(format('public.%I', c.table_name), c.column_name) is not null`,
  );
  for (const s of serials) {
    await tx.execute(
      sql`select setval(${s.sequence}, coalesce((select max(${sql.raw(quoteIdent(s.column))}) from ${sql.raw(`public.${quoteIdent(s.table)}`)}), 0) + 1, false)`,
    );
  }
}

async function dropShopSchema(db: DbOrTx) {
  await db.execute(sql.raw("drop schema if exists drizzle cascade"));
  for (const table of await tablesInForeignKeyOrder(db))
    await db.execute(sql.raw(`drop table if exists public.${quoteIdent(table)} cascade`));
}

/** Applies the code's migrations up to and including the last of `tags`, through a copy of the folder with a shortened journal. */
async function migrateToLevel(database: Pick<Database, "db" | "kind">, tags: string[]) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-restore-migrations-"));
  try {
    fs.mkdirSync(path.join(folder, "meta"));
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.filter((e) => tags.includes(e.tag));
    fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
    for (const tag of tags) fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    await migrateDatabase(database, folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
