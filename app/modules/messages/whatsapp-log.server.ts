import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { messageOutbox } from "~/modules/messages/tables";
import type { MessageStatus, WhatsappKind } from "~/db/schema/statuses";
import { pageWindow } from "~/lib/page-window";
import { WHATSAPP_LOG_PAGE_SIZE, type WhatsappLogQuery } from "./whatsapp-log";

/** One row of the WhatsApp log: no template data (it holds the buttons' nonces), no body. */
export type WhatsappLogEntry = {
  id: number;
  kind: WhatsappKind;
  to: string;
  orderId: string | null;
  orderNumber: string | null;
  status: MessageStatus;
  messageId: string | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
  sentAt: Date | null;
  deliveredAt: Date | null;
  readAt: Date | null;
  text: string | null;
};

const WHATSAPP = eq(messageOutbox.channel, "whatsapp");

/** One page of the whatsapp channel's messages, newest first, counted and paged in SQL. */
export async function listWhatsappLog(
  db: DbOrTx,
  query: WhatsappLogQuery,
): Promise<{ entries: WhatsappLogEntry[]; total: number; page: number; pageCount: number }> {
  const statuses: MessageStatus[] | null =
    query.status === "queued" ? ["queued", "sending"] : query.status ? [query.status] : null;
  const where = and(WHATSAPP, statuses ? inArray(messageOutbox.status, statuses) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(messageOutbox).where(where);
  const { page, pageCount, offset } = pageWindow(total, query.page, WHATSAPP_LOG_PAGE_SIZE);
  const rows = await db
    .select({
      id: messageOutbox.id,
      kind: messageOutbox.kind,
      to: messageOutbox.toAddress,
      orderId: messageOutbox.orderId,
      orderNumber: messageOutbox.orderNumber,
      status: messageOutbox.status,
      messageId: messageOutbox.messageId,
      attempts: messageOutbox.attempts,
      lastError: messageOutbox.lastError,
      nextAttemptAt: messageOutbox.nextAttemptAt,
      createdAt: messageOutbox.createdAt,
      sentAt: messageOutbox.sentAt,
      deliveredAt: messageOutbox.deliveredAt,
      readAt: messageOutbox.readAt,
      text: messageOutbox.text,
    })
    .from(messageOutbox)
    .where(where)
    .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id))
    .limit(WHATSAPP_LOG_PAGE_SIZE)
    .offset(offset);
  return { entries: rows.map((r) => ({ ...r, kind: r.kind as WhatsappKind })), total, page, pageCount };
}
