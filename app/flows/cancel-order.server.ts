import { AppError } from "~/lib/errors";
import type { OrderViewer } from "~/modules/orders/get-order.server";
import { buyerCanCancel, canMoveOrder } from "~/modules/orders/order-lifecycle";
import { lockOrder } from "~/modules/orders/order-row-moves.server";
import type { FlowContext } from "./flow-context";
import { applyOrderMove } from "./move-order.server";

export type CancelOrderResult = { orderId: string; orderNumber: string; status: "cancelled" };

const NOT_FOUND_MESSAGE = "Order not found";

/**
 * Cancels an order: a move to cancelled with every side effect of a move (stock back, the code's
 * use given back, a booked parcel off the load sheet and labels, history, e-mail, live event). A
 * buyer may cancel their own order while it is pending or confirmed; a seller may cancel any order
 * the lifecycle allows (up to processing).
 */
export async function cancelOrder(
  { db, now: fixedNow }: FlowContext,
  viewer: OrderViewer,
  orderId: string,
): Promise<CancelOrderResult> {
  return db.transaction(async (tx) => {
    // The row lock makes a double cancel (or a cancel racing the owner's status change) wait and
    // then see the new status, so stock is never put back twice.
    const order = await lockOrder(tx, orderId);
    // Someone else's order is "not found" too: its id reveals nothing.
    if (viewer.role !== "seller" && order.userId !== viewer.id) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
    const allowed = viewer.role === "seller" ? canMoveOrder(order.status, "cancelled") : buyerCanCancel(order.status);
    if (!allowed) throw new AppError("CONFLICT", "This order can no longer be cancelled");

    const actor = { id: viewer.id, name: viewer.role === "seller" ? (viewer.name ?? "Shop") : "Customer" };
    await applyOrderMove(tx, actor, order, "cancelled", {
      now: fixedNow ?? new Date(),
      // A buyer's own cancellation is news to the shop (it may be about to pack the order); the owner's is not.
      emails: viewer.role === "seller" ? undefined : { type: "cancelled-by-buyer", from: order.status },
    });
    return { orderId: order.id, orderNumber: order.orderNumber, status: "cancelled" as const };
  });
}
