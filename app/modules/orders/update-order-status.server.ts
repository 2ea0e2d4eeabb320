import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { orders } from "~/db/schema";
import { AppError } from "~/lib/errors";
import { isUuid } from "~/lib/uuid";
import { publishLiveEvent } from "~/db/live-events.server";
import { queueOrderEmails } from "~/modules/messages/order-emails.server";
import { putOrderItemsBack } from "./cancel-order.server";
import { assertOrderMove, paymentStatusAfterMove, restocksWhenMovedTo, type MovingOrder, type OrderStatus } from "./order-lifecycle";
import type { OrderStatusInput } from "./order-status-input";
import { recordStatusChange } from "./record-status-change.server";
import type { OrderActor } from "./order-actor";
import { anonymiseIfCustomerDeleted } from "./release-customer-orders.server";
import { releaseRedemption } from "~/modules/promotions/redeem-discount-code.server";
import { shipmentFollowsOrder } from "~/modules/shipping/booking/shipment-follows-order.server";

export type OrderStatusUpdate = { orderId: string; orderNumber: string; from: OrderStatus; status: OrderStatus };

const NOT_FOUND_MESSAGE = "Order not found";
const COURIER_WHEN_SHIPPING = "Courier and tracking number can be recorded when the order is shipped";

/**
 * The owner moves an order along its lifecycle, in one transaction with the order row locked, so
 * two requests racing on the same order run one after the other and the second sees the first's
 * result (stock goes back exactly once). Courier and tracking number are saved when shipping and
 * may be corrected later on a shipped order (the same status again with new details).
 */
export async function updateOrderStatus(
  db: Db, actor: OrderActor, orderId: string, input: OrderStatusInput, now = new Date(),
): Promise<OrderStatusUpdate> {
  if (!isUuid(orderId)) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
  const courier = { courierName: input.courierName, trackingNumber: input.trackingNumber };
  const givesCourier = Boolean(courier.courierName || courier.trackingNumber);
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id, orderNumber: orders.orderNumber, userId: orders.userId, status: orders.status,
        paymentStatus: orders.paymentStatus, deliveredAt: orders.deliveredAt,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
    const from = order.status;
    const to = input.status;

    if (from === "shipped" && to === "shipped") {
      // Correcting the courier or tracking number of a parcel on its way: no status change.
      if (!givesCourier) throw new AppError("CONFLICT", "This order is already shipped");
      await tx.update(orders).set({ ...defined(courier), updatedAt: now }).where(eq(orders.id, order.id));
      await shipmentFollowsOrder(tx, order, "shipped", { at: now, now, actor, trackingNumber: courier.trackingNumber });
      await publishLiveEvent(tx, { topic: "orders", userId: order.userId });
      return { orderId: order.id, orderNumber: order.orderNumber, from, status: to };
    }

    if (givesCourier && to !== "shipped") throw new AppError("VALIDATION", COURIER_WHEN_SHIPPING, { courierName: COURIER_WHEN_SHIPPING });
    await applyOrderMove(tx, actor, order, to, { now, courier: to === "shipped" ? defined(courier) : {}, note: to === "shipped" ? shippingNote(courier) : null });
    return { orderId: order.id, orderNumber: order.orderNumber, from, status: to };
  });
}

export type { MovingOrder };

/**
 * One move along the lifecycle inside the caller's transaction (the order locked by the caller):
 * checked against the lifecycle, with its payment status, delivery time, stock back exactly once
 * on cancel or return, the parcel kept in step (modules/shipping), the history row, the buyer's
 * e-mail and the live event. The owner's status form and the courier imports both move orders
 * through here. Answers the order as moved.
 */
export async function applyOrderMove<O extends MovingOrder>(
  tx: DbOrTx, actor: OrderActor, order: O, to: OrderStatus,
  opts: { now: Date; note?: string | null; deliveredAt?: Date; courier?: { courierName?: string; trackingNumber?: string } },
): Promise<O> {
  const from = order.status;
  assertOrderMove(from, to, { deliveredAt: order.deliveredAt, now: opts.now });
  const moved: O = {
    ...order,
    status: to,
    paymentStatus: paymentStatusAfterMove(from, to, order.paymentStatus),
    deliveredAt: to === "delivered" ? opts.deliveredAt ?? opts.now : order.deliveredAt,
  };
  await tx
    .update(orders)
    .set({
      status: moved.status,
      paymentStatus: moved.paymentStatus,
      updatedAt: opts.now,
      ...(to === "delivered" ? { deliveredAt: moved.deliveredAt } : {}),
      ...(to === "shipped" ? opts.courier ?? {} : {}),
    })
    .where(eq(orders.id, order.id));
  if (restocksWhenMovedTo(to)) {
    await putOrderItemsBack(tx, order.id);
    // A cancelled or returned order gives its discount code's use back.
    await releaseRedemption(tx, order.id, opts.now);
  }
  const followParcel = () => shipmentFollowsOrder(tx, moved, to, {
    at: to === "delivered" ? opts.deliveredAt ?? opts.now : opts.now,
    now: opts.now,
    actor,
    trackingNumber: to === "shipped" ? opts.courier?.trackingNumber : undefined,
  });
  // A cancelled booking is told in the move's own history row; a settling a delivery causes is a
  // row of its own, after the move's.
  const parcelNote = to === "delivered" ? null : await followParcel();
  const note = [opts.note, parcelNote].filter(Boolean).join(". ") || null;
  await recordStatusChange(tx, { orderId: order.id, from, to, actor, at: opts.now, note });
  if (to === "delivered") await followParcel();
  await queueOrderEmails(tx, order.id, { type: "status", status: to });
  if (to === "delivered" || to === "returned") await anonymiseIfCustomerDeleted(tx, order.id);
  await publishLiveEvent(tx, { topic: "orders", userId: order.userId });
  return moved;
}

function defined(courier: { courierName?: string; trackingNumber?: string }) {
  return Object.fromEntries(Object.entries(courier).filter(([, v]) => v !== undefined)) as { courierName?: string; trackingNumber?: string };
}

function shippingNote({ courierName, trackingNumber }: { courierName?: string; trackingNumber?: string }): string | null {
  if (!courierName && !trackingNumber) return null;
  return [courierName && `Courier: ${courierName}`, trackingNumber && `Tracking: ${trackingNumber}`].filter(Boolean).join(", ");
}
