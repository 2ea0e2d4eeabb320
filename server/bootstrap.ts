import path from "node:path";
import type { Logger } from "pino";
import { migrateDatabase, openDatabase, type Database } from "~/db/client.server";
import { seedDatabase } from "~/seed/seed.server";
import type { Env } from "~/lib/env.server";
import { ownerLinkLogger } from "~/lib/logger.server";
import { loadAuthSecret } from "~/modules/accounts/auth.server";
import { createShopAuth } from "~/flows/create-shop-auth.server";
import { OWNER_LINK_HOURS } from "~/modules/accounts/create-seller.server";
import { createOwnerAccount } from "~/flows/team-roles.server";
import { lockDataDir } from "./data-dir-lock";

export type ShopDatabase = Database & { release: () => void; seeded: boolean };

/** Opens the database, applies pending migrations and seeds an empty one. */
export async function bootstrapDatabase(env: Env, logger: Logger): Promise<ShopDatabase> {
  let release = () => {};
  if (!env.DATABASE_URL) release = lockDataDir(env.DATA_DIR);
  try {
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: path.resolve(env.DATA_DIR),
      sharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
    });
    logger.info(
      { database: database.kind, dataDir: env.DATABASE_URL ? undefined : path.resolve(env.DATA_DIR) },
      "database opened",
    );
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

/**
 * Everything done once per start, before any request: migrate, seed an empty database, make the
 * auth secret, and on first start the owner's account for SHOP_OWNER_EMAIL. With several processes
 * only the primary does this, so they do not race each other.
 */
export async function prepareShop(env: Env, logger: Logger): Promise<ShopDatabase> {
  const database = await bootstrapDatabase(env, logger);
  try {
    const secret = await loadAuthSecret(database.db, env, logger);
    if (database.seeded && env.SHOP_OWNER_EMAIL) {
      // No password ever goes to the log: a single-use link (24 hours) to the page that sets one.
      const base = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
      const owner = await createOwnerAccount(
        createShopAuth({ db: database.db, env, secret, logger }),
        database.db,
        env.SHOP_OWNER_EMAIL,
        base,
      );
      if (owner) {
        // The request log's query stripping would cut the token off the link: this line goes out whole.
        ownerLinkLogger.warn(
          { email: env.SHOP_OWNER_EMAIL, expiresAt: owner.expiresAt.toISOString() },
          `Owner account created for ${env.SHOP_OWNER_EMAIL}. Set its password within ${OWNER_LINK_HOURS} hours at ${owner.link} (the link works once). ` +
            `Afterwards, or if it expires: npm run create-seller -- --email ${env.SHOP_OWNER_EMAIL} --promote`,
        );
      }
    }
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    database.release();
    throw error;
  }
}

/** A cluster worker's database: the primary has already migrated and seeded it. */
export async function openPreparedDatabase(env: Env): Promise<ShopDatabase> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    sharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
  });
  return { ...database, release: () => {}, seeded: false };
}
