import type { SecretBoxes } from "~/db/secret-box.server";
import type { OrderActor } from "~/modules/orders/order-actor";
import {
  bookRequestedParcels,
  cancelRequestedParcels,
  type ApiBookingDeps,
  type ApiBookingOutcome,
  type ApiCancelOutcome,
} from "~/modules/shipping/booking/api-booking.server";
import { cancelAtCourier, requestBookingAgain } from "~/modules/shipping/booking/api-parcel-actions.server";
import { offersOf } from "~/modules/shipping/couriers/courier-api";
import {
  bookShipments,
  cancelBooking,
  type BookingRequest,
  type BookingResult,
} from "~/modules/shipping/booking/book-shipments.server";
import type { FlowContext } from "./flow-context";
import { orderDesk } from "./move-order.server";

/** How long a request waits for API couriers' answers; parcels still waiting after it go to the worker. */
export const BOOKING_REQUEST_DEADLINE_MS = 20_000;

/**
 * What the booking flows are given: the flow context, and the secret boxes (the request context
 * has them) that open couriers' API credentials. A caller without them (a test booking files only)
 * leaves API parcels requested for the worker.
 */
export type BookingContext = FlowContext & { secretBoxes?: SecretBoxes };

function apiBookingDeps(ctx: BookingContext): ApiBookingDeps | null {
  const box = ctx.secretBoxes?.["courier-credentials"];
  if (!ctx.providers || !box) return null;
  return { apis: ctx.providers.couriers.api, box, desk: orderDesk, clock: ctx.now ? () => ctx.now! : undefined };
}

/**
 * Books the chosen orders, each with its own courier (one parcel each: weight, pieces, cash to
 * collect, the rate card's estimate); each booked order's history says so and its buyer's page
 * follows live. File couriers' parcels are booked at once; API couriers' are then sent to the
 * courier from this request (a few at a time, each outside any transaction) until the deadline,
 * and the answer of each is in the result: booked with its tracking number, failed with the
 * courier's words, or still waiting (the worker tries again with backoff).
 */
export async function bookParcels(
  ctx: BookingContext,
  actor: { id: string | null; name?: string },
  request: BookingRequest,
  deadlineMs = BOOKING_REQUEST_DEADLINE_MS,
): Promise<BookingResult> {
  const booked = await bookShipments(ctx.db, actor, request, orderDesk, ctx.now);
  // Whose API gives an airway bill (M&P's publishes none: the shop's own label carries its CN).
  const apis = ctx.providers?.couriers.api;
  const result = {
    ...booked,
    booked: booked.booked.map((b) => ({
      ...b,
      airwayBill: b.api && !!offersOf(apis, b.provider)?.label,
    })),
  };
  const requested = result.booked.filter((b) => b.state === "requested").map((b) => b.shipmentId);
  const deps = apiBookingDeps(ctx);
  if (!requested.length || !deps) return result;
  const outcomes = await bookRequestedParcels(ctx.db, deps, {
    shipmentIds: requested,
    deadline: Date.now() + deadlineMs,
  });
  return { ...result, booked: result.booked.map((b) => withOutcome(b, outcomes)) };
}

function withOutcome<
  T extends { shipmentId: number; state: string; trackingNumber: string | null; error: string | null },
>(booked: T, outcomes: ApiBookingOutcome[]): T {
  const outcome = outcomes.find((o) => o.shipmentId === booked.shipmentId);
  return outcome
    ? { ...booked, state: outcome.state, trackingNumber: outcome.trackingNumber, error: outcome.error }
    : booked;
}

/**
 * Try again: a booking the courier refused is requested again (after the owner fixed the cause)
 * and sent at once; the answer comes back as with Book Shipments.
 */
export async function retryParcelBooking(
  ctx: BookingContext,
  actor: OrderActor,
  orderId: string,
  deadlineMs = BOOKING_REQUEST_DEADLINE_MS,
): Promise<{ orderNumber: string; outcome: ApiBookingOutcome | null }> {
  const { shipmentId, orderNumber } = await requestBookingAgain(ctx.db, actor, orderId, orderDesk, ctx.now);
  const deps = apiBookingDeps(ctx);
  if (!deps) return { orderNumber, outcome: null };
  const [outcome] = await bookRequestedParcels(ctx.db, deps, {
    shipmentIds: [shipmentId],
    deadline: Date.now() + deadlineMs,
    parallel: 1,
  });
  return { orderNumber, outcome: outcome ?? null };
}

/**
 * The booking worker's step: books every requested parcel whose turn has come (a request's
 * leftovers past its deadline, and retries after a courier's failure), until none is due or the
 * deadline passes.
 */
export function bookDueParcels(ctx: BookingContext, deadlineMs: number): Promise<ApiBookingOutcome[]> {
  const deps = apiBookingDeps(ctx);
  if (!deps) throw new Error("the booking worker needs the providers and the secret boxes");
  return bookRequestedParcels(ctx.db, deps, { deadline: Date.now() + deadlineMs });
}

/**
 * The booking worker's other step: cancels at the courier the parcels of orders cancelled while
 * their parcel was with an API courier (or finds they were never booked), then removes them.
 */
export function cancelDueParcels(ctx: BookingContext, deadlineMs: number): Promise<ApiCancelOutcome[]> {
  const deps = apiBookingDeps(ctx);
  if (!deps) throw new Error("the booking worker needs the providers and the secret boxes");
  return cancelRequestedParcels(ctx.db, deps, { deadline: Date.now() + deadlineMs });
}

/**
 * Takes a booking back before the parcel leaves; the order's history says so (shipping's
 * cancelBooking). A parcel booked over a courier's API is cancelled with the courier first: if it
 * refuses, nothing changes and its words come back.
 */
export async function cancelParcelBooking(
  ctx: BookingContext,
  actor: OrderActor,
  orderId: string,
): Promise<{ orderNumber: string; courier: string }> {
  const cancelledAtCourier = await cancelAtCourier(
    ctx.db,
    ctx.providers?.couriers.api,
    ctx.secretBoxes?.["courier-credentials"],
    orderId,
    ctx.now,
  );
  return cancelBooking(ctx.db, actor, orderId, orderDesk, ctx.now, { cancelledAtCourier });
}
