import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couriers, shipmentEvents, shipments } from "~/modules/shipping/tables";
import { orders } from "~/modules/orders/reads";
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
  /**
   * Present for a preview: every step reads and decides exactly as Apply does, and writes nothing
   * (no transaction, no locks). It remembers what the rows before would have changed, so a later
   * row of the same file decides as it will when applied. Absent: the steps write.
   */
  preview?: ImportPreview;
};

/** What a preview's earlier rows would have changed by now (import-context.server.ts: ImportContext.preview). */
export type ImportPreview = {
  orders: Map<string, Partial<MatchedParcel["order"]>>;
  shipments: Map<number, Partial<typeof shipments.$inferSelect>>;
  /** Courier statuses recorded ("shipment id|status|time") and discrepancies noted ("kind|order|settlement"). */
  events: Set<string>;
  discrepancies: Set<string>;
  /** Settlements a preview would create: negative ids, by reference. */
  settlements: Map<string, { id: number; paidOn: string }>;
};

export function newPreview(): ImportPreview {
  return {
    orders: new Map(),
    shipments: new Map(),
    events: new Set(),
    discrepancies: new Set(),
    settlements: new Map(),
  };
}

/** What an order becomes in a step: written when applying, remembered when previewing. */
export async function changeOrder(
  ctx: ImportContext,
  orderId: string,
  change: Partial<Pick<MatchedParcel["order"], "status" | "deliveredAt" | "paymentStatus">> & {
    trackingNumber?: string;
  },
): Promise<void> {
  if (ctx.preview) {
    ctx.preview.orders.set(orderId, { ...ctx.preview.orders.get(orderId), ...change });
    return;
  }
  const { status: _status, deliveredAt: _deliveredAt, ...columns } = change;
  if (Object.keys(columns).length) await ctx.desk.setShipping(ctx.tx, orderId, columns, ctx.now);
}

/** What a parcel becomes in a step: written when applying, remembered when previewing. */
export async function changeShipment(
  ctx: ImportContext,
  shipmentId: number,
  change: Partial<typeof shipments.$inferSelect>,
): Promise<void> {
  if (ctx.preview) {
    ctx.preview.shipments.set(shipmentId, { ...ctx.preview.shipments.get(shipmentId), ...change });
    return;
  }
  await ctx.tx.update(shipments).set(change).where(eq(shipments.id, shipmentId));
}

/**
 * Moves an order through the orders port when applying (stock, e-mail, history, the parcel's hook);
 * a preview only remembers the order's new status and delivery time.
 */
export async function moveOrder<O extends MatchedParcel["order"]>(
  ctx: ImportContext,
  order: O,
  to: MatchedParcel["order"]["status"],
  opts: { note: string; deliveredAt?: Date; courier?: { courierName?: string; trackingNumber: string } },
): Promise<O> {
  if (ctx.preview) {
    const moved = {
      ...order,
      status: to,
      deliveredAt: to === "delivered" ? (opts.deliveredAt ?? ctx.now) : order.deliveredAt,
    };
    ctx.preview.orders.set(order.id, {
      ...ctx.preview.orders.get(order.id),
      status: moved.status,
      deliveredAt: moved.deliveredAt,
    });
    return moved;
  }
  return ctx.desk.applyMove(ctx.tx, ctx.actor, order, to, { now: ctx.now, ...opts });
}

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
export async function findParcel(
  ctx: ImportContext,
  row: { orderNumber: string | null; trackingNumber: string | null },
): Promise<MatchedParcel | null> {
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
      .where(
        and(
          eq(shipments.trackingNumber, row.trackingNumber),
          ctx.courierId ? eq(shipments.courierId, ctx.courierId) : undefined,
        ),
      )
      .orderBy(desc(shipments.bookedAt))
      .limit(1);
    orderId = found?.orderId ?? null;
  }
  if (!orderId && row.trackingNumber) {
    // A tracking number the owner typed on an order shipped without a booking here.
    const [found] = await ctx.tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.trackingNumber, row.trackingNumber))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    orderId = found?.id ?? null;
  }
  if (!orderId) return null;
  const orderQuery = ctx.tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      deliveredAt: orders.deliveredAt,
      total: orders.total,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  const shipmentQuery = ctx.tx
    .select({ shipment: shipments, courierName: couriers.name })
    .from(shipments)
    .innerJoin(couriers, eq(couriers.id, shipments.courierId))
    .where(eq(shipments.orderId, orderId));
  // A preview takes no locks; Apply's transaction has locked the file's orders already (lockOrders).
  const [order] = ctx.preview ? await orderQuery : await orderQuery.for("update");
  const [found] = ctx.preview ? await shipmentQuery : await shipmentQuery.for("update", { of: shipments });
  const shipment = found?.shipment ? { ...found.shipment, ...ctx.preview?.shipments.get(found.shipment.id) } : null;
  return {
    order: { ...order, ...ctx.preview?.orders.get(order.id) },
    shipment,
    courierName: found?.courierName ?? null,
  };
}

/**
 * The orders a file's rows name (by order number, else by tracking number), for Apply to lock
 * before any row is applied: all at once, in one order (by id), so two imports naming the same
 * orders in different orders wait for each other instead of deadlocking.
 */
export async function lockOrders(
  tx: DbOrTx,
  rows: { orderNumber: string | null; trackingNumber: string | null }[],
): Promise<void> {
  const numbers = [
    ...new Set(
      rows
        .flatMap((row) => (row.orderNumber ? [normalizeOrderNumber(row.orderNumber)] : []))
        .filter((n): n is string => Boolean(n)),
    ),
  ];
  const tracking = [...new Set(rows.flatMap((row) => (row.trackingNumber ? [row.trackingNumber] : [])))];
  const ids = new Set<string>();
  for (let i = 0; i < numbers.length; i += 1000) {
    for (const { id } of await tx
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.orderNumber, numbers.slice(i, i + 1000))))
      ids.add(id);
  }
  for (let i = 0; i < tracking.length; i += 1000) {
    const chunk = tracking.slice(i, i + 1000);
    for (const { id } of await tx
      .select({ id: shipments.orderId })
      .from(shipments)
      .where(inArray(shipments.trackingNumber, chunk)))
      ids.add(id);
    for (const { id } of await tx.select({ id: orders.id }).from(orders).where(inArray(orders.trackingNumber, chunk)))
      ids.add(id);
  }
  const sorted = [...ids].sort();
  // ORDER BY with FOR UPDATE locks the rows as they come out of the sort: in id order.
  for (let i = 0; i < sorted.length; i += 1000) {
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.id, sorted.slice(i, i + 1000)))
      .orderBy(asc(orders.id))
      .for("update");
  }
}

/**
 * When a row gives both an order number and a tracking number that name different parcels (a
 * pasted column, a mixed-up sheet), why, in the owner's words; null when they agree or only one
 * names anything. Such a row is applied to neither parcel. Reads only.
 */
export async function idsDisagree(
  ctx: ImportContext,
  row: { orderNumber: string | null; trackingNumber: string | null },
): Promise<string | null> {
  if (!row.orderNumber || !row.trackingNumber) return null;
  const number = normalizeOrderNumber(row.orderNumber);
  const [byNumber] = number
    ? await ctx.tx
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          orderTracking: orders.trackingNumber,
          shipmentTracking: shipments.trackingNumber,
        })
        .from(orders)
        .leftJoin(shipments, eq(shipments.orderId, orders.id))
        .where(eq(orders.orderNumber, number))
        .limit(1)
    : [];
  const [byShipment] = await ctx.tx
    .select({ orderId: shipments.orderId, orderNumber: orders.orderNumber })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(
      and(
        eq(shipments.trackingNumber, row.trackingNumber),
        ctx.courierId ? eq(shipments.courierId, ctx.courierId) : undefined,
      ),
    )
    .orderBy(desc(shipments.bookedAt))
    .limit(1);
  const [byOrderTracking] = byShipment
    ? []
    : await ctx.tx
        .select({ orderId: orders.id, orderNumber: orders.orderNumber })
        .from(orders)
        .where(eq(orders.trackingNumber, row.trackingNumber))
        .orderBy(desc(orders.createdAt))
        .limit(1);
  const byTracking = byShipment ?? byOrderTracking;
  if (!byNumber)
    return byTracking
      ? `No order ${row.orderNumber} in the shop, but tracking number ${row.trackingNumber} is ${byTracking.orderNumber}'s`
      : null;
  if (byTracking && byTracking.orderId !== byNumber.id) {
    return `Order ${byNumber.orderNumber} has tracking number ${byNumber.shipmentTracking ?? byNumber.orderTracking ?? "none yet"}, the file says ${row.trackingNumber} (${byTracking.orderNumber}'s)`;
  }
  const has = byNumber.shipmentTracking ?? byNumber.orderTracking;
  if (!byTracking && has && has !== row.trackingNumber)
    return `Order ${byNumber.orderNumber} has tracking number ${has}, the file says ${row.trackingNumber}`;
  return null;
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
export async function recordCourierStatus(
  ctx: ImportContext,
  shipment: typeof shipments.$inferSelect,
  status: string,
  at: Date,
): Promise<boolean> {
  const key = `${shipment.id}|${status}|${at.toISOString()}`;
  if (ctx.preview?.events.has(key)) return false;
  const [same] = await ctx.tx
    .select({ id: shipmentEvents.id })
    .from(shipmentEvents)
    .where(
      and(eq(shipmentEvents.shipmentId, shipment.id), eq(shipmentEvents.status, status), eq(shipmentEvents.at, at)),
    );
  if (same) return false;
  if (ctx.preview) ctx.preview.events.add(key);
  else await ctx.tx.insert(shipmentEvents).values({ shipmentId: shipment.id, status, at, importId: ctx.importId });
  if (!shipment.lastCourierStatusAt || at >= shipment.lastCourierStatusAt) {
    await changeShipment(ctx, shipment.id, { lastCourierStatus: status, lastCourierStatusAt: at });
  }
  return true;
}
