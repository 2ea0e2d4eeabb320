import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { shopSettings } from "~/modules/settings/tables";
import { SETTINGS_CHANNEL } from "../../db/settings-changed";
import { settingsFormValues, type SettingsField, type SettingsInput } from "./settings-schema";

/** The stored settings as the Settings form's text (what a field a client did not send keeps: withStoredSettings). */
export async function storedSettingsValues(db: DbOrTx): Promise<Record<SettingsField, string>> {
  // Read now, not through the settings cache: another process may have saved a moment ago.
  const [stored] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  return settingsFormValues(stored);
}

/**
 * Saves the shop's settings in one go, as settingsSchema read them. A saved change is announced to
 * every server process (after commit) so their page caches drop pages showing the old facts.
 */
export async function updateSettings(db: DbOrTx, input: SettingsInput): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(shopSettings)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(shopSettings.id, 1));
    // A non-empty payload: the PostgreSQL listener ignores empty notifications.
    await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, 'changed')`);
  });
}
