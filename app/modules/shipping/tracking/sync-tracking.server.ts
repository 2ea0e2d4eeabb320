import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders } from "~/modules/orders/reads";
import { shipmentEvents, shipments } from "~/modules/shipping/tables";
import { AppError } from "~/lib/errors";
import { shopDay } from "~/lib/shop-time";
import type { OrderActor } from "~/modules/orders/order-actor";
import type { OrderDesk } from "../order-desk";
import type { CourierApi, CourierCredentials, ParcelTracking, TrackingEvent } from "../couriers/courier-api";
import type { ImportContext } from "../imports/import-context.server";
import { importDeliveryRow } from "../imports/import-delivery.server";
import { importTrackingRow } from "../imports/import-tracking.server";
import { deliveryRowOf, eventMinute, showsParcelPickedUp, trackingRowOf } from "./tracking-event-row";

/** Open parcels asked about per call: the courier's bulk tracking takes many at once. */
export const TRACK_PAGE_SIZE = 500;

/** What one courier's tracking sync did, for the log and Sync now's message. */
export type TrackingSummary = {
  asked: number;
  /** New events recorded (each once, however often the courier repeats it). */
  events: number;
  shipped: number;
  delivered: number;
  attempts: number;
  refused: number;
  returned: number;
  /** Events the shop could not apply, in the owner's words ("ORD-1 is cancelled ..."). */
  notApplied: string[];
};

export type TrackingRun = {
  db: Db;
  api: CourierApi;
  credentials: CourierCredentials;
  courier: { id: number; name: string };
  /** When the courier was last asked: its "since", where it takes one. */
  since: Date | null;
  /** Who the orders' history names: the owner on Sync now, the courier's tracking for the job. */
  actor: OrderActor;
  desk: OrderDesk;
  now: Date;
};

type OpenParcel = { shipmentId: number; orderId: string; orderNumber: string; trackingNumber: string };

/**
 * Asks the courier about every open parcel (booked with it, a tracking number, neither delivered
 * nor returned; shipments_open_idx), a page at a time, and applies each parcel's new events in a
 * transaction of its own through the delivery file's rules (importDeliveryRow): the buyer's e-mail,
 * the return window from the courier's delivery time, stock back once on a return, the history and
 * live events all follow. A picked-up parcel ships its booked order first (importTrackingRow). An
 * attempt puts the parcel in Delivery problems. Throws the courier's CourierApiError: parcels
 * applied before it stay applied, and the rest come on the next run (events are matched by status
 * and time, so none is applied twice).
 */
export async function syncCourierTracking(run: TrackingRun): Promise<TrackingSummary> {
  const summary: TrackingSummary = {
    asked: 0,
    events: 0,
    shipped: 0,
    delivered: 0,
    attempts: 0,
    refused: 0,
    returned: 0,
    notApplied: [],
  };
  let afterId = 0;
  for (;;) {
    const page = await openParcels(run.db, run.courier.id, afterId);
    if (page.length === 0) break;
    afterId = page[page.length - 1].shipmentId;
    summary.asked += page.length;
    const answers = await run.api.track(
      run.credentials,
      page.map((p) => p.trackingNumber),
      run.since ?? undefined,
    );
    const byNumber = new Map(answers.map((a) => [a.trackingNumber, a]));
    for (const parcel of page) {
      const tracking = byNumber.get(parcel.trackingNumber);
      if (tracking?.events.length) await applyParcelTracking(run, parcel, tracking, summary);
    }
    await run.db
      .update(shipments)
      .set({ lastTrackedAt: run.now })
      .where(
        inArray(
          shipments.id,
          page.map((p) => p.shipmentId),
        ),
      );
    if (page.length < TRACK_PAGE_SIZE) break;
  }
  return summary;
}

async function openParcels(db: Db, courierId: number, afterId: number): Promise<OpenParcel[]> {
  const rows = await db
    .select({
      shipmentId: shipments.id,
      orderId: shipments.orderId,
      orderNumber: orders.orderNumber,
      trackingNumber: shipments.trackingNumber,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(
      and(
        eq(shipments.courierId, courierId),
        isNull(shipments.deliveredAt),
        isNull(shipments.returnedAt),
        isNotNull(shipments.trackingNumber),
        eq(shipments.bookingState, "booked"),
        gt(shipments.id, afterId),
      ),
    )
    .orderBy(asc(shipments.id))
    .limit(TRACK_PAGE_SIZE);
  return rows.map((r) => ({ ...r, trackingNumber: r.trackingNumber! }));
}

/** One parcel's new events, oldest first, in one transaction with its order locked (as the imports lock it). */
async function applyParcelTracking(
  run: TrackingRun,
  parcel: OpenParcel,
  tracking: ParcelTracking,
  summary: TrackingSummary,
): Promise<void> {
  const source = `${run.courier.name}'s tracking ${shopDay(run.now)}`;
  const events = [...tracking.events].sort((a, b) => a.at.getTime() - b.at.getTime());
  try {
    await run.db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.id, parcel.orderId))
        .for("update");
      if (!order) return;
      const known = await tx
        .select({ status: shipmentEvents.status, at: shipmentEvents.at })
        .from(shipmentEvents)
        .where(eq(shipmentEvents.shipmentId, parcel.shipmentId));
      const seen = new Set(known.map((e) => `${e.status}\u0000${eventMinute(e.at)}`));
      const ctx: ImportContext = {
        tx,
        actor: run.actor,
        now: run.now,
        source,
        note: `By ${source}`,
        courierId: run.courier.id,
        importId: null,
        desk: run.desk,
      };
      for (const event of events) {
        // A time ahead of the shop's clock would be stored as "now" and not match next time: left for a later run.
        if (event.at.getTime() > run.now.getTime()) continue;
        const row = deliveryRowOf(parcel, event);
        const key = `${row.status}\u0000${eventMinute(event.at)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        await applyEvent(ctx, run, parcel, event, row, summary);
      }
    });
  } catch (error) {
    // An order the shop cannot move (a return request on it, say): its events wait, the others go on.
    if (!(error instanceof AppError)) throw error;
    summary.notApplied.push(`${parcel.orderNumber}: ${error.message}`);
  }
}

async function applyEvent(
  ctx: ImportContext,
  run: TrackingRun,
  parcel: OpenParcel,
  event: TrackingEvent,
  row: ReturnType<typeof deliveryRowOf>,
  summary: TrackingSummary,
): Promise<void> {
  if (showsParcelPickedUp(event.kind)) {
    const [order] = await ctx.tx.select({ status: orders.status }).from(orders).where(eq(orders.id, parcel.orderId));
    if (order.status === "confirmed" || order.status === "processing") {
      const shipped = await importTrackingRow(ctx, trackingRowOf(parcel, run.courier.name, event));
      if (shipped.outcome === "change") summary.shipped++;
      else summary.notApplied.push(`${parcel.orderNumber}: ${shipped.says}`);
    }
  }
  const applied = await importDeliveryRow(ctx, row);
  if (applied.outcome === "unmatched" || applied.outcome === "problem") {
    summary.notApplied.push(`${parcel.orderNumber}: ${applied.says}`);
    return;
  }
  const at = new Date(eventMinute(event.at));
  // The import records the status; the courier's reason and where it came from are this sync's to add.
  await ctx.tx
    .update(shipmentEvents)
    .set({ fromApi: true, reason: row.reason })
    .where(
      and(
        eq(shipmentEvents.shipmentId, parcel.shipmentId),
        eq(shipmentEvents.status, row.status),
        eq(shipmentEvents.at, at),
      ),
    );
  if (applied.outcome !== "change") return;
  summary.events++;
  if (event.kind === "delivered") summary.delivered++;
  else if (event.kind === "returned") summary.returned++;
  else if (event.kind === "refused") summary.refused++;
  else if (event.kind === "attempted") {
    summary.attempts++;
    // Delivery problems: the newest attempt waits for the owner's answer (an earlier answer was for an earlier attempt).
    await ctx.tx
      .update(shipments)
      .set({
        problemStatus: row.status,
        problemReason: row.reason,
        problemAt: at,
        advice: null,
        adviceAt: null,
        adviceByName: null,
        adviceError: null,
      })
      .where(and(eq(shipments.id, parcel.shipmentId), or(isNull(shipments.problemAt), lt(shipments.problemAt, at))));
  }
}
