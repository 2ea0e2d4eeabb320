import { count, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { contactMessages, orders } from "~/db/schema";

/** What waits for the owner: pending orders to confirm and contact messages not yet handled. Two indexed counts. */
export async function countWaiting(db: DbOrTx): Promise<{ pendingOrders: number; unreadMessages: number }> {
  const [[pending], [unread]] = await Promise.all([
    db.select({ n: count() }).from(orders).where(eq(orders.status, "pending")),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
  ]);
  return { pendingOrders: pending.n, unreadMessages: unread.n };
}
