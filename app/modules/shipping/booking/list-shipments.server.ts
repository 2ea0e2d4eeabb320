import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couriers, settlements, shipments } from "~/modules/shipping/tables";
import { orders } from "~/modules/orders/reads";

export const SHIPMENTS_PAGE_SIZE = 50;

export type ShipmentFilter = { courierId?: number | null; page?: number };

/** Shipments newest first, a page at a time, with their order, courier and settlement (JSON API). */
export async function listShipments(db: DbOrTx, filter: ShipmentFilter = {}) {
  const page = Math.max(1, Math.min(10_000, Math.floor(filter.page ?? 1)));
  const where: SQL | undefined = filter.courierId ? eq(shipments.courierId, filter.courierId) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: shipments.id,
        orderId: shipments.orderId,
        orderNumber: orders.orderNumber,
        orderStatus: orders.status,
        paymentStatus: orders.paymentStatus,
        city: orders.city,
        courierId: shipments.courierId,
        courier: couriers.name,
        trackingNumber: shipments.trackingNumber,
        // An API courier's booking: requested (waiting, with its last words), booked, or failed with its words.
        bookingState: shipments.bookingState,
        bookingError: shipments.bookingError,
        weightGrams: shipments.weightGrams,
        pieces: shipments.pieces,
        codAmount: shipments.codAmount,
        estimatedCharge: shipments.estimatedCharge,
        bookedAt: shipments.bookedAt,
        lastCourierStatus: shipments.lastCourierStatus,
        lastCourierStatusAt: shipments.lastCourierStatusAt,
        deliveredAt: shipments.deliveredAt,
        returnedAt: shipments.returnedAt,
        collectedAmount: shipments.collectedAmount,
        chargedAmount: shipments.chargedAmount,
        incomeTaxWithheld: shipments.incomeTaxWithheld,
        salesTaxWithheld: shipments.salesTaxWithheld,
        netPaid: shipments.netPaid,
        settlementReference: settlements.reference,
      })
      .from(shipments)
      .innerJoin(orders, eq(orders.id, shipments.orderId))
      .innerJoin(couriers, eq(couriers.id, shipments.courierId))
      .leftJoin(settlements, eq(settlements.id, shipments.settlementId))
      .where(where)
      .orderBy(desc(shipments.bookedAt), desc(shipments.id))
      .limit(SHIPMENTS_PAGE_SIZE)
      .offset((page - 1) * SHIPMENTS_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(shipments)
      .where(where),
  ]);
  return {
    shipments: rows,
    total: Number(total),
    page,
    pageSize: SHIPMENTS_PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(Number(total) / SHIPMENTS_PAGE_SIZE)),
  };
}

/** Settlements newest first, a page at a time, with their courier (JSON API). */
export async function listSettlements(db: DbOrTx, filter: ShipmentFilter = {}) {
  const page = Math.max(1, Math.min(10_000, Math.floor(filter.page ?? 1)));
  const where = filter.courierId ? and(eq(settlements.courierId, filter.courierId)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: settlements.id,
        courierId: settlements.courierId,
        courier: couriers.name,
        reference: settlements.reference,
        paidOn: settlements.paidOn,
        expectedTotal: settlements.expectedTotal,
        chargesTotal: settlements.chargesTotal,
        incomeTaxTotal: settlements.incomeTaxTotal,
        salesTaxTotal: settlements.salesTaxTotal,
        paidTotal: settlements.paidTotal,
        parcels: sql<number>`(select count(*)::int from ${shipments} s where s.settlement_id = ${settlements.id})`,
        createdAt: settlements.createdAt,
      })
      .from(settlements)
      .innerJoin(couriers, eq(couriers.id, settlements.courierId))
      .where(where)
      .orderBy(desc(settlements.paidOn), desc(settlements.id))
      .limit(SHIPMENTS_PAGE_SIZE)
      .offset((page - 1) * SHIPMENTS_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(settlements)
      .where(where),
  ]);
  return {
    settlements: rows.map((r) => ({ ...r, parcels: Number(r.parcels) })),
    total: Number(total),
    page,
    pageSize: SHIPMENTS_PAGE_SIZE,
  };
}
