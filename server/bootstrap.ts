import path from "node:path";
import type { Logger } from "pino";
import { migrateDatabase, openDatabase, type Database } from "~/db/client.server";
import { seedDatabase } from "~/db/seed.server";
import type { Env } from "~/lib/env.server";
import { lockDataDir } from "./data-dir-lock";

/** Opens the database, applies pending migrations and seeds an empty one. */
export async function bootstrapDatabase(env: Env, logger: Logger): Promise<Database & { release: () => void; seeded: boolean }> {
  let release = () => {};
  if (!env.DATABASE_URL) release = lockDataDir(env.DATA_DIR);
  try {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) });
    logger.info({ database: database.kind, dataDir: env.DATABASE_URL ? undefined : path.resolve(env.DATA_DIR) }, "database opened");
    await migrateDatabase(database);
    const started = Date.now();
    const seeded = await seedDatabase(database.db, { shopName: env.SHOP_NAME });
    if (seeded) logger.info({ ms: Date.now() - started }, "seeded an empty database with the catalogue");
    return { ...database, release, seeded };
  } catch (error) {
    release();
    throw error;
  }
}
