import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { orderItems, orders, productVariants } from "~/db/schema";
import { AppError } from "~/lib/errors";
import { publishLiveEvent } from "~/db/live-events.server";
import { isUuid } from "~/lib/uuid";
import type { OrderViewer } from "./get-order.server";
import { buyerCanCancel, canMoveOrder } from "./order-lifecycle";
import { queueOrderEmails } from "~/modules/messages/order-emails.server";
import { recordStatusChange } from "./record-status-change.server";
import { announceRestock, stockBeforeChange } from "~/modules/notify-me/announce-restock.server";
import { releaseRedemption } from "~/modules/promotions/redeem-discount-code.server";
import { shipmentFollowsOrder } from "~/modules/shipping/booking/shipment-follows-order.server";

export type CancelOrderResult = { orderId: string; orderNumber: string; status: "cancelled" };

const NOT_FOUND_MESSAGE = "Order not found";

/**
 * Cancels an order and puts its items back into stock. A buyer may cancel their own order while it
 * is pending or confirmed; a seller may cancel any order the lifecycle allows (up to processing).
 */
export async function cancelOrder(db: Db, viewer: OrderViewer, orderId: string): Promise<CancelOrderResult> {
  if (!isUuid(orderId)) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
  return db.transaction(async (tx) => {
    // The row lock makes a double cancel (or a cancel racing the owner's status change) wait and
    // then see the new status, so stock is never put back twice.
    const [order] = await tx
      .select({ id: orders.id, orderNumber: orders.orderNumber, userId: orders.userId, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    // Someone else's order is "not found" too: its id reveals nothing.
    if (!order || (viewer.role !== "seller" && order.userId !== viewer.id)) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
    const allowed = viewer.role === "seller" ? canMoveOrder(order.status, "cancelled") : buyerCanCancel(order.status);
    if (!allowed) throw new AppError("CONFLICT", "This order can no longer be cancelled");

    const now = new Date();
    await tx.update(orders).set({ status: "cancelled", updatedAt: now }).where(eq(orders.id, order.id));
    await putOrderItemsBack(tx, order.id);
    await releaseRedemption(tx, order.id, now);
    // A booked parcel leaves the load sheet and the labels with its order.
    const actor = { id: viewer.id, name: viewer.role === "seller" ? (viewer.name ?? "Shop") : "Customer" };
    const note = await shipmentFollowsOrder(tx, { id: order.id }, "cancelled", { at: now, now, actor });
    await recordStatusChange(tx, { orderId: order.id, from: order.status, to: "cancelled", actor, note });
    // A buyer's own cancellation is news to the shop (it may be about to pack the order); the owner's is not.
    await queueOrderEmails(tx, order.id, viewer.role === "seller" ? { type: "status", status: "cancelled" } : { type: "cancelled-by-buyer", from: order.status });
    await publishLiveEvent(tx, { topic: "orders", userId: order.userId });
    return { orderId: order.id, orderNumber: order.orderNumber, status: "cancelled" as const };
  });
}

/**
 * Undoes what placing the order took: each item's quantity back on its variant (skipped when the
 * variant has since been deleted). Units sold are counted from order items, so nothing else changes. For cancel and return; call it
 * inside the transaction that changes the status, after locking the order row. Units that make a
 * sold-out product buyable again deliver its Notify Me sign-ups (announceRestock).
 */
export async function putOrderItemsBack(tx: DbOrTx, orderId: string): Promise<void> {
  const items = await tx
    .select({ productId: orderItems.productId, variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));

  const byVariant = new Map<number, number>();
  const productIds = new Set<string>();
  for (const item of items) {
    if (item.variantId !== null) byVariant.set(item.variantId, (byVariant.get(item.variantId) ?? 0) + item.quantity);
    if (item.productId !== null) productIds.add(item.productId);
  }
  const stockBefore = await stockBeforeChange(tx, [...productIds]);
  // In variant id order: the same lock order as placing an order, so the two never deadlock.
  for (const [variantId, quantity] of [...byVariant].sort(([a], [b]) => a - b)) {
    await tx.update(productVariants).set({ stock: sql`${productVariants.stock} + ${quantity}` }).where(eq(productVariants.id, variantId));
  }
  await announceRestock(tx, stockBefore);
}
