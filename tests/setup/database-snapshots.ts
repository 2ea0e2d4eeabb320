import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrateDatabase, openDatabase, type Database, type Db } from "~/db/client.server";
import * as schema from "~/schema";
import { drawSeedPhotos } from "~/seed/draw-seed-photos.server";
import { seedDatabase } from "~/seed/seed.server";

/**
 * What a test database starts from: `migrated` (every migration, no rows) or `catalogue` (migrated
 * and seeded with the shop's settings and catalogue).
 */
export type DatabaseStart = "migrated" | "catalogue";
export const DATABASE_STARTS = ["migrated", "catalogue"] as const;

/** Where each start is kept: a PGlite data-directory dump per start, and a template database per start in the PostgreSQL server. */
export type DatabaseSnapshots = {
  pgliteDumps: Record<DatabaseStart, string>;
  postgresTemplates: Record<DatabaseStart, string>;
};

/**
 * Made once per test run. A new PGlite database runs initdb (about 3 s of one core here) and then the
 * migrations and the seed (2 s more); loading the dump of one already made takes about 1 s. On
 * PostgreSQL, `create database ... template` copies the files instead of replaying 700 ms of SQL.
 * Test files still each get their own database; they only skip rebuilding the same one.
 */
export async function makeDatabaseSnapshots(
  pgAdminUrl: string,
): Promise<DatabaseSnapshots & { remove: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-db-snapshots-"));
  const pgliteDumps = { migrated: path.join(dir, "migrated.tar"), catalogue: path.join(dir, "catalogue.tar") };
  // Named for this run: several runs (worktrees) may share one PostgreSQL server (KAPRA_TEST_PG_URL),
  // and a template left by another run may hold other migrations.
  const run = `${process.pid}_${Date.now().toString(36)}`;
  const postgresTemplates = {
    migrated: `kapra_template_migrated_${run}`,
    catalogue: `kapra_template_catalogue_${run}`,
  };

  const dumpPglite = async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const client = new PGlite();
    try {
      const database = { db: drizzle({ client, schema }) as unknown as Db, kind: "pglite" as const };
      await fillInTurn(database, async (start) => {
        fs.writeFileSync(pgliteDumps[start], Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
      });
    } finally {
      await client.close();
    }
  };

  const makeTemplates = async () => {
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    try {
      // The migrated template is filled and copied first; the catalogue template is that copy, seeded.
      await admin.query(`create database ${postgresTemplates.migrated}`);
      const url = (name: string) => pgAdminUrl.replace(/\/postgres$/, `/${name}`);
      const migrated = await openDatabase({ databaseUrl: url(postgresTemplates.migrated), dataDir: "" });
      await migrateDatabase(migrated);
      await migrated.close();
      await admin.query(`create database ${postgresTemplates.catalogue} template ${postgresTemplates.migrated}`);
      const catalogue = await openDatabase({ databaseUrl: url(postgresTemplates.catalogue), dataDir: "" });
      await seedOrFail(catalogue);
      await catalogue.close();
    } finally {
      await admin.end();
    }
  };

  const dropTemplates = async () => {
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    try {
      for (const name of [postgresTemplates.catalogue, postgresTemplates.migrated])
        await admin.query(`drop database if exists ${name}`);
    } finally {
      await admin.end();
    }
  };
  try {
    await Promise.all([dumpPglite(), makeTemplates()]);
  } catch (error) {
    await dropTemplates().catch(() => {});
    throw error;
  }
  return {
    pgliteDumps,
    postgresTemplates,
    remove: async () => {
      fs.rmSync(dir, { recursive: true, force: true });
      await dropTemplates().catch(() => {});
    },
  };
}

/** Migrates, snapshots `migrated`, seeds, snapshots `catalogue`. */
async function fillInTurn(database: Pick<Database, "db" | "kind">, snapshot: (start: DatabaseStart) => Promise<void>) {
  await migrateDatabase(database);
  await snapshot("migrated");
  await seedOrFail(database);
  await snapshot("catalogue");
}

async function seedOrFail(database: Pick<Database, "db">) {
  if (!(await seedDatabase(database.db, { shopName: "Kapra" })))
    throw new Error("The seed found the new database not empty");
  await drawSeedPhotos(database.db).done;
}
