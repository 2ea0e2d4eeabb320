import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { couriers, shipments } from "~/modules/shipping/tables";
import { orderItems, orders } from "~/modules/orders/reads";
import { returnItems, returnRequests } from "~/modules/returns/reads";
import type { SecretBox } from "~/db/secret-box.server";
import { publishLiveEvents } from "~/db/live-events.server";
import {
  CourierApiError,
  type ApiParcel,
  type BookedParcel,
  type CourierApiOffers,
  type CourierApis,
} from "../couriers/courier-api";
import { cityMatchFor, unmatchedCityReason } from "../connection/courier-cities.server";
import { CREDENTIALS_UNREADABLE, openCourierCredentials } from "../connection/courier-credentials.server";
import { scrubSecrets } from "../connection/scrub-secrets";
import type { OrderDesk } from "../order-desk";
import { exchangeNote, parcelDescription } from "./parcel";

/** How long a claimed parcel is the claimer's: no other process books it meanwhile (far above a client's timeout). */
export const BOOKING_LEASE_MS = 2 * 60_000;
/** After this long without the courier's answer a parcel is given up: failed, with the courier's last words. */
export const BOOKING_GIVE_UP_MS = 24 * 60 * 60_000;
/** How many parcels are sent to couriers at once. */
export const BOOKING_PARALLEL = 4;
/** Waits before the next try, by the number of requests already sent: 30 s, 2 min, 10 min, then every 30 min. */
const BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000];

export function bookingBackoffMs(attempts: number): number {
  return BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1];
}

export type ApiBookingDeps = {
  apis: CourierApis;
  /** The courier-credentials secret box. */
  box: SecretBox;
  desk: OrderDesk;
  /** The clock (tests fix it); each step reads it anew. */
  clock?: () => Date;
};

export type ApiBookingOutcome = {
  shipmentId: number;
  orderId: string;
  state: "booked" | "failed" | "requested";
  trackingNumber: string | null;
  error: string | null;
};

type Claimed = {
  /** firstAt: when this booking was (re)requested, the give-up clock; sentSince: when its first request left, ever (Try again keeps it). */
  shipmentId: number;
  orderId: string;
  attempts: number;
  firstAt: Date;
  sentSince: Date;
  courier: typeof couriers.$inferSelect;
  order: {
    orderNumber: string;
    fullName: string;
    phone: string;
    email: string;
    address: string;
    city: string;
    subtotal: number;
    status: string;
    userId: string | null;
    exchangeFor: string | null;
  };
  codAmount: number;
  weightGrams: number;
  pieces: number;
};

/**
 * Books requested parcels with their API couriers: the batch a request just inserted (`shipmentIds`)
 * or any whose turn has come (the worker), BOOKING_PARALLEL at a time, until none is due or the
 * deadline passes. Each parcel is claimed in its own short transaction (FOR UPDATE SKIP LOCKED,
 * its next try pushed a lease ahead and its attempts counted), sent to the courier outside any
 * transaction, and its answer written in another short one. A parcel whose earlier request may
 * have reached the courier (attempts > 0) is first looked up with findBooking, so it is never
 * booked twice.
 */
export async function bookRequestedParcels(
  db: Db,
  deps: ApiBookingDeps,
  opts: { shipmentIds?: readonly number[]; deadline: number; parallel?: number },
): Promise<ApiBookingOutcome[]> {
  const clock = deps.clock ?? (() => new Date());
  if (opts.shipmentIds && !opts.shipmentIds.length) return [];
  const outcomes: ApiBookingOutcome[] = [];
  const lane = async () => {
    while (Date.now() < opts.deadline) {
      const claimed = await claimNext(db, clock(), opts.shipmentIds);
      if (!claimed) return;
      outcomes.push(await sendAndRecord(db, deps, claimed, clock));
    }
  };
  await Promise.all(Array.from({ length: opts.parallel ?? BOOKING_PARALLEL }, lane));
  return outcomes;
}

async function claimNext(db: Db, now: Date, only: readonly number[] | undefined): Promise<Claimed | null> {
  return db.transaction(async (tx) => {
    const due = and(
      eq(shipments.bookingState, "requested"),
      lte(shipments.bookingNextAt, now),
      only ? inArray(shipments.id, [...only]) : undefined,
    );
    const [row] = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(due)
      .orderBy(asc(shipments.bookingNextAt), asc(shipments.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return null;
    const [claimed] = await tx
      .update(shipments)
      .set({
        bookingNextAt: new Date(now.getTime() + BOOKING_LEASE_MS),
        bookingAttempts: sql`${shipments.bookingAttempts} + 1`,
        // The first request's time, kept through every retry and Try again (a parcel from before it was kept: its booked_at).
        bookingFirstSentAt: sql`coalesce(${shipments.bookingFirstSentAt}, case when ${shipments.bookingAttempts} > 0 then ${shipments.bookedAt} else ${now.toISOString()}::timestamptz end)`,
      })
      .where(eq(shipments.id, row.id))
      .returning({
        id: shipments.id,
        orderId: shipments.orderId,
        courierId: shipments.courierId,
        attempts: shipments.bookingAttempts,
        bookedAt: shipments.bookedAt,
        firstSentAt: shipments.bookingFirstSentAt,
        codAmount: shipments.codAmount,
        weightGrams: shipments.weightGrams,
        pieces: shipments.pieces,
      });
    const [courier] = await tx.select().from(couriers).where(eq(couriers.id, claimed.courierId));
    const [order] = await tx
      .select({
        orderNumber: orders.orderNumber,
        fullName: orders.fullName,
        phone: orders.phone,
        email: orders.email,
        address: orders.address,
        city: orders.city,
        subtotal: orders.subtotal,
        status: orders.status,
        userId: orders.userId,
        // Spelled out: a one-table select leaves the table off ${column}, which inside the subquery would mean r.
        exchangeFor: sql<
          string | null
        >`(select r.order_number from orders r where r.id = "orders"."replaces_order_id")`,
      })
      .from(orders)
      .where(eq(orders.id, claimed.orderId));
    // attempts counts this request too: the one before it (if any) may have reached the courier.
    return {
      shipmentId: claimed.id,
      orderId: claimed.orderId,
      attempts: claimed.attempts - 1,
      firstAt: claimed.bookedAt,
      sentSince: claimed.firstSentAt ?? claimed.bookedAt,
      courier,
      order,
      codAmount: claimed.codAmount,
      weightGrams: claimed.weightGrams,
      pieces: claimed.pieces,
    };
  });
}

/**
 * An exchange's replacement order: the old order's number and the pieces the rider collects (the
 * approved exchange's items, as the buyer received them), for a courier that books a replacement.
 */
async function exchangeOf(
  db: Db,
  orderId: string,
  exchangeFor: string | null,
): Promise<Pick<ApiParcel, "exchangeFor" | "exchangeItems">> {
  if (!exchangeFor) return { exchangeFor: null, exchangeItems: null };
  const collected = await db
    .select({ name: orderItems.name, size: orderItems.size, color: orderItems.color, quantity: returnItems.quantity })
    .from(returnItems)
    .innerJoin(returnRequests, eq(returnRequests.id, returnItems.returnId))
    .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
    .where(and(eq(returnRequests.replacementOrderId, orderId), eq(returnItems.kind, "exchange")))
    .orderBy(asc(returnItems.id));
  return { exchangeFor, exchangeItems: parcelDescription(collected) || null };
}

async function sendAndRecord(
  db: Db,
  deps: ApiBookingDeps,
  claimed: Claimed,
  clock: () => Date,
): Promise<ApiBookingOutcome> {
  const { courier } = claimed;
  const label = courier.name;
  if (courier.provider === "file")
    return recordFailed(
      db,
      deps,
      claimed,
      clock(),
      `${courier.name} is reached through its portal's files now: cancel this booking and book the order again`,
    );
  const api = deps.apis[courier.provider];
  const opened = openCourierCredentials(courier, deps.box);
  if (!opened.credentials)
    return recordFailed(
      db,
      deps,
      claimed,
      clock(),
      opened.unreadable
        ? CREDENTIALS_UNREADABLE
        : `${courier.name}'s API credentials are missing: connect it in Settings -> Couriers`,
    );
  const credentials = opened.credentials;
  const city = await db.transaction((tx) => cityMatchFor(tx, courier, claimed.order.city));
  if (!city) return recordFailed(db, deps, claimed, clock(), unmatchedCityReason(claimed.order.city, courier.name));
  const items = await db
    .select({ name: orderItems.name, size: orderItems.size, color: orderItems.color, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, claimed.orderId))
    .orderBy(asc(orderItems.id));
  const parcel: ApiParcel = {
    ...(await exchangeOf(db, claimed.orderId, claimed.order.exchangeFor)),
    orderNumber: claimed.order.orderNumber,
    consigneeName: claimed.order.fullName,
    phone: claimed.order.phone,
    email: claimed.order.email,
    address: claimed.order.address,
    city,
    codAmount: claimed.codAmount,
    parcelValue: claimed.order.subtotal,
    weightGrams: claimed.weightGrams,
    pieces: claimed.pieces,
    description: parcelDescription(items) || `${claimed.pieces} piece${claimed.pieces === 1 ? "" : "s"}`,
    pickupAddressCode: courier.pickupAddressCode,
    remarks: claimed.order.exchangeFor ? exchangeNote(claimed.order.exchangeFor) : null,
  };
  let booked: BookedParcel | null = null;
  try {
    // An earlier request may have booked it with no answer back: ask first, book only if the courier
    // has none. A courier with no lookup (TCS) is only sent again after a 429 or the owner's Try again.
    if (claimed.attempts > 0 && api.offers.findBooking)
      booked = await api.findBooking(credentials, parcel.orderNumber, { from: claimed.sentSince, to: clock() });
    if (!booked) booked = await api.book(credentials, parcel);
  } catch (error) {
    const words = scrubSecrets(
      error instanceof CourierApiError ? error.message : "no answer from the courier",
      credentials,
    );
    const retryable = !(error instanceof CourierApiError) || error.retryable;
    const now = clock();
    // The clients word a refusal themselves ("PostEx refused the booking of ...: Invalid city name").
    if (!retryable) return recordFailed(db, deps, claimed, now, words);
    const nothingDone = error instanceof CourierApiError && error.httpStatus === 429;
    if (!api.offers.findBooking && !nothingDone)
      return recordFailed(db, deps, claimed, now, mayHaveBooked(label, parcel.orderNumber, words));
    if (now.getTime() - claimed.firstAt.getTime() >= BOOKING_GIVE_UP_MS)
      return recordFailed(db, deps, claimed, now, `${label} did not answer for a day: ${words}`);
    return recordRetry(db, claimed, now, words);
  }
  return recordBooked(db, deps, claimed, clock(), booked, bookedNote(label, booked.trackingNumber, parcel, api.offers));
}

/**
 * The order's history line for a booking. An exchange says how the old piece comes back: booked as
 * the courier's replacement (the rider collects it at the door), or, where the courier's API has
 * none, as an ordinary parcel whose remarks tell the rider to collect it.
 */
export function bookedNote(
  courier: string,
  trackingNumber: string,
  parcel: Pick<ApiParcel, "exchangeFor">,
  offers: Pick<CourierApiOffers, "replacement">,
): string {
  if (!parcel.exchangeFor) return `Booked with ${courier}: tracking ${trackingNumber}`;
  return offers.replacement
    ? `Booked with ${courier} as a replacement: tracking ${trackingNumber}; the rider collects the old piece of ${parcel.exchangeFor} at the door`
    : `Booked with ${courier} as an ordinary parcel: tracking ${trackingNumber}; ${courier} books no replacement, so the remarks tell the rider to collect the old piece of ${parcel.exchangeFor}`;
}

/**
 * A courier that publishes no lookup by order number did not answer a booking: it may have booked
 * it, so sending it again could book it twice. The owner looks in the portal before Try again.
 */
export function mayHaveBooked(courier: string, orderNumber: string, words: string): string {
  return `${courier} did not answer (${words}): it may have booked ${orderNumber}, and ${courier} publishes no way to look a booking up, so it is not sent again by itself. Look for ${orderNumber} in ${courier}'s portal: if it is there, cancel it there, then Try again here`;
}

async function recordBooked(
  db: Db,
  deps: ApiBookingDeps,
  claimed: Claimed,
  now: Date,
  booked: BookedParcel,
  note: string,
): Promise<ApiBookingOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(shipments)
      .set({
        bookingState: "booked",
        trackingNumber: booked.trackingNumber,
        courierLabelUrl: booked.labelUrl,
        bookingError: null,
        bookingNextAt: null,
      })
      .where(and(eq(shipments.id, claimed.shipmentId), eq(shipments.bookingState, "requested")))
      .returning({ id: shipments.id });
    if (!row) {
      // Its order was cancelled while the courier was booking it: the parcel keeps its number, so
      // the worker's cancellation asks the courier to cancel exactly this one.
      await tx
        .update(shipments)
        .set({ trackingNumber: booked.trackingNumber, courierLabelUrl: booked.labelUrl })
        .where(and(eq(shipments.id, claimed.shipmentId), eq(shipments.bookingState, "cancelling")));
      return {
        shipmentId: claimed.shipmentId,
        orderId: claimed.orderId,
        state: "booked" as const,
        trackingNumber: booked.trackingNumber,
        error: null,
      };
    }
    await deps.desk.setShipping(tx, claimed.orderId, { trackingNumber: booked.trackingNumber }, now);
    await history(tx, deps, claimed, now, note);
    return {
      shipmentId: claimed.shipmentId,
      orderId: claimed.orderId,
      state: "booked" as const,
      trackingNumber: booked.trackingNumber,
      error: null,
    };
  });
}

async function recordFailed(
  db: Db,
  deps: ApiBookingDeps,
  claimed: Claimed,
  now: Date,
  words: string,
): Promise<ApiBookingOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(shipments)
      .set({ bookingState: "failed", bookingError: words, bookingNextAt: null })
      .where(and(eq(shipments.id, claimed.shipmentId), eq(shipments.bookingState, "requested")))
      .returning({ id: shipments.id });
    if (row) await history(tx, deps, claimed, now, `Booking with ${claimed.courier.name} failed: ${words}`);
    // Refused while its order was being cancelled: nothing exists at the courier to cancel.
    else
      await tx
        .delete(shipments)
        .where(
          and(
            eq(shipments.id, claimed.shipmentId),
            eq(shipments.bookingState, "cancelling"),
            isNull(shipments.trackingNumber),
          ),
        );
    return {
      shipmentId: claimed.shipmentId,
      orderId: claimed.orderId,
      state: "failed" as const,
      trackingNumber: null,
      error: words,
    };
  });
}

async function recordRetry(db: Db, claimed: Claimed, now: Date, words: string): Promise<ApiBookingOutcome> {
  const attempts = claimed.attempts + 1;
  await db
    .update(shipments)
    .set({ bookingError: words, bookingNextAt: new Date(now.getTime() + bookingBackoffMs(attempts)) })
    .where(and(eq(shipments.id, claimed.shipmentId), eq(shipments.bookingState, "requested")));
  return {
    shipmentId: claimed.shipmentId,
    orderId: claimed.orderId,
    state: "requested",
    trackingNumber: null,
    error: words,
  };
}

async function history(
  tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
  deps: ApiBookingDeps,
  claimed: Claimed,
  now: Date,
  note: string,
): Promise<void> {
  const [order] = await tx
    .select({ status: orders.status, userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, claimed.orderId));
  if (!order) return;
  await deps.desk.recordHistory(tx, [
    {
      orderId: claimed.orderId,
      from: order.status,
      to: order.status,
      actor: { id: null, name: claimed.courier.name },
      at: now,
      note,
    },
  ]);
  await publishLiveEvents(tx, "orders", order.userId ? [order.userId] : []);
}

/** How long a cancellation the courier cannot take now waits before the next try. */
const CANCEL_RETRY_MS = 10 * 60_000;

export type ApiCancelOutcome = {
  shipmentId: number;
  orderId: string;
  state: "cancelled" | "refused" | "waiting";
  error: string | null;
};

/**
 * The worker's other queue: parcels whose order was cancelled while they were at an API courier
 * (shipment-follows-order.server.ts marks them "cancelling"). Each is claimed as a booking is (SKIP
 * LOCKED and a lease), then, outside any transaction: a parcel with no tracking number whose request
 * may have reached the courier is looked up (findBooking); one the courier never booked is simply
 * removed; a booked one is cancelled at the courier and then removed. A courier that refuses (picked
 * up already) leaves it failed with its words and a note in the order's history, so the owner asks
 * for it back; one that cannot answer is tried again every ten minutes, until two days after the booking.
 */
export async function cancelRequestedParcels(
  db: Db,
  deps: ApiBookingDeps,
  opts: { deadline: number },
): Promise<ApiCancelOutcome[]> {
  const clock = deps.clock ?? (() => new Date());
  const outcomes: ApiCancelOutcome[] = [];
  while (Date.now() < opts.deadline) {
    const now = clock();
    const claimed = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: shipments.id })
        .from(shipments)
        .where(and(eq(shipments.bookingState, "cancelling"), lte(shipments.bookingNextAt, now)))
        .orderBy(asc(shipments.bookingNextAt), asc(shipments.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return null;
      const [parcel] = await tx
        .update(shipments)
        .set({ bookingNextAt: new Date(now.getTime() + BOOKING_LEASE_MS) })
        .where(eq(shipments.id, row.id))
        .returning({
          id: shipments.id,
          orderId: shipments.orderId,
          courierId: shipments.courierId,
          attempts: shipments.bookingAttempts,
          bookedAt: shipments.bookedAt,
          firstSentAt: shipments.bookingFirstSentAt,
          trackingNumber: shipments.trackingNumber,
        });
      const [courier] = await tx.select().from(couriers).where(eq(couriers.id, parcel.courierId));
      const [order] = await tx
        .select({ orderNumber: orders.orderNumber })
        .from(orders)
        .where(eq(orders.id, parcel.orderId));
      return { ...parcel, courier, orderNumber: order?.orderNumber ?? "" };
    });
    if (!claimed) break;
    outcomes.push(await cancelOne(db, deps, claimed, clock));
  }
  return outcomes;
}

async function cancelOne(
  db: Db,
  deps: ApiBookingDeps,
  parcel: {
    id: number;
    orderId: string;
    attempts: number;
    bookedAt: Date;
    firstSentAt: Date | null;
    trackingNumber: string | null;
    courier: typeof couriers.$inferSelect;
    orderNumber: string;
  },
  clock: () => Date,
): Promise<ApiCancelOutcome> {
  const { courier } = parcel;
  const done = (state: ApiCancelOutcome["state"], error: string | null): ApiCancelOutcome => ({
    shipmentId: parcel.id,
    orderId: parcel.orderId,
    state,
    error,
  });
  const note = async (tx: Parameters<Parameters<Db["transaction"]>[0]>[0], text: string) => {
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, parcel.orderId));
    if (order)
      await deps.desk.recordHistory(tx, [
        {
          orderId: parcel.orderId,
          from: order.status,
          to: order.status,
          actor: { id: null, name: courier.name },
          at: clock(),
          note: text,
        },
      ]);
  };
  const refuse = (words: string) =>
    db.transaction(async (tx) => {
      await tx
        .update(shipments)
        .set({ bookingState: "failed", bookingError: words, bookingNextAt: null })
        .where(and(eq(shipments.id, parcel.id), eq(shipments.bookingState, "cancelling")));
      await note(
        tx,
        `${courier.name} did not cancel the parcel${parcel.trackingNumber ? ` ${parcel.trackingNumber}` : ""}: ${words}. Ask ${courier.name} to return it.`,
      );
      return done("refused", words);
    });
  const api = courier.provider === "file" ? null : deps.apis[courier.provider];
  const opened = openCourierCredentials(courier, deps.box);
  if (!api || !opened.credentials)
    return refuse(opened.unreadable ? CREDENTIALS_UNREADABLE : `${courier.name}'s API is not connected any more`);
  const credentials = opened.credentials;
  try {
    let trackingNumber = parcel.trackingNumber;
    // Without a lookup (TCS), a parcel never booked here is removed; the failure told the owner to check the portal.
    if (!trackingNumber && parcel.attempts > 0 && api.offers.findBooking)
      trackingNumber =
        (
          await api.findBooking(credentials, parcel.orderNumber, {
            from: parcel.firstSentAt ?? parcel.bookedAt,
            to: clock(),
          })
        )?.trackingNumber ?? null;
    if (trackingNumber) {
      const [answer] = await api.cancel(credentials, [trackingNumber]);
      if (!answer?.cancelled)
        return refuse(scrubSecrets(answer?.message ?? `${courier.name} kept the booking`, credentials));
    }
    return db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(shipments)
        .where(and(eq(shipments.id, parcel.id), eq(shipments.bookingState, "cancelling")))
        .returning({ id: shipments.id });
      if (removed)
        await note(
          tx,
          trackingNumber
            ? `${courier.name} cancelled the booking (${trackingNumber})`
            : `${courier.name} had not booked the parcel: nothing to cancel`,
        );
      return done("cancelled", null);
    });
  } catch (error) {
    const words = scrubSecrets(
      error instanceof CourierApiError ? error.message : "no answer from the courier",
      credentials,
    );
    const retryable = !(error instanceof CourierApiError) || error.retryable;
    const now = clock();
    if (!retryable || now.getTime() - parcel.bookedAt.getTime() >= BOOKING_GIVE_UP_MS + 24 * 60 * 60_000)
      return refuse(words);
    await db
      .update(shipments)
      .set({ bookingError: words, bookingNextAt: new Date(now.getTime() + CANCEL_RETRY_MS) })
      .where(and(eq(shipments.id, parcel.id), eq(shipments.bookingState, "cancelling")));
    return done("waiting", words);
  }
}
