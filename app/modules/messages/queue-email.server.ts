import type { DbOrTx } from "~/db/client.server";
import { notify, type Notice } from "~/db/notify.server";
import { messageOutbox, shopSettings } from "~/db/schema";
import type { EmailKind } from "~/db/schema/statuses";
import { emailSubject, type EmailMessage } from "./email-messages";

/** Postgres channel that wakes the mail workers of every process when an e-mail is queued. */
export const OUTBOX_CHANNEL = "email_outbox";

/**
 * Writes e-mails to the outbox. Call it inside the transaction of the event that causes them: the
 * e-mails exist exactly when the event commits, and the workers are woken only then (NOTIFY is
 * delivered on commit). Nothing is rendered here, so the event's transaction stays short.
 */
export async function queueEmails(db: DbOrTx, messages: EmailMessage[], shopName?: string, { wake = true } = {}): Promise<void> {
  const wanted = messages.filter((m) => m.to.trim() !== "");
  if (wanted.length === 0) return;
  // The brand name goes into subjects; a caller that has read the settings already passes it.
  const [shop] = shopName !== undefined ? [{ name: shopName }] : await db.select({ name: shopSettings.brandName }).from(shopSettings).limit(1);
  await db.insert(messageOutbox).values(
    wanted.map((m) => ({
      kind: m.kind,
      toAddress: m.to.trim(),
      subject: emailSubject(m.kind, m.data, shop?.name ?? "Shop"),
      data: m.data as Record<string, unknown>,
      orderId: m.orderId ?? null,
      orderNumber: m.orderNumber ?? null,
    })),
  );
  // `wake: false`: the caller sends MAIL_WAKE with its own notices, in one statement.
  if (wake) await wakeMailWorkers(db);
}

/** The notice that wakes the mail worker of every process once the transaction commits (NOTIFY waits for it). */
export const MAIL_WAKE: Notice = { channel: OUTBOX_CHANNEL, payload: "queued" };

export async function wakeMailWorkers(db: DbOrTx): Promise<void> {
  await notify(db, [MAIL_WAKE]);
}

export async function queueEmail<K extends EmailKind>(db: DbOrTx, message: EmailMessage<K>): Promise<void> {
  await queueEmails(db, [message as EmailMessage]);
}
