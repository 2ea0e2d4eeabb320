import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders } from "~/modules/orders/reads";
import { storeCreditEntries } from "~/modules/store-credit/tables";
import { grantStoreCredit } from "./store-credit.server";
import type { GiveBackReason } from "./store-credit-rules";

/**
 * Gives back the store credit an order spent, when the order is cancelled or returned: what its
 * entries spent less what was already given back, so a second call (a double cancel, a cancelled
 * order later marked returned) gives nothing. The caller holds the order's row lock (the move's
 * transaction), which makes two such calls for one order run one after the other. Returns what was
 * given back (0 for an order that used no credit).
 */
export async function giveBackStoreCredit(tx: DbOrTx, orderId: string, reason: GiveBackReason): Promise<number> {
  const [order] = await tx
    .select({ userId: orders.userId, used: orders.storeCreditUsed })
    .from(orders)
    .where(eq(orders.id, orderId));
  // Most orders use no credit: one read by primary key and done. An order whose buyer deleted the
  // account has no balance to go back to.
  if (!order || order.used === 0 || !order.userId) return 0;
  // The buyer's entries (their index) for this order: spent is negative, restored positive.
  const [row] = await tx
    .select({ net: sql<number>`coalesce(sum(${storeCreditEntries.amount}), 0)`.mapWith(Number) })
    .from(storeCreditEntries)
    .where(
      and(
        eq(storeCreditEntries.userId, order.userId),
        eq(storeCreditEntries.orderId, orderId),
        inArray(storeCreditEntries.kind, ["spent", "restored"]),
      ),
    );
  const owed = -(row?.net ?? 0);
  if (owed <= 0) return 0;
  await grantStoreCredit(tx, { userId: order.userId, amount: owed, kind: "restored", orderId, note: reason });
  return owed;
}
