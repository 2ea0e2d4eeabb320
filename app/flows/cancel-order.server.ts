import { publishLiveEvent } from "~/db/live-events.server";
import { AppError } from "~/lib/errors";
import { queueOrderEmails } from "~/modules/messages/order-emails.server";
import type { OrderViewer } from "~/modules/orders/get-order.server";
import { buyerCanCancel, canMoveOrder } from "~/modules/orders/order-lifecycle";
import { lockOrder, writeOrderMove } from "~/modules/orders/order-row-moves.server";
import { recordStatusChange } from "~/modules/orders/record-status-change.server";
import { releaseRedemption } from "~/modules/promotions/redeem-discount-code.server";
import { shipmentFollowsOrder } from "~/modules/shipping/booking/shipment-follows-order.server";
import type { FlowContext } from "./flow-context";
import { orderDesk, putOrderItemsBack } from "./move-order.server";

export type CancelOrderResult = { orderId: string; orderNumber: string; status: "cancelled" };

const NOT_FOUND_MESSAGE = "Order not found";

/**
 * Cancels an order and puts its items back into stock. A buyer may cancel their own order while it
 * is pending or confirmed; a seller may cancel any order the lifecycle allows (up to processing).
 */
export async function cancelOrder({ db, now: fixedNow }: FlowContext, viewer: OrderViewer, orderId: string): Promise<CancelOrderResult> {
  return db.transaction(async (tx) => {
    // The row lock makes a double cancel (or a cancel racing the owner's status change) wait and
    // then see the new status, so stock is never put back twice.
    const order = await lockOrder(tx, orderId);
    // Someone else's order is "not found" too: its id reveals nothing.
    if (viewer.role !== "seller" && order.userId !== viewer.id) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
    const allowed = viewer.role === "seller" ? canMoveOrder(order.status, "cancelled") : buyerCanCancel(order.status);
    if (!allowed) throw new AppError("CONFLICT", "This order can no longer be cancelled");

    const now = fixedNow ?? new Date();
    await writeOrderMove(tx, order, "cancelled", { now });
    await putOrderItemsBack(tx, order.id);
    await releaseRedemption(tx, order.id, now);
    // A booked parcel leaves the load sheet and the labels with its order.
    const actor = { id: viewer.id, name: viewer.role === "seller" ? (viewer.name ?? "Shop") : "Customer" };
    const note = await shipmentFollowsOrder(tx, { id: order.id }, "cancelled", { at: now, now, actor, desk: orderDesk });
    await recordStatusChange(tx, { orderId: order.id, from: order.status, to: "cancelled", actor, note, at: now });
    // A buyer's own cancellation is news to the shop (it may be about to pack the order); the owner's is not.
    await queueOrderEmails(tx, order.id, viewer.role === "seller" ? { type: "status", status: "cancelled" } : { type: "cancelled-by-buyer", from: order.status });
    await publishLiveEvent(tx, { topic: "orders", userId: order.userId });
    return { orderId: order.id, orderNumber: order.orderNumber, status: "cancelled" as const };
  });
}
