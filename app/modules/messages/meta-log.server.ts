import { and, count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { messageOutbox } from "~/modules/messages/tables";

/** One Purchase on its way to Meta, as Settings -> Marketing lists it. */
export type MetaLogEntry = {
  id: number;
  orderId: string | null;
  orderNumber: string | null;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

/**
 * The newest Purchases queued for Meta's Conversions API (the outbox's Meta channel) and how many
 * stand in each state, counted in SQL: what was sent, what waits for a retry, what Meta refused and why.
 */
export async function readMetaLog(
  db: DbOrTx,
  limit = 20,
): Promise<{ entries: MetaLogEntry[]; counts: Record<string, number> }> {
  const meta = eq(messageOutbox.channel, "meta");
  const [entries, counts] = await Promise.all([
    db
      .select({
        id: messageOutbox.id,
        orderId: messageOutbox.orderId,
        orderNumber: messageOutbox.orderNumber,
        subject: messageOutbox.subject,
        status: messageOutbox.status,
        attempts: messageOutbox.attempts,
        lastError: messageOutbox.lastError,
        createdAt: messageOutbox.createdAt,
        sentAt: messageOutbox.sentAt,
      })
      .from(messageOutbox)
      .where(and(meta, eq(messageOutbox.kind, "meta_purchase")))
      .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id))
      .limit(limit),
    db
      .select({ status: messageOutbox.status, n: count() })
      .from(messageOutbox)
      .where(meta)
      .groupBy(messageOutbox.status),
  ]);
  return { entries, counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) };
}
