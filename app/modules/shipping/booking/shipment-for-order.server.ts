import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couriers, settlements, shipmentEvents, shipments, shippingDiscrepancies } from "~/modules/shipping/tables";
import { isUuid } from "~/lib/uuid";
import { trackingLink } from "../couriers/tracking-link";

/** An order's parcel as the owner sees it on the order's page. Dates are ISO strings. */
export type OrderShipment = {
  courierName: string;
  trackingNumber: string | null;
  /** The courier's tracking page for it, when the courier has a tracking link. */
  trackingUrl: string | null;
  weightGrams: number;
  pieces: number;
  codAmount: number;
  estimatedCharge: number;
  /** From the courier's settlement: what it collected, charged, and paid the shop. Null until settled. */
  collectedAmount: number | null;
  chargedAmount: number | null;
  /** Income tax and sales tax the courier withheld from its COD (issue 45), null when not said. */
  taxWithheld: number | null;
  netPaid: number | null;
  bookedAt: string;
  deliveredAt: string | null;
  returnedAt: string | null;
  /** Every status the courier gave it, oldest first. */
  events: { status: string; at: string }[];
  /** The settlement that paid for it. */
  settlement: { reference: string; paidOn: string } | null;
  /** Discrepancies about this order still open. */
  openDiscrepancies: number;
};

/**
 * The shipment of one order, or null when it was not booked with a courier: two queries (the
 * parcel with its courier, settlement and open discrepancies; its courier statuses), side by side.
 */
export async function shipmentForOrder(db: DbOrTx, orderId: string): Promise<OrderShipment | null> {
  if (!isUuid(orderId)) return null;
  const [[row], events] = await Promise.all([
    db
      .select({
        courierName: couriers.name,
        trackingPattern: couriers.trackingUrl,
        trackingNumber: shipments.trackingNumber,
        weightGrams: shipments.weightGrams,
        pieces: shipments.pieces,
        codAmount: shipments.codAmount,
        estimatedCharge: shipments.estimatedCharge,
        collectedAmount: shipments.collectedAmount,
        chargedAmount: shipments.chargedAmount,
        taxWithheld: sql<
          number | null
        >`case when ${shipments.incomeTaxWithheld} is null and ${shipments.salesTaxWithheld} is null then null else coalesce(${shipments.incomeTaxWithheld}, 0) + coalesce(${shipments.salesTaxWithheld}, 0) end`,
        netPaid: shipments.netPaid,
        bookedAt: shipments.bookedAt,
        deliveredAt: shipments.deliveredAt,
        returnedAt: shipments.returnedAt,
        settlementReference: settlements.reference,
        settlementPaidOn: settlements.paidOn,
        openDiscrepancies:
          sql<number>`(select count(*) from ${shippingDiscrepancies} where ${and(eq(shippingDiscrepancies.orderId, orderId), isNull(shippingDiscrepancies.resolvedAt))})`.mapWith(
            Number,
          ),
      })
      .from(shipments)
      .innerJoin(couriers, eq(couriers.id, shipments.courierId))
      .leftJoin(settlements, eq(settlements.id, shipments.settlementId))
      .where(eq(shipments.orderId, orderId)),
    db
      .select({ status: shipmentEvents.status, at: shipmentEvents.at })
      .from(shipmentEvents)
      .innerJoin(shipments, eq(shipments.id, shipmentEvents.shipmentId))
      .where(eq(shipments.orderId, orderId))
      .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id)),
  ]);
  if (!row) return null;
  const { trackingPattern, settlementReference, settlementPaidOn, bookedAt, deliveredAt, returnedAt, ...rest } = row;
  return {
    ...rest,
    trackingUrl: trackingLink(trackingPattern, row.trackingNumber),
    bookedAt: bookedAt.toISOString(),
    deliveredAt: deliveredAt?.toISOString() ?? null,
    returnedAt: returnedAt?.toISOString() ?? null,
    events: events.map((e) => ({ status: e.status, at: e.at.toISOString() })),
    settlement:
      settlementReference !== null && settlementPaidOn !== null
        ? { reference: settlementReference, paidOn: settlementPaidOn }
        : null,
  };
}
