import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { shopSettings } from "~/modules/settings/tables";
import { SETTINGS_CHANNEL } from "../../db/settings-changed";

/**
 * Whether the home page keeps its Featured products section beside the owner's collections
 * (Dashboard -> Storefront -> Collections). Announced like every settings change, so every server
 * process and the guest page cache show the home page as it is now.
 */
export async function setShowFeaturedOnHome(db: DbOrTx, show: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(shopSettings)
      .set({ showFeaturedOnHome: show, updatedAt: new Date() })
      .where(eq(shopSettings.id, 1));
    await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, 'changed')`);
  });
}
