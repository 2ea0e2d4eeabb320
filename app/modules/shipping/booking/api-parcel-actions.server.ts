import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { couriers, shipments } from "~/modules/shipping/tables";
import { orders } from "~/modules/orders/reads";
import type { SecretBox } from "~/db/secret-box.server";
import type { ApiCourierKind } from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";
import { isUuid } from "~/lib/uuid";
import { publishLiveEvents } from "~/db/live-events.server";
import type { OrderActor } from "~/modules/orders/order-actor";
import { CourierApiError, type CourierApis, type CourierLabel } from "../couriers/courier-api";
import { CREDENTIALS_UNREADABLE, openCourierCredentials } from "../connection/courier-credentials.server";
import { scrubSecrets } from "../connection/scrub-secrets";
import type { OrderDesk } from "../order-desk";

/** The parcel of an order with its courier, as the airway bill, Try again and Cancel booking read it. */
async function parcelOfOrder(db: Db, orderId: string) {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({ shipment: shipments, courier: couriers, orderNumber: orders.orderNumber })
    .from(shipments)
    .innerJoin(couriers, eq(couriers.id, shipments.courierId))
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.orderId, orderId));
  return row ?? null;
}

function credentialsOf(courier: typeof couriers.$inferSelect, box: SecretBox) {
  const opened = openCourierCredentials(courier, box);
  if (!opened.credentials)
    throw new AppError(
      "CONFLICT",
      opened.unreadable
        ? `${courier.name}: ${CREDENTIALS_UNREADABLE}`
        : `${courier.name}'s API is not connected: connect it in Settings -> Couriers`,
    );
  return opened.credentials;
}

/**
 * The courier's own airway bill for a parcel booked over its API: its PDF, or where the courier
 * keeps it. An order without such a parcel is a 404; the courier's refusal comes back in its words.
 */
export async function courierAirwayBill(
  db: Db,
  apis: CourierApis,
  box: SecretBox,
  orderId: string,
): Promise<{ label: CourierLabel; fileName: string }> {
  const found = await parcelOfOrder(db, orderId);
  if (
    !found ||
    found.shipment.bookingState !== "booked" ||
    !found.shipment.trackingNumber ||
    found.courier.provider === "file"
  ) {
    throw new AppError("NOT_FOUND", "This order has no parcel booked over a courier's API: print our label instead");
  }
  const { shipment, courier } = found;
  const api = apis[courier.provider as ApiCourierKind];
  if (!api.offers.label)
    throw new AppError(
      "NOT_FOUND",
      `${courier.name} publishes no airway bill: print our label, which carries its tracking number`,
    );
  const credentials = credentialsOf(courier, box);
  try {
    const label = await api.label(credentials, shipment.trackingNumber!, shipment.courierLabelUrl);
    return { label, fileName: `airway-bill-${found.orderNumber}.pdf` };
  } catch (error) {
    if (!(error instanceof CourierApiError)) throw error;
    throw new AppError(
      "CONFLICT",
      `${courier.name} did not give the airway bill: ${scrubSecrets(error.message, credentials)}`,
    );
  }
}

/**
 * Before a booking is taken back: a parcel booked over a courier's API is cancelled with the
 * courier first (answers the tracking number it cancelled, or null when nothing was at the
 * courier). A failed booking whose request may have reached the courier (an answer lost, the
 * booking given up) is looked up there first (findBooking, from its first request to now) and
 * cancelled if the courier has it. Refused (or unreachable), nothing changes and the courier's words
 * come back; a booking still waiting for the courier's answer cannot be cancelled until it has one.
 * Parcels booked through files, and bookings never sent, have nothing to cancel at the courier.
 */
export async function cancelAtCourier(
  db: Db,
  apis: CourierApis | undefined,
  box: SecretBox | undefined,
  orderId: string,
  now = new Date(),
): Promise<string | null> {
  const found = await parcelOfOrder(db, orderId);
  if (!found || found.courier.provider === "file") return null;
  const { shipment, courier } = found;
  if (shipment.bookingState === "requested") {
    throw new AppError(
      "CONFLICT",
      `${found.orderNumber}: ${courier.name} has not answered the booking yet: wait a minute and try again`,
    );
  }
  // A failed booking with a tracking number is one the courier refused to cancel (picked up): nothing more to ask.
  if (shipment.bookingState === "failed" && (shipment.trackingNumber || shipment.bookingAttempts === 0)) return null;
  if (shipment.bookingState !== "failed" && !shipment.trackingNumber) return null;
  if (!apis || !box)
    throw new Error(
      "cancelling a booking made over a courier's API needs the couriers' APIs and the credentials' secret box",
    );
  const credentials = credentialsOf(courier, box);
  const api = apis[courier.provider as ApiCourierKind];
  let trackingNumber = shipment.trackingNumber;
  let outcome;
  try {
    if (!trackingNumber) {
      // A courier with no lookup by order number (TCS): its booking failure asked the owner to check its portal.
      if (!api.offers.findBooking) return null;
      const sent = { from: shipment.bookingFirstSentAt ?? shipment.bookedAt, to: now };
      trackingNumber = (await api.findBooking(credentials, found.orderNumber, sent))?.trackingNumber ?? null;
      if (!trackingNumber) return null;
    }
    const asked = trackingNumber;
    [outcome] = (await api.cancel(credentials, [asked])).filter((o) => o.trackingNumber === asked);
  } catch (error) {
    if (!(error instanceof CourierApiError)) throw error;
    const what = trackingNumber ?? `whether it booked ${found.orderNumber}`;
    throw new AppError(
      "CONFLICT",
      `${courier.name} could not ${trackingNumber ? "cancel" : "say"} ${what}: ${scrubSecrets(error.message, credentials)}. Nothing was changed.`,
    );
  }
  if (!outcome?.cancelled) {
    const words = outcome?.message ? scrubSecrets(outcome.message, credentials) : "no reason given";
    throw new AppError("CONFLICT", `${courier.name} did not cancel ${trackingNumber}: ${words}. Nothing was changed.`);
  }
  return trackingNumber;
}

/**
 * Try again: a failed booking (the courier refused it; the cause has been fixed) is requested
 * again, now. Its earlier attempts are kept, so the courier is asked for the order first if an
 * earlier request may have reached it. Answers the shipment to book.
 */
export async function requestBookingAgain(
  db: Db,
  actor: OrderActor,
  orderId: string,
  desk: OrderDesk,
  now = new Date(),
): Promise<{ shipmentId: number; orderNumber: string }> {
  if (!isUuid(orderId)) throw new AppError("NOT_FOUND", "Order not found");
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status, userId: orders.userId })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) throw new AppError("NOT_FOUND", "Order not found");
    const [row] = await tx
      .update(shipments)
      .set({ bookingState: "requested", bookingNextAt: now, bookingError: null, bookedAt: now, bookedBy: actor.id })
      .where(and(eq(shipments.orderId, orderId), eq(shipments.bookingState, "failed")))
      .returning({ id: shipments.id, courierId: shipments.courierId });
    if (!row) throw new AppError("CONFLICT", `${order.orderNumber} has no failed booking to try again`);
    const [courier] = await tx.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, row.courierId));
    await desk.recordHistory(tx, [
      {
        orderId,
        from: order.status,
        to: order.status,
        actor,
        at: now,
        note: `Booking requested from ${courier?.name ?? "the courier"} again`,
      },
    ]);
    await publishLiveEvents(tx, "orders", order.userId ? [order.userId] : []);
    return { shipmentId: row.id, orderNumber: order.orderNumber };
  });
}

/** The orders among `orderIds` booked over a courier's API, whose courier has its own airway bill to print (Print Labels lists them). */
export async function ordersWithAirwayBills(
  db: Db,
  orderIds: readonly string[],
  apis: CourierApis,
): Promise<{ orderId: string; orderNumber: string; courier: string }[]> {
  const ids = [...new Set(orderIds.filter(isUuid))];
  // Couriers that publish no airway bill (M&P) have the shop's own label only, which carries their CN.
  const withBills = Object.values(apis)
    .filter((api) => api.offers.label)
    .map((api) => api.kind);
  if (!ids.length || !withBills.length) return [];
  return db
    .select({ orderId: orders.id, orderNumber: orders.orderNumber, courier: couriers.name })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(couriers, eq(couriers.id, shipments.courierId))
    .where(
      and(
        inArray(shipments.orderId, ids),
        eq(shipments.bookingState, "booked"),
        isNotNull(shipments.trackingNumber),
        inArray(couriers.provider, withBills),
      ),
    )
    .orderBy(asc(orders.createdAt));
}
