import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { shopSettings } from "./tables";

export type ShopSettings = typeof shopSettings.$inferSelect;

async function querySettings(db: DbOrTx): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row) throw new Error("Shop settings are missing: the database was not seeded");
  return row;
}

/** The shop's settings, kept in memory until they change (db/read-cache.server.ts). Inside a transaction: read now. */
export function getSettings(db: DbOrTx): Promise<ShopSettings> {
  return readThrough(db, "settings", "shop", () => querySettings(db));
}
