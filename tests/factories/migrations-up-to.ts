import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrateDatabase, migrationsFolder, type Database } from "~/db/client.server";

/** The code's migrations up to and including `last`, as a folder drizzle's migrator reads (made under `tmp`). */
export function migrationsUpTo(tmp: string, last: string): string {
  const folder = path.join(tmp, last);
  fs.mkdirSync(path.join(folder, "meta"), { recursive: true });
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const upTo = journal.entries.findIndex((e) => e.tag === last);
  journal.entries = journal.entries.slice(0, upTo + 1);
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
  for (const { tag } of journal.entries)
    fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}

/** Empties the database and brings it to the migration `last`: a shop that has not upgraded yet. */
export async function resetToMigration(
  database: Pick<Database, "db" | "kind">,
  tmp: string,
  last: string,
): Promise<void> {
  const { db } = database;
  await db.execute(sql.raw("drop schema if exists drizzle cascade"));
  await db.execute(sql.raw("drop schema public cascade"));
  await db.execute(sql.raw("create schema public"));
  await migrateDatabase(database, migrationsUpTo(tmp, last));
}
