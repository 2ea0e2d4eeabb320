import { count, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { contactMessages } from "~/modules/contact/reads";
import { orders } from "~/modules/orders/reads";
import { returnRequests } from "~/modules/returns/reads";

export type WaitingCounts = { pendingOrders: number; newReturns: number; unreadMessages: number; failedEmails: number };

/**
 * What waits for the owner: pending orders to confirm, new return requests to approve or reject,
 * contact messages not yet handled, and e-mails that failed and were not sent again. Four indexed
 * counts (return_requests(status, created_at) for the returns).
 */
export async function countWaiting(db: DbOrTx): Promise<WaitingCounts> {
  const [[pending], [returns], [unread], failed] = await Promise.all([
    db.select({ n: count() }).from(orders).where(eq(orders.status, "pending")),
    db.select({ n: count() }).from(returnRequests).where(eq(returnRequests.status, "requested")),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
    db.execute(sql`select count(*)::int as n from message_outbox e
      where e.channel = 'email' and e.status = 'failed' and not exists (select 1 from message_outbox r where r.resent_from = e.id)`),
  ]);
  const [failedRow] = (failed as unknown as { rows: { n: number }[] }).rows;
  return {
    pendingOrders: pending.n,
    newReturns: returns.n,
    unreadMessages: unread.n,
    failedEmails: Number(failedRow.n),
  };
}
