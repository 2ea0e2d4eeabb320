// The databases the benchmarks run on: the seeded catalogue plus demo data (hundreds of products,
// thousands of orders), on PGlite in a folder or on a throwaway PostgreSQL cluster. Shared by
// bench-dashboard.ts and bench-server.ts.
import { randomBytes } from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { migrateDatabase, openDatabase, type Database, type Db } from "~/db/client.server";
import { drawSeedPhotos } from "~/seed/draw-seed-photos.server";
import { seedDatabase } from "~/seed/seed.server";
import { parseEnv } from "~/lib/env.server";
import { createShopAuth } from "~/flows/create-shop-auth.server";
import { hasPostgres, sharedPgCluster } from "../tests/setup/pg-cluster";
import type { createResources } from "./bench-support.mjs";
import { seedDemoData } from "./seed-demo-data";

export type DbTarget = { databaseUrl?: string; dataDir: string };
type Resources = ReturnType<typeof createResources>;

/** Opens a database, runs `fn` on it and closes it again, whatever happens. */
export async function withDatabase<T>(target: DbTarget, fn: (db: Db, database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(target);
  try {
    return await fn(database.db, database);
  } finally {
    await database.close();
  }
}

/**
 * Migrates and seeds an empty database like a first start does, adds the demo data, and lets `extra`
 * add what one benchmark needs (a seller account). Returns the seconds it took.
 */
export async function prepareShopData(
  target: DbTarget,
  demo: { products: number; orders: number },
  extra?: (db: Db, auth: ReturnType<typeof createShopAuth>) => Promise<void>,
): Promise<number> {
  const started = Date.now();
  await withDatabase(target, async (db, database) => {
    await migrateDatabase(database);
    await seedDatabase(db, { shopName: "Kapra" });
    await drawSeedPhotos(db).done;
    await seedDemoData(db, demo);
    // What autovacuum does on a live PostgreSQL (PGlite has none): visibility map and statistics.
    await db.execute(sql`vacuum analyze`);
    if (extra) {
      // A throwaway benchmark database: a fresh signing secret (PostgreSQL requires one in the environment).
      const secret = process.env.BETTER_AUTH_SECRET || randomBytes(32).toString("base64");
      const env = parseEnv({
        ...process.env,
        DATABASE_URL: target.databaseUrl ?? "",
        DATA_DIR: target.dataDir || os.tmpdir(),
        BETTER_AUTH_SECRET: secret,
      });
      await extra(db, createShopAuth({ db, env, secret }));
    }
  });
  return (Date.now() - started) / 1000;
}

/** Why PostgreSQL rows cannot run here, or null when they can. */
export function postgresMissing(): string | null {
  return hasPostgres()
    ? null
    : "PostgreSQL is not installed: the PostgreSQL rows are skipped. Install Debian's server with `apt-get install -y postgresql` (or set PG_BIN_DIR).";
}

/**
 * A throwaway PostgreSQL cluster on a free loopback port, stopped and removed with `resources`.
 * `createDatabase(name, template)` copies a prepared database, so every set-up starts from the same data.
 */
export async function startBenchPostgres(resources: Resources) {
  // The test gate's load check uses the gate's PostgreSQL (KAPRA_TEST_PG_URL); a benchmark starts its own.
  const cluster = await sharedPgCluster();
  resources.defer(() => cluster.stop());
  // BENCH_PG_SOCKET=1 (bench-server's --pg-socket): the shop reaches PostgreSQL over its Unix socket, as one on the same machine can.
  const base = process.env.BENCH_PG_SOCKET && cluster.socketUrl ? cluster.socketUrl : cluster.url;
  const urlOf = (name: string) => base.replace(/\/postgres(\?|$)/, `/${name}$1`);
  return {
    urlOf,
    async createDatabase(name: string, template?: string) {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      try {
        await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
      } finally {
        await admin.end();
      }
      return urlOf(name);
    },
  };
}
