import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { shopSettings } from "./tables";
import { SETTINGS_CHANNEL } from "~/db/settings-changed";

/**
 * Changes the notification recipients (Settings) inside the caller's transaction: the settings row
 * is locked while the list is read and written, so two changes at once (the Team page and a
 * Settings save) never lose each other's. `change` gets the stored list and returns the new one;
 * it is lower-cased, de-duplicated and cut to `max` (Settings' MAX_NOTIFICATION_EMAILS). Returns the list as saved.
 */
export async function changeNotificationRecipients(
  tx: DbOrTx,
  change: (emails: string[]) => string[],
  max: number,
): Promise<string[]> {
  const [row] = await tx
    .select({ emails: shopSettings.notificationEmails })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1))
    .for("update");
  if (!row) return [];
  const next = [
    ...new Set(
      change([...row.emails])
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ].slice(0, max);
  if (next.length === row.emails.length && next.every((e, i) => e === row.emails[i])) return next;
  await tx.update(shopSettings).set({ notificationEmails: next, updatedAt: new Date() }).where(eq(shopSettings.id, 1));
  // Every process drops its cached settings, so the Settings page shows the new list at once.
  await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, 'changed')`);
  return next;
}

/** The stored list, read now (not from the settings cache): empty means every seller is told. */
export async function readNotificationRecipients(db: DbOrTx): Promise<string[]> {
  const [row] = await db
    .select({ emails: shopSettings.notificationEmails })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  return row?.emails ?? [];
}
