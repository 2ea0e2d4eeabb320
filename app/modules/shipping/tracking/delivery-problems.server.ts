import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { couriers, shipments } from "~/modules/shipping/tables";
import { orders } from "~/modules/orders/reads";
import type { CourierProviderKind, ShipperAdvice } from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";
import { pageWindow } from "~/lib/page-window";
import type { OrderActor } from "~/modules/orders/order-actor";
import type { OrderDesk } from "../order-desk";
import { adviceNote } from "./advice-form";
import { phoneLinks } from "./problem-links";

export const PROBLEMS_PAGE_SIZE = 20;
export const PROBLEM_ANSWERED =
  "This parcel is no longer waiting for an answer: it was answered, delivered or returned meanwhile.";

/** One failed delivery waiting for the owner's answer. Dates are ISO strings. */
export type DeliveryProblem = {
  shipmentId: number;
  orderId: string;
  orderNumber: string;
  buyerName: string;
  phone: string;
  telLink: string;
  whatsappLink: string | null;
  city: string;
  codAmount: number;
  courierName: string;
  trackingNumber: string | null;
  status: string;
  reason: string | null;
  at: string;
  /** The courier's words when the last advice sent was refused. */
  adviceError: string | null;
  /** How the shop reaches the courier: the route asks its API whether it takes shipper advice. */
  courierProvider: CourierProviderKind;
  /** The courier takes advice only on its portal (TCS): the owner gives it there and records it here. */
  adviceInPortal?: boolean;
};

export type DeliveryProblemPage = { items: DeliveryProblem[]; page: number; pageCount: number; total: number };

/** Unanswered attempts on parcels still out (shipments_problem_idx): a later delivery or return takes a parcel off, keeping its record. */
const waiting: SQL = and(
  isNotNull(shipments.problemAt),
  isNull(shipments.advice),
  isNull(shipments.deliveredAt),
  isNull(shipments.returnedAt),
)!;

export async function countDeliveryProblems(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shipments).where(waiting);
  return row.n;
}

/** The queue, oldest attempt first, a page of 20, paged in SQL. */
export async function listDeliveryProblems(db: DbOrTx, requestedPage: number): Promise<DeliveryProblemPage> {
  const total = await countDeliveryProblems(db);
  const { page, pageCount, offset } = pageWindow(total, requestedPage, PROBLEMS_PAGE_SIZE);
  const rows = await db
    .select({
      shipmentId: shipments.id,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      buyerName: orders.fullName,
      phone: orders.phone,
      city: orders.city,
      codAmount: shipments.codAmount,
      courierName: couriers.name,
      courierProvider: couriers.provider,
      trackingNumber: shipments.trackingNumber,
      status: shipments.problemStatus,
      reason: shipments.problemReason,
      at: shipments.problemAt,
      adviceError: shipments.adviceError,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(couriers, eq(couriers.id, shipments.courierId))
    .where(waiting)
    .orderBy(asc(shipments.problemAt), asc(shipments.id))
    .limit(PROBLEMS_PAGE_SIZE)
    .offset(offset);
  const items = rows.map((r) => {
    const links = phoneLinks(r.phone, {
      buyerName: r.buyerName,
      orderNumber: r.orderNumber,
      courierName: r.courierName,
    });
    return {
      ...r,
      status: r.status ?? "Delivery attempted",
      at: r.at!.toISOString(),
      telLink: links.tel,
      whatsappLink: links.whatsapp,
    };
  });
  return { items, page, pageCount, total };
}

/** A parcel the owner answers: still waiting, with its courier and tracking number (404 or CONFLICT otherwise). */
export async function problemToAdvise(
  db: DbOrTx,
  shipmentId: number,
): Promise<{ shipmentId: number; orderId: string; courierId: number; courierName: string; trackingNumber: string }> {
  const [row] = await db
    .select({
      shipmentId: shipments.id,
      orderId: shipments.orderId,
      courierId: shipments.courierId,
      courierName: couriers.name,
      trackingNumber: shipments.trackingNumber,
      waiting: sql<boolean>`(${waiting})`,
    })
    .from(shipments)
    .innerJoin(couriers, eq(couriers.id, shipments.courierId))
    .where(eq(shipments.id, shipmentId));
  if (!row) throw new AppError("NOT_FOUND", "No such parcel");
  if (!row.waiting || !row.trackingNumber) throw new AppError("CONFLICT", PROBLEM_ANSWERED);
  return {
    shipmentId: row.shipmentId,
    orderId: row.orderId,
    courierId: row.courierId,
    courierName: row.courierName,
    trackingNumber: row.trackingNumber,
  };
}

/**
 * The courier took the advice: written on the parcel (which leaves the queue) and in the order's
 * history, in one transaction with the order locked. False when another answer got there first.
 */
export async function recordAdvice(
  db: Db,
  desk: OrderDesk,
  actor: OrderActor,
  p: { shipmentId: number; orderId: string; courierName: string; advice: ShipperAdvice; remarks: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.id, p.orderId))
      .for("update");
    const [written] = await tx
      .update(shipments)
      .set({ advice: p.advice, adviceAt: p.now, adviceByName: actor.name, adviceError: null })
      .where(and(eq(shipments.id, p.shipmentId), waiting))
      .returning({ id: shipments.id });
    if (!written || !order) return false;
    await desk.recordHistory(tx, [
      {
        orderId: order.id,
        from: order.status,
        to: order.status,
        actor,
        at: p.now,
        note: adviceNote(p.courierName, p.advice, p.remarks),
      },
    ]);
    return true;
  });
}

/** The courier refused the advice (or could not be reached): only its words are kept, beside the parcel. */
export async function recordAdviceError(db: DbOrTx, shipmentId: number, message: string): Promise<void> {
  await db
    .update(shipments)
    .set({ adviceError: message.slice(0, 500) })
    .where(eq(shipments.id, shipmentId));
}

/** An order's delivery problem and the owner's answer, for the order's page; null when it never had one. */
export type OrderDeliveryProblem = {
  status: string;
  reason: string | null;
  at: string;
  advice: ShipperAdvice | null;
  adviceAt: string | null;
  adviceByName: string | null;
  adviceError: string | null;
  /** Delivered or returned since: no answer is needed any more. */
  closed: boolean;
};

export async function deliveryProblemForOrder(db: DbOrTx, orderId: string): Promise<OrderDeliveryProblem | null> {
  const [row] = await db
    .select({
      status: shipments.problemStatus,
      reason: shipments.problemReason,
      at: shipments.problemAt,
      advice: shipments.advice,
      adviceAt: shipments.adviceAt,
      adviceByName: shipments.adviceByName,
      adviceError: shipments.adviceError,
      closed: sql<boolean>`(${shipments.deliveredAt} is not null or ${shipments.returnedAt} is not null)`,
    })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), isNotNull(shipments.problemAt)));
  if (!row) return null;
  return {
    ...row,
    closed: Boolean(row.closed),
    status: row.status ?? "Delivery attempted",
    at: row.at!.toISOString(),
    adviceAt: row.adviceAt?.toISOString() ?? null,
  };
}
