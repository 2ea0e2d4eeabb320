import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { couriers, shipments } from "~/modules/shipping/tables";
import { orderItems, orders } from "~/modules/orders/reads";
import { products } from "~/modules/catalog/reads";
import { AppError } from "~/lib/errors";
import { formatPrice } from "~/lib/money";
import { formatKg } from "~/lib/weight";
import { isUuid } from "~/lib/uuid";
import { publishLiveEvents } from "~/db/live-events.server";
import { STATUS_LABELS } from "~/modules/orders/order-lifecycle";
import type { OrderActor } from "~/modules/orders/order-actor";
import { bookingCancelledNote, removeBooking } from "./shipment-follows-order.server";
import { COURIER_NOT_FOUND, type Courier } from "../couriers/couriers.server";
import { citiesPath, cityMatchFor, unmatchedCityReason } from "../connection/courier-cities.server";
import { isSerialId } from "~/lib/serial-id";
import type { BookingState, CourierProviderKind } from "~/db/schema/statuses";
import { codAmountFor, parcelOf } from "./parcel";
import { estimateCharge } from "../couriers/rate-card";
import type { OrderDesk } from "../order-desk";

/** Orders in these statuses may be booked: confirmed by the owner, not yet handed to a courier. */
export const BOOKABLE_STATUSES = ["confirmed", "processing"] as const;
/** How many orders one booking takes at most (a day's parcels). */
export const MAX_BOOKING = 200;

export type BookingRequest = {
  orderIds: string[];
  /** One courier for every order (the API's older body), or the courier of orders `couriers` leaves out. */
  courierId?: number;
  /** Each order's own courier (a mixed batch: several couriers, file and API, in one request). */
  couriers?: Record<string, number>;
  /** A weight the owner typed for an order (grams), instead of the sum of its items. */
  weights?: Record<string, number>;
};
export type BookedShipment = {
  orderId: string;
  orderNumber: string;
  shipmentId: number;
  courierId: number;
  courier: string;
  /** booked (a file courier's at once, an API courier's with its tracking number), requested (waiting for the courier), failed (its words in `error`). */
  state: BookingState;
  /** Whether the courier is booked over its API (its airway bill, Try again) or through its portal's file. */
  api: boolean;
  /** How the shop reaches the courier: the flow asks its API whether it gives an airway bill. */
  provider: CourierProviderKind;
  /** The courier's own airway bill can be fetched (its API publishes one: not M&P's). */
  airwayBill?: boolean;
  trackingNumber: string | null;
  error: string | null;
  weightGrams: number;
  pieces: number;
  codAmount: number;
  estimatedCharge: number;
};
/** An order not booked, with the reason beside it; `href` where the owner fixes it (an unmatched city). */
export type RefusedBooking = { orderId: string; orderNumber: string | null; reason: string; href?: string };
export type BookingResult = {
  /** The courier's name, or the names joined when the batch went to several. */
  courier: string;
  booked: BookedShipment[];
  refused: RefusedBooking[];
};

/** What the owner reads beside an order no courier was chosen for. */
export const NO_COURIER_CHOSEN = "Choose a courier for it";

/**
 * Books one shipment per order, each with its own courier (a batch may go to several at once):
 * weight (the items' sum unless typed), pieces, the COD to collect, and the rate card's estimate.
 * A file courier's parcel is booked at once (its portal's file follows); an API courier's is
 * inserted as requested, to be booked with the courier after this transaction commits
 * (api-booking.server.ts), never inside it. An order that cannot be booked (cancelled, already
 * booked, not confirmed, unknown, no courier, a city the API courier has no match for) is refused
 * with its reason and the others still book. One transaction with the orders locked, so two owners
 * booking the same order book it once.
 */
export async function bookShipments(
  db: Db,
  actor: { id: string | null; name?: string },
  request: BookingRequest,
  desk: OrderDesk,
  now = new Date(),
): Promise<BookingResult> {
  const ids = [...new Set(request.orderIds)];
  if (!ids.length) throw new AppError("VALIDATION", "Select the orders to book");
  if (ids.length > MAX_BOOKING) throw new AppError("VALIDATION", `Book at most ${MAX_BOOKING} orders at a time`);
  const courierOf = (orderId: string) => request.couriers?.[orderId] ?? request.courierId ?? null;
  const wanted = [...new Set(ids.map(courierOf).filter((id): id is number => id !== null))];
  const found = wanted.length
    ? await db
        .select()
        .from(couriers)
        .where(inArray(couriers.id, wanted.filter(isSerialId)))
    : [];
  const byId = new Map(found.map((c) => [c.id, c]));
  // The older body (one courier for all): an unknown or switched-off courier refuses the request, as before.
  if (!request.couriers && request.courierId !== undefined) {
    const only = byId.get(request.courierId);
    if (!only) throw new AppError("NOT_FOUND", COURIER_NOT_FOUND);
    if (!only.active) throw new AppError("CONFLICT", `${only.name} is switched off in Settings -> Couriers`);
  }
  const refused: RefusedBooking[] = ids
    .filter((id) => !isUuid(id))
    .map((orderId) => ({ orderId, orderNumber: null, reason: "Order not found" }));
  const valid = ids.filter(isUuid);

  const booked = await db.transaction(async (tx) => {
    const found = valid.length
      ? await tx
          .select({
            id: orders.id,
            orderNumber: orders.orderNumber,
            status: orders.status,
            total: orders.total,
            amountPaid: orders.amountPaid,
            paymentStatus: orders.paymentStatus,
            userId: orders.userId,
            city: orders.city,
          })
          .from(orders)
          .where(inArray(orders.id, valid))
          .orderBy(orders.createdAt)
          .for("update")
      : [];
    for (const id of valid)
      if (!found.some((o) => o.id === id)) refused.push({ orderId: id, orderNumber: null, reason: "Order not found" });
    const already = found.length
      ? new Set(
          (
            await tx
              .select({ orderId: shipments.orderId })
              .from(shipments)
              .where(
                inArray(
                  shipments.orderId,
                  found.map((o) => o.id),
                ),
              )
          ).map((s) => s.orderId),
        )
      : new Set<string>();
    const bookable: ((typeof found)[number] & { courier: Courier })[] = [];
    for (const order of found) {
      const chosen = courierOf(order.id);
      const courier = chosen === null ? undefined : byId.get(chosen);
      let reason = already.has(order.id)
        ? "It is already booked"
        : !(BOOKABLE_STATUSES as readonly string[]).includes(order.status)
          ? `It is ${STATUS_LABELS[order.status].toLowerCase()}: only confirmed or processing orders are booked`
          : chosen === null
            ? NO_COURIER_CHOSEN
            : !courier
              ? COURIER_NOT_FOUND
              : !courier.active
                ? `${courier.name} is switched off in Settings -> Couriers`
                : null;
      let href: string | undefined;
      // An API courier needs its own name for the city; an unmatched one is refused here, before anything is sent.
      if (!reason && courier && courier.provider !== "file" && !(await cityMatchFor(tx, courier, order.city))) {
        reason = unmatchedCityReason(order.city, courier.name);
        href = citiesPath(courier.id);
      }
      if (reason)
        refused.push({
          orderId: order.id,
          orderNumber: order.orderNumber,
          reason: `${order.orderNumber}: ${reason}`,
          ...(href ? { href } : {}),
        });
      else bookable.push({ ...order, courier: courier! });
    }
    if (!bookable.length) return [];
    const items = await tx
      .select({ orderId: orderItems.orderId, quantity: orderItems.quantity, weightGrams: products.weightGrams })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(
        inArray(
          orderItems.orderId,
          bookable.map((o) => o.id),
        ),
      );
    const rows = bookable.map((order) => {
      const parcel = parcelOf(items.filter((i) => i.orderId === order.id));
      const typed = request.weights?.[order.id];
      const weightGrams = typed && Number.isSafeInteger(typed) && typed > 0 ? typed : parcel.weightGrams;
      const codAmount = codAmountFor(order);
      const api = order.courier.provider !== "file";
      return {
        orderId: order.id,
        courierId: order.courier.id,
        weightGrams,
        pieces: parcel.pieces,
        codAmount,
        estimatedCharge: estimateCharge(order.courier.rateCard, { weightGrams, codAmount, city: order.city }).total,
        bookedAt: now,
        bookedBy: actor.id,
        // An API courier's parcel waits for the courier's answer: the request books it after commit, the worker if the request cannot.
        bookingState: api ? ("requested" as const) : ("booked" as const),
        bookingNextAt: api ? now : null,
      };
    });
    const inserted = await tx
      .insert(shipments)
      .values(rows)
      .returning({ id: shipments.id, orderId: shipments.orderId });
    // The order names its courier at once (the owner's list, the buyer's page); the tracking number follows from the courier.
    for (const courier of new Set(bookable.map((o) => o.courier))) {
      await desk.setShipping(
        tx,
        bookable.filter((o) => o.courier === courier).map((o) => o.id),
        { courierName: courier.name },
        now,
      );
    }
    // The order's history says when it was booked and by whom (its status does not change).
    await desk.recordHistory(
      tx,
      rows.map((row) => {
        const { status, courier } = bookable.find((o) => o.id === row.orderId)!;
        const parcel = `${formatKg(row.weightGrams)}, ${row.codAmount === 0 ? "no cash to collect" : `COD ${formatPrice(row.codAmount)}`}`;
        return {
          orderId: row.orderId,
          from: status,
          to: status,
          actor: { id: actor.id, name: actor.name ?? "Shop" },
          at: now,
          note:
            row.bookingState === "requested"
              ? `Booking requested from ${courier.name}: ${parcel}`
              : `Booked with ${courier.name}: ${parcel}`,
        };
      }),
    );
    await publishLiveEvents(
      tx,
      "orders",
      bookable.flatMap((o) => (o.userId ? [o.userId] : [])),
    );
    return rows.map((row): BookedShipment => {
      const order = bookable.find((o) => o.id === row.orderId)!;
      const shipmentId = inserted.find((s) => s.orderId === row.orderId)!.id;
      return {
        orderId: row.orderId,
        orderNumber: order.orderNumber,
        shipmentId,
        courierId: order.courier.id,
        courier: order.courier.name,
        state: row.bookingState,
        api: row.bookingState === "requested",
        provider: order.courier.provider,
        trackingNumber: null,
        error: null,
        weightGrams: row.weightGrams,
        pieces: row.pieces,
        codAmount: row.codAmount,
        estimatedCharge: row.estimatedCharge,
      };
    });
  });
  const names = [...new Set(booked.map((b) => b.courier))];
  const courierName = names.length
    ? names.join(", ")
    : request.courierId !== undefined
      ? (byId.get(request.courierId)?.name ?? "")
      : "";
  return { courier: courierName, booked, refused };
}

/**
 * Takes a booking back before the parcel leaves (a wrong courier or weight, an order put on hold):
 * the parcel leaves the load sheet, labels, booking file and rates, the order no longer names the
 * courier, and its history says so. The order stays as it is and can be booked again. Once the
 * courier has the parcel (shipped) the booking stands.
 */
export async function cancelBooking(
  db: Db,
  actor: OrderActor,
  orderId: string,
  desk: OrderDesk,
  now = new Date(),
  { cancelledAtCourier = null }: { cancelledAtCourier?: string | null } = {},
): Promise<{ orderNumber: string; courier: string }> {
  if (!isUuid(orderId)) throw new AppError("NOT_FOUND", "Order not found");
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status, userId: orders.userId })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) throw new AppError("NOT_FOUND", "Order not found");
    if (!(BOOKABLE_STATUSES as readonly string[]).includes(order.status)) {
      throw new AppError(
        "CONFLICT",
        `${order.orderNumber} is ${STATUS_LABELS[order.status].toLowerCase()}: only a booking not yet shipped can be cancelled`,
      );
    }
    const removed = await removeBooking(tx, order.id);
    if (!removed) throw new AppError("CONFLICT", `${order.orderNumber} is not booked`);
    await desk.setShipping(tx, order.id, { courierName: null, trackingNumber: null }, now);
    await desk.recordHistory(tx, [
      {
        orderId: order.id,
        from: order.status,
        to: order.status,
        actor,
        at: now,
        note: cancelledAtCourier
          ? `Booking with ${removed.courier} (${cancelledAtCourier}) cancelled: ${removed.courier} took the cancellation`
          : bookingCancelledNote(removed.courier, removed.trackingNumber),
      },
    ]);
    await publishLiveEvents(tx, "orders", order.userId ? [order.userId] : []);
    return { orderNumber: order.orderNumber, courier: removed.courier };
  });
}
