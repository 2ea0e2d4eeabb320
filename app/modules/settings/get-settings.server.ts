import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { shopSettings } from "~/db/schema";

export type ShopSettings = typeof shopSettings.$inferSelect;

export async function getSettings(db: DbOrTx): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row) throw new Error("Shop settings are missing: the database was not seeded");
  return row;
}
