import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { emailOutbox, shopSettings } from "~/db/schema";
import type { EmailKind } from "~/db/schema/statuses";
import { emailSubject, type EmailMessage } from "./email-messages";

/** Postgres channel that wakes the mail workers of every process when an e-mail is queued. */
export const OUTBOX_CHANNEL = "email_outbox";

/**
 * Writes e-mails to the outbox. Call it inside the transaction of the event that causes them: the
 * e-mails exist exactly when the event commits, and the workers are woken only then (NOTIFY is
 * delivered on commit). Nothing is rendered here, so the event's transaction stays short.
 */
export async function queueEmails(db: DbOrTx, messages: EmailMessage[], shopName?: string): Promise<void> {
  const wanted = messages.filter((m) => m.to.trim() !== "");
  if (wanted.length === 0) return;
  // The brand name goes into subjects; a caller that has read the settings already passes it.
  const [shop] = shopName !== undefined ? [{ name: shopName }] : await db.select({ name: shopSettings.brandName }).from(shopSettings).limit(1);
  await db.insert(emailOutbox).values(
    wanted.map((m) => ({
      kind: m.kind,
      toAddress: m.to.trim(),
      subject: emailSubject(m.kind, m.data, shop?.name ?? "Shop"),
      data: m.data as Record<string, unknown>,
      orderId: m.orderId ?? null,
      orderNumber: m.orderNumber ?? null,
    })),
  );
  await wakeMailWorkers(db);
}

/** Wakes the mail worker of every process once the caller's transaction commits (NOTIFY waits for it). */
export async function wakeMailWorkers(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, 'queued')`);
}

export async function queueEmail<K extends EmailKind>(db: DbOrTx, message: EmailMessage<K>): Promise<void> {
  await queueEmails(db, [message as EmailMessage]);
}
