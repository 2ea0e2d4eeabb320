import type { DbOrTx } from "~/db/client.server";
import { notify, type Notice } from "~/db/notify.server";
import { shopSettings } from "~/modules/settings/reads";
import type { OutboxMessage } from "./outbox";
import { messageOutbox } from "./tables";

export type { OutboxMessage, QueueMessages } from "./outbox";

/**
 * Postgres channel that wakes the mail workers of every process when a message is queued. It keeps
 * the name it had before the table became `message_outbox`, so during a rolling restart processes of
 * the old and the new version still wake each other.
 */
export const OUTBOX_CHANNEL = "email_outbox";

/**
 * Writes messages to the outbox: the storage half of the transactional outbox (decision 0010); the
 * worker that sends them is mail-worker.server.ts. Another module that queues messages declares a
 * QueueMessages port (./outbox.ts) that a flow gives it this function for. Call it inside the transaction of
 * the event that causes them: the messages exist exactly when the event commits, and the workers are
 * woken only then (NOTIFY is delivered on commit). Nothing is rendered here, so the event's
 * transaction stays short.
 */
export async function queueMessages(
  db: DbOrTx,
  messages: OutboxMessage[],
  shopName?: string,
  { wake = true } = {},
): Promise<void> {
  const wanted = messages.filter((m) => m.to.trim() !== "");
  if (wanted.length === 0) return;
  // The brand name goes into subjects; a caller that has read the settings already passes it.
  const needsName = shopName === undefined && wanted.some((m) => typeof m.subject === "function");
  const [shop] = needsName
    ? await db.select({ name: shopSettings.brandName }).from(shopSettings).limit(1)
    : [{ name: shopName }];
  const name = shop?.name ?? "Shop";
  await db.insert(messageOutbox).values(
    wanted.map((m) => ({
      kind: m.kind,
      toAddress: m.to.trim(),
      subject: typeof m.subject === "function" ? m.subject(name) : m.subject,
      data: m.data,
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
