import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { whatsappSettings } from "~/modules/messages/tables";
import { lastFour, type SecretBox } from "~/db/secret-box.server";
import type { WhatsappAccount } from "./message-sender";
import type { WhatsappTemplateNames } from "./whatsapp-messages";
import type { WhatsappSettingsInput } from "./whatsapp-settings-form";

/**
 * The shop's WhatsApp settings (one row, modules/messages/tables.ts). Secrets are sealed with the
 * "whatsapp-settings" secret box before they are written and opened only where they are used (the
 * worker's send, part 2's webhook check): what pages read is the view, with their last four
 * characters only.
 */
export type WhatsappSettingsView = WhatsappTemplateNames & {
  phoneNumberId: string;
  accessTokenLast4: string;
  appSecretLast4: string;
  verifyTokenLast4: string;
  language: string;
  sendDelayMinutes: number;
  needsCallHours: number;
  updatedAt: Date;
};

/** Everything the sending side needs, secrets opened. Server-only: never in loader data, a log or an answer. */
export type WhatsappConfig = WhatsappSettingsView & {
  account: WhatsappAccount;
  appSecret: string;
  verifyToken: string;
};

export async function readWhatsappSettings(db: DbOrTx): Promise<WhatsappSettingsView | null> {
  const [row] = await db.select().from(whatsappSettings).where(eq(whatsappSettings.id, 1));
  if (!row) return null;
  return {
    phoneNumberId: row.phoneNumberId,
    accessTokenLast4: row.accessTokenLast4,
    appSecretLast4: row.appSecretLast4,
    verifyTokenLast4: row.verifyTokenLast4,
    confirmationTemplate: row.confirmationTemplate,
    shippedTemplate: row.shippedTemplate,
    deliveredTemplate: row.deliveredTemplate,
    cartReminderTemplate: row.cartReminderTemplate,
    language: row.language,
    sendDelayMinutes: row.sendDelayMinutes,
    needsCallHours: row.needsCallHours,
    updatedAt: row.updatedAt,
  };
}

/**
 * The settings with their secrets opened: null when there are none (WhatsApp is off); `unreadable`
 * when a stored secret cannot be opened (the auth secret changed, or the row was altered): the owner
 * enters them again.
 */
export async function loadWhatsappConfig(
  db: DbOrTx,
  box: SecretBox,
): Promise<{ config: WhatsappConfig } | { config: null; unreadable: boolean }> {
  const [row] = await db.select().from(whatsappSettings).where(eq(whatsappSettings.id, 1));
  if (!row) return { config: null, unreadable: false };
  try {
    const view = (await readWhatsappSettings(db))!;
    return {
      config: {
        ...view,
        account: { phoneNumberId: row.phoneNumberId, accessToken: box.open(row.accessToken) },
        appSecret: box.open(row.appSecret),
        verifyToken: box.open(row.verifyToken),
      },
    };
  } catch {
    return { config: null, unreadable: true };
  }
}

/** Saves the form: the secrets typed are sealed; a secret left empty keeps the stored one (the form checked one is stored). */
export async function saveWhatsappSettings(db: DbOrTx, box: SecretBox, input: WhatsappSettingsInput): Promise<void> {
  const sealed = (value: string | null) => (value === null ? null : { value: box.seal(value), last4: lastFour(value) });
  const token = sealed(input.accessToken);
  const appSecret = sealed(input.appSecret);
  const verify = sealed(input.verifyToken);
  const plain = {
    phoneNumberId: input.phoneNumberId,
    confirmationTemplate: input.confirmationTemplate,
    shippedTemplate: input.shippedTemplate,
    deliveredTemplate: input.deliveredTemplate,
    ...(input.cartReminderTemplate ? { cartReminderTemplate: input.cartReminderTemplate } : {}),
    language: input.language,
    sendDelayMinutes: input.sendDelayMinutes,
    needsCallHours: input.needsCallHours,
  };
  const secrets = {
    ...(token ? { accessToken: token.value, accessTokenLast4: token.last4 } : {}),
    ...(appSecret ? { appSecret: appSecret.value, appSecretLast4: appSecret.last4 } : {}),
    ...(verify ? { verifyToken: verify.value, verifyTokenLast4: verify.last4 } : {}),
  };
  const [existing] = await db
    .select({ id: whatsappSettings.id })
    .from(whatsappSettings)
    .where(eq(whatsappSettings.id, 1));
  if (existing) {
    await db
      .update(whatsappSettings)
      .set({ ...plain, ...secrets, updatedAt: sql`now()` })
      .where(eq(whatsappSettings.id, 1));
    return;
  }
  if (!token || !appSecret || !verify) throw new Error("the first WhatsApp settings need all three secrets");
  await db
    .insert(whatsappSettings)
    .values({
      id: 1,
      ...plain,
      accessToken: token.value,
      accessTokenLast4: token.last4,
      appSecret: appSecret.value,
      appSecretLast4: appSecret.last4,
      verifyToken: verify.value,
      verifyTokenLast4: verify.last4,
    })
    .onConflictDoUpdate({ target: whatsappSettings.id, set: { ...plain, ...secrets, updatedAt: sql`now()` } });
}

/** "Turn off WhatsApp": the row goes, secrets and all; messages already queued are then kept, not sent. */
export async function deleteWhatsappSettings(db: DbOrTx): Promise<boolean> {
  const removed = await db
    .delete(whatsappSettings)
    .where(eq(whatsappSettings.id, 1))
    .returning({ id: whatsappSettings.id });
  return removed.length > 0;
}
