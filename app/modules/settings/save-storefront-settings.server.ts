import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { shopSettings } from "~/modules/settings/tables";
import { SETTINGS_CHANNEL } from "../../db/settings-changed";
import type { StorefrontSettingsChange } from "./storefront-settings";

/**
 * Saves storefront columns of shop_settings and announces the change to every server process (after
 * commit), which drop their settings reads and guest pages, like a Settings save.
 */
export async function saveStorefrontSettings(db: DbOrTx, values: StorefrontSettingsChange): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(shopSettings)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(shopSettings.id, 1));
    await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, 'changed')`);
  });
}
