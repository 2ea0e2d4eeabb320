import { randomUUID } from "node:crypto";
import type { Db } from "~/db/client.server";
import { couriers, orders, settlements, shipmentEvents, shipments, shippingDiscrepancies } from "~/schema";
import type { OrderStatus } from "~/db/schema/statuses";
import { defaultBookingColumns } from "~/modules/shipping/booking/booking-columns";

let sequence = 0;

/** A courier straight in the database: a simple rate card and its default booking layout. */
export async function insertTestCourier(
  db: Db,
  name: string,
  trackingUrl: string | null = `https://${name.toLowerCase()}.example.pk/track/{tracking}`,
): Promise<number> {
  const [row] = await db
    .insert(couriers)
    .values({
      name,
      trackingUrl,
      accountCode: `${name.toUpperCase()}-001`,
      rateCard: {
        bands: [
          { upToGrams: 500, charge: 180 },
          { upToGrams: 1000, charge: 230 },
        ],
        extraPerKg: 100,
        codFeeBps: 100,
        surchargeBps: 0,
      },
      bookingColumns: defaultBookingColumns(name),
    })
    .returning({ id: couriers.id });
  return row.id;
}

export type TestParcel = {
  courierId: number;
  city?: string;
  status?: OrderStatus;
  codAmount: number;
  estimatedCharge?: number;
  chargedAmount?: number | null;
  collectedAmount?: number | null;
  netPaid?: number | null;
  bookedAt: Date;
  deliveredAt?: Date | null;
  returnedAt?: Date | null;
  settlementId?: number | null;
  trackingNumber?: string | null;
  weightGrams?: number;
  pieces?: number;
  events?: { status: string; at: Date }[];
};

/**
 * An order (entered directly, with no items: enough for shipping views) and its shipment in the
 * state given. The order's status follows the parcel unless given: delivered, returned or shipped.
 */
export async function insertTestParcel(
  db: Db,
  p: TestParcel,
): Promise<{ orderId: string; orderNumber: string; shipmentId: number }> {
  sequence++;
  const orderId = randomUUID();
  const orderNumber = `ORD-${String(700000 + sequence)}`;
  const status: OrderStatus = p.status ?? (p.returnedAt ? "returned" : p.deliveredAt ? "delivered" : "shipped");
  const trackingNumber = p.trackingNumber === undefined ? `TRK${700000 + sequence}` : p.trackingNumber;
  await db.insert(orders).values({
    id: orderId,
    orderNumber,
    status,
    channel: "web",
    paymentStatus: p.settlementId ? "settled" : p.deliveredAt ? "collected" : "unpaid",
    subtotal: Math.max(0, p.codAmount - 200),
    shippingFee: 200,
    total: Math.max(p.codAmount, 200),
    fullName: `Customer ${sequence}`,
    email: "c@example.pk",
    phone: "+923001234567",
    address: "1 Street",
    city: p.city ?? "Karachi",
    deliveryFrom: p.bookedAt,
    deliveryTo: p.bookedAt,
    createdAt: p.bookedAt,
    updatedAt: p.bookedAt,
    deliveredAt: p.deliveredAt ?? null,
    trackingNumber,
  });
  const [shipment] = await db
    .insert(shipments)
    .values({
      orderId,
      courierId: p.courierId,
      weightGrams: p.weightGrams ?? 500,
      pieces: p.pieces ?? 1,
      codAmount: p.codAmount,
      estimatedCharge: p.estimatedCharge ?? 200,
      chargedAmount: p.chargedAmount ?? null,
      collectedAmount: p.collectedAmount ?? null,
      netPaid: p.netPaid ?? null,
      bookedAt: p.bookedAt,
      deliveredAt: p.deliveredAt ?? null,
      returnedAt: p.returnedAt ?? null,
      settlementId: p.settlementId ?? null,
      trackingNumber,
      lastCourierStatus: p.events?.at(-1)?.status ?? null,
      lastCourierStatusAt: p.events?.at(-1)?.at ?? null,
    })
    .returning({ id: shipments.id });
  if (p.events?.length)
    await db
      .insert(shipmentEvents)
      .values(p.events.map((e) => ({ shipmentId: shipment.id, status: e.status, at: e.at })));
  return { orderId, orderNumber, shipmentId: shipment.id };
}

export async function insertTestSettlement(
  db: Db,
  s: {
    courierId: number;
    reference: string;
    paidOn: string;
    expectedTotal?: number;
    paidTotal?: number;
    chargesTotal?: number;
  },
): Promise<number> {
  const [row] = await db
    .insert(settlements)
    .values({ expectedTotal: 0, paidTotal: 0, chargesTotal: 0, ...s })
    .returning({ id: settlements.id });
  return row.id;
}

export async function insertTestDiscrepancy(db: Db, d: typeof shippingDiscrepancies.$inferInsert): Promise<number> {
  const [row] = await db.insert(shippingDiscrepancies).values(d).returning({ id: shippingDiscrepancies.id });
  return row.id;
}
