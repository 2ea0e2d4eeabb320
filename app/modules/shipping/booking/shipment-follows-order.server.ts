import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couriers, settlements, shipments } from "~/modules/shipping/tables";
import { orderItems, orders } from "~/modules/orders/reads";
import { products } from "~/modules/catalog/reads";
import type { OrderStatus } from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";
import type { MovingOrder } from "~/modules/orders/order-lifecycle";
import type { OrderActor } from "~/modules/orders/order-actor";
import type { ImportContext } from "../imports/import-context.server";
import type { OrderDesk } from "../order-desk";
import { checkParcelPayment, refreshSettlement } from "../settlements/parcel-payment.server";
import { estimateCharge } from "../couriers/rate-card";
import { codAmountFor, parcelOf } from "./parcel";

/**
 * Keeps an order's parcel in step with a move made anywhere: the owner's status form, the bulk bar,
 * a buyer's cancel or a courier import. Cash with couriers and the delivery rates read the parcel's
 * delivered and returned times, and an import matches a tracking number typed by hand, so a move made
 * by hand must reach the parcel too. A cancelled order's booking is removed, so it leaves the load
 * sheet the rider signs, the labels, the booking file and the rates. A delivery recorded by hand for
 * a parcel the courier has already paid for settles it, as the delivery import does.
 *
 * Call it inside the move's transaction, after the order row is locked, with the order as moved,
 * and the orders port (`desk`) that writes the history of a settling it causes.
 * Returns a note for the order's history when it removed a booking (the owner may have to cancel it
 * on the courier's portal).
 */
export async function shipmentFollowsOrder(
  tx: DbOrTx,
  order: Pick<MovingOrder, "id"> & Partial<MovingOrder>,
  to: OrderStatus,
  opts: { at: Date; now: Date; actor: OrderActor; trackingNumber?: string; courierName?: string; desk: OrderDesk },
): Promise<string | null> {
  const orderId = order.id;
  if (to === "cancelled") {
    const atCourier = await cancelAtCourierLater(tx, orderId, opts.now);
    if (atCourier) return atCourier;
    const removed = await removeBooking(tx, orderId);
    return removed ? bookingCancelledNote(removed.courier, removed.trackingNumber) : null;
  }
  if (to === "delivered") {
    // A courier import sets the time itself first; only a delivery recorded here finds it empty.
    const [parcel] = await tx
      .update(shipments)
      .set({ deliveredAt: opts.at })
      .where(and(eq(shipments.orderId, orderId), isNull(shipments.deliveredAt)))
      .returning({
        courierId: shipments.courierId,
        codAmount: shipments.codAmount,
        collected: shipments.collectedAmount,
        settlementId: shipments.settlementId,
      });
    if (parcel?.settlementId != null && isMoved(order))
      await settlePaidEarly(tx, order, { ...parcel, settlementId: parcel.settlementId }, opts);
  } else if (to === "returned") {
    await tx
      .update(shipments)
      .set({ returnedAt: opts.at })
      .where(and(eq(shipments.orderId, orderId), isNull(shipments.returnedAt)));
  } else if (to === "shipped" && (opts.trackingNumber || opts.courierName)) {
    await recordParcelByHand(tx, orderId, {
      courierName: opts.courierName,
      trackingNumber: opts.trackingNumber,
      now: opts.now,
      actor: opts.actor,
    });
  }
  return null;
}

/** The courier that takes parcels shipped by hand with a courier name none of the shop's couriers has (switched off: never offered for booking). */
export const OTHER_COURIER = "Other courier";

/** A courier's name as typed names compare: case and spaces do not matter ("TCS", " tcs ", "T C S"). */
function courierNameKey(name: string): string {
  return name.toLowerCase().replace(/\s+/g, "");
}

/**
 * A courier and tracking number recorded by hand (the owner's status form, PATCH /api/orders/{id})
 * make the parcel known to courier files, settlements and reports as a booked one is: an order with
 * no parcel gets one (booked, with its weight, pieces, cash to collect and the rate card's estimate),
 * with the shop's courier of that name (case and spaces aside), else the "Other courier". An order
 * with a parcel gets the tracking number, and a parcel booked through files that the courier has not
 * reported on yet moves to the courier named (a correction). A tracking number already on another
 * parcel of that courier is refused beside the field.
 */
async function recordParcelByHand(
  tx: DbOrTx,
  orderId: string,
  typed: { courierName?: string; trackingNumber?: string; now: Date; actor: OrderActor },
): Promise<void> {
  const courierName = typed.courierName?.trim() || null;
  const [parcel] = await tx
    .select({
      id: shipments.id,
      courierId: shipments.courierId,
      trackingNumber: shipments.trackingNumber,
      provider: couriers.provider,
      open: sql<boolean>`${shipments.deliveredAt} is null and ${shipments.returnedAt} is null and ${shipments.settlementId} is null and ${shipments.lastCourierStatus} is null`,
    })
    .from(shipments)
    .innerJoin(couriers, eq(couriers.id, shipments.courierId))
    .where(eq(shipments.orderId, orderId));
  if (parcel) {
    if (courierName && parcel.provider === "file" && parcel.open) {
      const named = await courierNamed(tx, courierName);
      if (named.id !== parcel.courierId) {
        const trackingNumber = typed.trackingNumber ?? parcel.trackingNumber;
        if (trackingNumber)
          await refuseTakenTrackingNumber(tx, { courierId: named.id, trackingNumber, shipmentId: parcel.id });
        await tx.update(shipments).set({ courierId: named.id }).where(eq(shipments.id, parcel.id));
      }
    }
    if (typed.trackingNumber) await giveTrackingNumber(tx, orderId, typed.trackingNumber);
    return;
  }
  const courier = courierName ? await courierNamed(tx, courierName) : await otherCourier(tx);
  if (typed.trackingNumber)
    await refuseTakenTrackingNumber(tx, { courierId: courier.id, trackingNumber: typed.trackingNumber, shipmentId: 0 });
  const [order] = await tx
    .select({
      total: orders.total,
      amountPaid: orders.amountPaid,
      paymentStatus: orders.paymentStatus,
      city: orders.city,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return;
  const items = await tx
    .select({ quantity: orderItems.quantity, weightGrams: products.weightGrams })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId));
  const { weightGrams, pieces } = parcelOf(items);
  const codAmount = codAmountFor(order);
  try {
    // In a savepoint: the same number typed at the same moment on another order (another process)
    // meets the unique index, and is then told beside the field like any number already taken.
    await tx.transaction((sp) =>
      sp.insert(shipments).values({
        orderId,
        courierId: courier.id,
        weightGrams,
        pieces,
        codAmount,
        estimatedCharge: estimateCharge(courier.rateCard, { weightGrams, codAmount, city: order.city }).total,
        bookedAt: typed.now,
        bookedBy: typed.actor.id,
        trackingNumber: typed.trackingNumber ?? null,
        bookingState: "booked",
      }),
    );
  } catch (error) {
    if (!typed.trackingNumber || !isUniqueViolation(error)) throw error;
    await refuseTakenTrackingNumber(tx, { courierId: courier.id, trackingNumber: typed.trackingNumber, shipmentId: 0 });
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** The shop's courier with this name (case and spaces aside; an active one first), else the "Other courier". */
async function courierNamed(tx: DbOrTx, name: string): Promise<Pick<typeof couriers.$inferSelect, "id" | "rateCard">> {
  const [found] = await tx
    .select({ id: couriers.id, rateCard: couriers.rateCard })
    .from(couriers)
    .where(sql`regexp_replace(lower(${couriers.name}), '[[:space:]]+', '', 'g') = ${courierNameKey(name)}`)
    .orderBy(sql`${couriers.active} desc`, asc(couriers.id))
    .limit(1);
  return found ?? otherCourier(tx);
}

/** The "Other courier" (made on first use, switched off, with a rate card of nothing: its charges come from its files, if any). */
async function otherCourier(tx: DbOrTx): Promise<Pick<typeof couriers.$inferSelect, "id" | "rateCard">> {
  const find = () =>
    tx
      .select({ id: couriers.id, rateCard: couriers.rateCard })
      .from(couriers)
      .where(sql`lower(${couriers.name}) = lower(${OTHER_COURIER})`)
      .limit(1);
  const [found] = await find();
  if (found) return found;
  // Two hand shipments at once may both make it: the name is unique (any case), so one insert stands.
  await tx
    .insert(couriers)
    .values({
      name: OTHER_COURIER,
      trackingUrl: null,
      rateCard: { bands: [], extraPerKg: 0, codFeeBps: 0, surchargeBps: 0 },
      bookingColumns: [],
      active: false,
    })
    .onConflictDoNothing();
  const [made] = await find();
  return made;
}

async function refuseTakenTrackingNumber(
  tx: DbOrTx,
  parcel: { courierId: number; trackingNumber: string; shipmentId: number },
): Promise<void> {
  const taken = await trackingNumberTakenBy(tx, parcel);
  if (!taken) return;
  const message = `Tracking number ${parcel.trackingNumber} is already on order ${taken}`;
  throw new AppError("VALIDATION", message, { trackingNumber: message });
}

const isMoved = (order: Partial<MovingOrder>): order is MovingOrder =>
  order.status !== undefined && order.paymentStatus !== undefined;

/**
 * The courier paid for the parcel before its delivery was recorded (by hand here): the same check as
 * a delivery import runs (parcel-payment.server.ts), so the order is settled, the early "not
 * delivered" discrepancy resolved and the settlement recounted, whichever way the delivery came in.
 */
async function settlePaidEarly(
  tx: DbOrTx,
  order: MovingOrder,
  parcel: { courierId: number; codAmount: number; collected: number | null; settlementId: number },
  opts: { now: Date; actor: OrderActor; desk: OrderDesk },
): Promise<void> {
  const [found] = await tx
    .select({ orderNumber: orders.orderNumber, total: orders.total, reference: settlements.reference })
    .from(orders)
    .innerJoin(settlements, eq(settlements.id, parcel.settlementId))
    .where(eq(orders.id, order.id));
  if (!found) return;
  const source = `${opts.actor.name} marking it delivered`;
  const ctx: ImportContext = {
    tx,
    actor: opts.actor,
    now: opts.now,
    source,
    note: `By ${source}`,
    courierId: parcel.courierId,
    importId: null,
    desk: opts.desk,
  };
  await checkParcelPayment(ctx, {
    order: { ...order, orderNumber: found.orderNumber, total: found.total },
    codAmount: parcel.codAmount,
    collected: parcel.collected ?? 0,
    settlementId: parcel.settlementId,
    reference: found.reference,
    paidBeforeDelivery: true,
  });
  await refreshSettlement(ctx, parcel.settlementId, found.reference);
}

/**
 * A tracking number typed by hand goes on the parcel as well (an import has put it there already).
 * The same number on another parcel of the same courier is a typo the owner must hear about, not a
 * database error.
 */
async function giveTrackingNumber(tx: DbOrTx, orderId: string, trackingNumber: string): Promise<void> {
  const [parcel] = await tx
    .select({ id: shipments.id, courierId: shipments.courierId, trackingNumber: shipments.trackingNumber })
    .from(shipments)
    .where(eq(shipments.orderId, orderId));
  if (!parcel || parcel.trackingNumber === trackingNumber) return;
  const taken = await trackingNumberTakenBy(tx, { courierId: parcel.courierId, trackingNumber, shipmentId: parcel.id });
  if (taken) {
    const message = `Tracking number ${trackingNumber} is already on order ${taken}`;
    throw new AppError("VALIDATION", message, { trackingNumber: message });
  }
  await tx.update(shipments).set({ trackingNumber }).where(eq(shipments.id, parcel.id));
}

/** The order number of another parcel of this courier that has this tracking number, if any. */
export async function trackingNumberTakenBy(
  tx: DbOrTx,
  parcel: { courierId: number; trackingNumber: string; shipmentId: number },
): Promise<string | null> {
  const [taken] = await tx
    .select({ orderNumber: orders.orderNumber })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(
      and(
        eq(shipments.courierId, parcel.courierId),
        eq(shipments.trackingNumber, parcel.trackingNumber),
        ne(shipments.id, parcel.shipmentId),
      ),
    );
  return taken?.orderNumber ?? null;
}

/**
 * A cancelled order's parcel that may exist at an API courier (booked, or requested with a request
 * already sent) is not deleted here, inside the move's transaction where no courier can be called:
 * it becomes "cancelling", and the booking worker asks the courier to cancel it (or finds it never
 * booked) and then removes it (api-booking.server.ts: cancelRequestedParcels). A lease still running
 * (a booking call in flight) is kept, so its answer is recorded before the cancellation is sent.
 * Returns the history note, or null when the parcel can simply be removed.
 */
async function cancelAtCourierLater(tx: DbOrTx, orderId: string, now: Date): Promise<string | null> {
  const [parcel] = await tx
    .select({
      id: shipments.id,
      state: shipments.bookingState,
      attempts: shipments.bookingAttempts,
      trackingNumber: shipments.trackingNumber,
      provider: couriers.provider,
      courier: couriers.name,
    })
    .from(shipments)
    .innerJoin(couriers, eq(couriers.id, shipments.courierId))
    .where(eq(shipments.orderId, orderId))
    .for("update", { of: shipments });
  if (!parcel || parcel.provider === "file") return null;
  const atCourier =
    parcel.state === "booked" ? parcel.trackingNumber !== null : parcel.state === "requested" && parcel.attempts > 0;
  if (!atCourier) return null;
  await tx
    .update(shipments)
    .set({
      bookingState: "cancelling",
      bookingError: null,
      bookingNextAt: sql`greatest(${shipments.bookingNextAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(shipments.id, parcel.id));
  return `Booking with ${parcel.courier}${parcel.trackingNumber ? ` (${parcel.trackingNumber})` : ""} is being cancelled at ${parcel.courier}`;
}

/** Deletes the order's booking: its courier's name and tracking number, or null when it had none. */
export async function removeBooking(
  tx: DbOrTx,
  orderId: string,
): Promise<{ courier: string; trackingNumber: string | null } | null> {
  const [removed] = await tx
    .delete(shipments)
    .where(eq(shipments.orderId, orderId))
    .returning({ courierId: shipments.courierId, trackingNumber: shipments.trackingNumber });
  if (!removed) return null;
  const [courier] = await tx.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, removed.courierId));
  return { courier: courier?.name ?? "the courier", trackingNumber: removed.trackingNumber };
}

export function bookingCancelledNote(courier: string, trackingNumber: string | null): string {
  return `Booking with ${courier}${trackingNumber ? ` (${trackingNumber})` : ""} cancelled: cancel it on ${courier}'s portal too if the booking file was uploaded`;
}
