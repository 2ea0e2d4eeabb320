import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders } from "~/modules/orders/tables";
import { getSettings } from "~/modules/settings/reads";
import { AppError } from "~/lib/errors";
import { isUuid } from "~/lib/uuid";
import { assertOrderMove, paymentStatusAfterMove, type MovingOrder, type OrderStatus } from "./order-lifecycle";

const NOT_FOUND_MESSAGE = "Order not found";

export type LockedOrder = MovingOrder & { orderNumber: string; userId: string | null };

/**
 * The order row, locked until the transaction ends: two requests racing on the same order run one
 * after the other and the second sees the first's result (stock goes back exactly once).
 */
export async function lockOrder(tx: DbOrTx, orderId: string): Promise<LockedOrder> {
  if (!isUuid(orderId)) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
  const [order] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      deliveredAt: orders.deliveredAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
  return order;
}

export type CourierDetails = { courierName?: string; trackingNumber?: string };

/**
 * Writes one move along the lifecycle on the locked order row: checked against the lifecycle, with
 * its payment status, delivery time and (when shipping) the courier. Answers the order as moved.
 * The move's side effects are the move-order flow's (app/flows/move-order.server.ts).
 */
export async function writeOrderMove<O extends MovingOrder>(
  tx: DbOrTx,
  order: O,
  to: OrderStatus,
  opts: { now: Date; deliveredAt?: Date; courier?: CourierDetails; byPayment?: boolean },
): Promise<O> {
  const from = order.status;
  // Only a delivered order's return depends on the shop's return window (a setting, read through its cache).
  const returnWindowDays = from === "delivered" ? (await getSettings(tx)).returnWindowDays : undefined;
  assertOrderMove(from, to, {
    deliveredAt: order.deliveredAt,
    now: opts.now,
    returnWindowDays,
    byPayment: opts.byPayment,
  });
  const moved: O = {
    ...order,
    status: to,
    paymentStatus: paymentStatusAfterMove(from, to, order.paymentStatus),
    deliveredAt: to === "delivered" ? (opts.deliveredAt ?? opts.now) : order.deliveredAt,
  };
  await tx
    .update(orders)
    .set({
      status: moved.status,
      paymentStatus: moved.paymentStatus,
      updatedAt: opts.now,
      ...(to === "delivered" ? { deliveredAt: moved.deliveredAt } : {}),
      ...(to === "shipped" ? (opts.courier ?? {}) : {}),
    })
    .where(eq(orders.id, order.id));
  return moved;
}

/** Corrects the courier or tracking number of a parcel on its way (no status change). */
export async function saveCourierDetails(
  tx: DbOrTx,
  orderId: string,
  courier: CourierDetails,
  now: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({ ...courier, updatedAt: now })
    .where(eq(orders.id, orderId));
}

/**
 * The order's whole paid value went back to the buyer (modules/returns records the refunds): its
 * payment status becomes refunded. The status itself does not move (a delivered order stays delivered).
 */
export async function markOrderRefunded(tx: DbOrTx, orderId: string, now: Date): Promise<void> {
  await tx.update(orders).set({ paymentStatus: "refunded", updatedAt: now }).where(eq(orders.id, orderId));
}
