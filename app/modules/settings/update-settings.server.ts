import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { shopSettings } from "~/modules/settings/tables";
import { SETTINGS_CHANNEL } from "../../db/settings-changed";
import {
  DELIVERY_RANGE_MESSAGE,
  readSettingsInput,
  SETTINGS_FIELDS,
  settingsSchema,
  type SettingsField,
} from "./settings-schema";

export type UpdateSettingsResult =
  { ok: true } | { ok: false; errors: Partial<Record<SettingsField, string>>; values: Record<SettingsField, string> };

/**
 * Validates and saves the shop's settings in one go; bad input saves nothing and returns every
 * message by field with the values as typed. A saved change is announced to every server process
 * (after commit) so their page caches drop pages showing the old facts.
 */
export async function updateSettings(db: DbOrTx, posted: Record<string, unknown>): Promise<UpdateSettingsResult> {
  const input = readSettingsInput(posted);
  const parsed = settingsSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Partial<Record<SettingsField, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as SettingsField] ??= issue.message;
    const values = Object.fromEntries(
      SETTINGS_FIELDS.map((f) => [f, typeof input[f] === "string" ? input[f] : ""]),
    ) as Record<SettingsField, string>;
    return { ok: false, errors, values };
  }
  // A client that sends one end of a range alone is judged against the stored other end.
  const [stored] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  const days = { ...stored, ...Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) };
  const rangeErrors: Partial<Record<SettingsField, string>> = {};
  if (days.localDeliveryMaxDays < days.localDeliveryMinDays) rangeErrors.localDeliveryMaxDays = DELIVERY_RANGE_MESSAGE;
  if (days.nationalDeliveryMaxDays < days.nationalDeliveryMinDays)
    rangeErrors.nationalDeliveryMaxDays = DELIVERY_RANGE_MESSAGE;
  if (Object.keys(rangeErrors).length > 0) {
    const values = Object.fromEntries(
      SETTINGS_FIELDS.map((f) => [f, typeof input[f] === "string" ? input[f] : ""]),
    ) as Record<SettingsField, string>;
    return { ok: false, errors: rangeErrors, values };
  }
  await db.transaction(async (tx) => {
    await tx
      .update(shopSettings)
      .set({ ...parsed.data, updatedAt: new Date() })
      .where(eq(shopSettings.id, 1));
    // A non-empty payload: the PostgreSQL listener ignores empty notifications.
    await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, 'changed')`);
  });
  return { ok: true };
}
