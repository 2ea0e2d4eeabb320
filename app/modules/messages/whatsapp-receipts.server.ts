import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { messageOutbox } from "~/modules/messages/tables";
import type { MessageStatus } from "~/db/schema/statuses";
import { whatsappNonceMatches } from "./whatsapp-delivery.server";
import type { WhatsappReceipt } from "./whatsapp-webhook-reader";

/** The log row's states a receipt may move on from: never back (a late "delivered" does not undo "read"). */
const ROW_BEFORE: Record<WhatsappReceipt, MessageStatus[]> = {
  sent: ["queued", "sending"],
  delivered: ["queued", "sending", "sent"],
  read: ["queued", "sending", "sent", "delivered"],
  failed: ["queued", "sending", "sent"],
};

/**
 * A receipt from Meta onto the WhatsApp log row with that message id (sent, delivered, read,
 * failed with Meta's reason), only forward. The row's kind and order, or null when no message has
 * that id. Inside the caller's transaction.
 */
export async function recordWhatsappReceipt(
  tx: DbOrTx,
  messageId: string,
  receipt: WhatsappReceipt,
  at: Date,
  error: string | null,
): Promise<{ kind: string; orderId: string | null } | null> {
  const [row] = await tx
    .select({ id: messageOutbox.id, kind: messageOutbox.kind, orderId: messageOutbox.orderId })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.channel, "whatsapp"), eq(messageOutbox.messageId, messageId)));
  if (!row) return null;
  await tx
    .update(messageOutbox)
    .set({
      status: receipt,
      ...(receipt === "sent" ? { sentAt: sql`coalesce(${messageOutbox.sentAt}, ${at})` } : {}),
      ...(receipt === "delivered" ? { deliveredAt: at } : {}),
      ...(receipt === "read" ? { readAt: at, deliveredAt: sql`coalesce(${messageOutbox.deliveredAt}, ${at})` } : {}),
      ...(error ? { lastError: error } : {}),
    })
    .where(and(eq(messageOutbox.id, row.id), inArray(messageOutbox.status, ROW_BEFORE[receipt])));
  return { kind: row.kind, orderId: row.orderId };
}

/** Whether a tapped button's nonce is the one of a WhatsApp confirmation sent for this order. */
export async function confirmationNonceMatches(tx: DbOrTx, orderId: string, nonce: string): Promise<boolean> {
  const confirmations = await tx
    .select({ data: messageOutbox.data })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.orderId, orderId), eq(messageOutbox.kind, "whatsapp_confirmation")));
  return confirmations.some((row) => whatsappNonceMatches(row.data.nonce, nonce));
}
