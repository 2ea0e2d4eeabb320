import { and, eq, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couriers, orders, shipments } from "~/db/schema";
import type { OrderStatus } from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";

/**
 * Keeps an order's parcel in step with a move made anywhere: the owner's status form, the bulk bar,
 * a buyer's cancel or a courier import. Cash with couriers and the delivery rates read the parcel's
 * delivered and returned times, and an import matches a tracking number typed by hand, so a move made
 * by hand must reach the parcel too. A cancelled order's booking is removed, so it leaves the load
 * sheet the rider signs, the labels, the booking file and the rates.
 *
 * Call it inside the move's transaction, after the order row is locked. Returns a note for the
 * order's history when it removed a booking (the owner may have to cancel it on the courier's portal).
 */
export async function shipmentFollowsOrder(
  tx: DbOrTx, orderId: string, to: OrderStatus, opts: { at: Date; trackingNumber?: string },
): Promise<string | null> {
  if (to === "cancelled") {
    const [removed] = await tx
      .delete(shipments)
      .where(eq(shipments.orderId, orderId))
      .returning({ courierId: shipments.courierId, trackingNumber: shipments.trackingNumber });
    return removed ? bookingCancelledNote(await courierName(tx, removed.courierId), removed.trackingNumber) : null;
  }
  if (to === "delivered") {
    await tx.update(shipments).set({ deliveredAt: opts.at }).where(and(eq(shipments.orderId, orderId), isNull(shipments.deliveredAt)));
  } else if (to === "returned") {
    await tx.update(shipments).set({ returnedAt: opts.at }).where(and(eq(shipments.orderId, orderId), isNull(shipments.returnedAt)));
  } else if (to === "shipped" && opts.trackingNumber) {
    await giveTrackingNumber(tx, orderId, opts.trackingNumber);
  }
  return null;
}

/**
 * A tracking number typed by hand goes on the parcel as well. The same number on another parcel of
 * the same courier is a typo the owner must hear about, not a database error.
 */
async function giveTrackingNumber(tx: DbOrTx, orderId: string, trackingNumber: string): Promise<void> {
  const [parcel] = await tx.select({ id: shipments.id, courierId: shipments.courierId }).from(shipments).where(eq(shipments.orderId, orderId));
  if (!parcel) return;
  const [clash] = await tx
    .select({ orderNumber: orders.orderNumber })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.courierId, parcel.courierId), eq(shipments.trackingNumber, trackingNumber), ne(shipments.id, parcel.id)));
  if (clash) {
    const message = `Tracking number ${trackingNumber} is already on order ${clash.orderNumber}`;
    throw new AppError("VALIDATION", message, { trackingNumber: message });
  }
  await tx.update(shipments).set({ trackingNumber }).where(eq(shipments.id, parcel.id));
}

async function courierName(tx: DbOrTx, courierId: number): Promise<string> {
  const [courier] = await tx.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, courierId));
  return courier?.name ?? "the courier";
}

export function bookingCancelledNote(courier: string, trackingNumber: string | null): string {
  return `Booking with ${courier}${trackingNumber ? ` (${trackingNumber})` : ""} cancelled: cancel it on ${courier}'s portal too if the booking file was uploaded`;
}
