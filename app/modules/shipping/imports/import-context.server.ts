import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couriers, orders, shipmentEvents, shipments } from "~/db/schema";
import { fromShopDateTimeLocal } from "~/lib/shop-time";
import { normalizeOrderNumber } from "~/modules/orders/order-number";
import type { MovingOrder } from "~/modules/orders/order-lifecycle";
import type { OrderActor } from "~/modules/orders/order-actor";
import type { OrderDesk } from "../order-desk";

/** What became of one row of a courier file: it changes something, changes nothing (already so), or cannot be matched or read. */
export type ImportOutcome = "change" | "unchanged" | "unmatched" | "problem";

export type PlannedRow = {
  line: number;
  orderNumber: string | null;
  trackingNumber: string | null;
  outcome: ImportOutcome;
  /** In the owner's words: what it does, or why not. */
  says: string;
};

/** What every row's import needs: the transaction, who imports, when, the file's name for the history note, the courier chosen. */
export type ImportContext = {
  tx: DbOrTx;
  actor: OrderActor;
  now: Date;
  /** "import of COD payment file NAME DATE", for notes that say what did it; `note` is "By " and that. */
  source: string;
  note: string;
  courierId: number | null;
  importId: number | null;
  /** The orders port: history rows and order moves (given by the flow that runs the import). */
  desk: OrderDesk;
};

/** An order and its shipment found for a row, both locked for the import's transaction. */
export type MatchedParcel = {
  order: MovingOrder & { orderNumber: string; total: number };
  shipment: typeof shipments.$inferSelect | null;
  courierName: string | null;
};

/**
 * The order a row names, by order number (ORD-123456 or the bare digits), else by the tracking
 * number of its shipment (with the chosen courier, when one is chosen). Locks the order row.
 */
export async function findParcel(ctx: ImportContext, row: { orderNumber: string | null; trackingNumber: string | null }): Promise<MatchedParcel | null> {
  const number = row.orderNumber ? normalizeOrderNumber(row.orderNumber) : null;
  let orderId: string | null = null;
  if (number) {
    const [found] = await ctx.tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, number));
    orderId = found?.id ?? null;
  }
  if (!orderId && row.trackingNumber) {
    const [found] = await ctx.tx
      .select({ orderId: shipments.orderId })
      .from(shipments)
      .where(and(eq(shipments.trackingNumber, row.trackingNumber), ctx.courierId ? eq(shipments.courierId, ctx.courierId) : undefined))
      .orderBy(desc(shipments.bookedAt))
      .limit(1);
    orderId = found?.orderId ?? null;
  }
  if (!orderId && row.trackingNumber) {
    // A tracking number the owner typed on an order shipped without a booking here.
    const [found] = await ctx.tx.select({ id: orders.id }).from(orders).where(eq(orders.trackingNumber, row.trackingNumber)).orderBy(desc(orders.createdAt)).limit(1);
    orderId = found?.id ?? null;
  }
  if (!orderId) return null;
  const [order] = await ctx.tx
    .select({ id: orders.id, orderNumber: orders.orderNumber, userId: orders.userId, status: orders.status, paymentStatus: orders.paymentStatus, deliveredAt: orders.deliveredAt, total: orders.total })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  const [found] = await ctx.tx
    .select({ shipment: shipments, courierName: couriers.name })
    .from(shipments)
    .innerJoin(couriers, eq(couriers.id, shipments.courierId))
    .where(eq(shipments.orderId, orderId))
    .for("update", { of: shipments });
  return { order, shipment: found?.shipment ?? null, courierName: found?.courierName ?? null };
}

/** Why a row matched nothing, in the owner's words. */
export function notFound(row: { orderNumber: string | null; trackingNumber: string | null }): string {
  if (row.orderNumber) return `No order ${row.orderNumber} in the shop`;
  return `No parcel with tracking number ${row.trackingNumber}`;
}

/**
 * A time the courier's file gives ("2026-11-24" or "2026-11-24 14:30", Pakistan time), or `now`
 * without one. A time in the future (a typo, a clock) is taken as now.
 */
export function courierTime(text: string | null | undefined, now: Date): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?/.exec(text ?? "");
  if (!match) return now;
  const [, y, m, d, hh = "12", mm = "00"] = match;
  const at = fromShopDateTimeLocal(`${y}-${m}-${d}T${hh}:${mm}`);
  return at === null || at > now ? now : at;
}

/** Records a courier status on the shipment (its latest when newest), once: the same status at the same time is not repeated. */
export async function recordCourierStatus(ctx: ImportContext, shipment: typeof shipments.$inferSelect, status: string, at: Date): Promise<boolean> {
  const [same] = await ctx.tx
    .select({ id: shipmentEvents.id })
    .from(shipmentEvents)
    .where(and(eq(shipmentEvents.shipmentId, shipment.id), eq(shipmentEvents.status, status), eq(shipmentEvents.at, at)));
  if (same) return false;
  await ctx.tx.insert(shipmentEvents).values({ shipmentId: shipment.id, status, at, importId: ctx.importId });
  if (!shipment.lastCourierStatusAt || at >= shipment.lastCourierStatusAt) {
    await ctx.tx.update(shipments).set({ lastCourierStatus: status, lastCourierStatusAt: at }).where(eq(shipments.id, shipment.id));
  }
  return true;
}
