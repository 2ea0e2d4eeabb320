import { and, asc, eq, inArray, isNotNull, notInArray } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { orders } from "~/modules/orders/tables";
import { publishLiveEvent } from "~/db/live-events.server";
import { canMoveOrder } from "./order-lifecycle";
import { recordStatusChange } from "./record-status-change.server";
import { SYSTEM_ACTOR } from "./order-actor";

/** What an order keeps of a customer whose account is gone: number, items, amounts, city and status. */
const ANONYMISED = { fullName: "Deleted customer", email: "", phone: "", address: "", postalCode: null } as const;

export const DELETED_ACCOUNT_NOTE = "Cancelled because the customer deleted their account before it was shipped";

/**
 * Before a buyer's account is deleted, so no order is stranded:
 * - orders not yet shipped are cancelled, their stock put back (`putItemsBack`, the move-order
 *   flow's: it also tells Notify Me), with the reason in their history;
 * - shipped orders keep the address the courier needs, and are anonymised once delivered or
 *   returned (anonymiseIfCustomerDeleted, called by the status change);
 * - every other order is anonymised now.
 */
export async function releaseCustomerOrders(
  db: Db,
  userId: string,
  putItemsBack: (tx: DbOrTx, orderId: string) => Promise<void>,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked in id order, the same order the owner's bulk moves use.
    const mine = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(asc(orders.id))
      .for("update");
    for (const order of mine) {
      if (order.status === "shipped" || !canMoveOrder(order.status, "cancelled")) continue;
      await tx.update(orders).set({ status: "cancelled", updatedAt: now }).where(eq(orders.id, order.id));
      await putItemsBack(tx, order.id);
      await recordStatusChange(tx, {
        orderId: order.id,
        from: order.status,
        to: "cancelled",
        actor: SYSTEM_ACTOR,
        note: DELETED_ACCOUNT_NOTE,
        at: now,
      });
    }
    await tx
      .update(orders)
      .set({ customerDeletedAt: now, updatedAt: now })
      .where(and(eq(orders.userId, userId), eq(orders.status, "shipped")));
    await tx
      .update(orders)
      .set({ ...ANONYMISED, customerDeletedAt: now, updatedAt: now })
      .where(and(eq(orders.userId, userId), notInArray(orders.status, ["shipped"])));
    if (mine.length > 0) await publishLiveEvent(tx, { topic: "orders", userId: null });
  });
}

/**
 * For a status change into delivered or returned: if the customer's account was deleted while the
 * order was on its way, its personal details go now. Call inside the transaction of the change.
 */
export async function anonymiseIfCustomerDeleted(tx: DbOrTx, orderId: string): Promise<void> {
  await tx
    .update(orders)
    .set(ANONYMISED)
    .where(
      and(
        eq(orders.id, orderId),
        isNotNull(orders.customerDeletedAt),
        inArray(orders.status, ["delivered", "returned"]),
      ),
    );
}
