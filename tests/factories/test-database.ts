import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { migrateDatabase, openDatabase, type Database } from "~/db/client.server";

/** Every database test runs on both: the embedded PGlite and a real PostgreSQL server. */
export const DATABASE_KINDS = ["pglite", "postgres"] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export type TestDatabase = Database & { url?: string; destroy: () => Promise<void> };

/** A fresh, migrated, empty database. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const database = await openDatabase({ dataDir: ":memory:" });
    await migrateDatabase(database);
    return { ...database, destroy: database.close };
  }
  const adminUrl = inject("pgUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const database = await openDatabase({ databaseUrl: url, dataDir: "" });
  await migrateDatabase(database);
  return {
    ...database,
    url,
    destroy: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
