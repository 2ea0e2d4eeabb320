import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couriers, shipments } from "~/modules/shipping/tables";
import { orderItems, orders } from "~/modules/orders/reads";
import { AppError } from "~/lib/errors";
import { normalizePakistaniMobile } from "~/lib/phone";
import { isUuid } from "~/lib/uuid";
import { getSettings } from "~/modules/settings/reads";
import { code128Svg } from "./barcode.server";
import { parcelDescription } from "./parcel";

/** How many labels one print takes at most (a day's booking: book-shipments' MAX_BOOKING). */
export const MAX_LABELS = 200;
export const TOO_MANY_LABELS = `Print at most ${MAX_LABELS} labels at a time`;

/** One parcel's label: what components/shipping/label-sheet.tsx draws. COD is whole PKR, 0 when already paid; the barcodes are code128Svg's SVG, inserted as trusted markup. */
export type ShippingLabel = {
  orderNumber: string;
  trackingNumber: string | null;
  courierName: string;
  sender: { brandName: string; phone: string; address: string; city: string };
  consignee: { name: string; phone: string; address: string; city: string };
  codAmount: number;
  pieces: number;
  weightGrams: number;
  description: string;
  /** A replacement order (an exchange): the original order's number, whose item the rider collects. */
  exchangeFor: string | null;
  orderBarcodeSvg: string;
  trackingBarcodeSvg: string | null;
};

/** The distinct order ids asked for, in the order given (anything not an order id is dropped). */
export function labelOrderIds(orderIds: readonly string[]): string[] {
  return [...new Set(orderIds.filter(isUuid))];
}

/** A tracking number as a barcode; a number a scanner could misread (not plain ASCII) is printed as text only. */
function trackingBarcode(trackingNumber: string | null): string | null {
  if (!trackingNumber?.trim()) return null;
  try {
    return code128Svg(trackingNumber);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * The labels of the booked orders among `orderIds`, in booking order: the shop as sender, the order's
 * consignee, the shipment's COD, pieces and weight, its items as the description, the courier, and
 * Code 128 barcodes of the order number and (once the courier has given one) the tracking number.
 * Orders not booked are left out: the caller compares the count with what it asked for.
 */
export async function shippingLabels(db: DbOrTx, orderIds: readonly string[]): Promise<ShippingLabel[]> {
  const ids = labelOrderIds(orderIds);
  if (ids.length > MAX_LABELS) throw new AppError("VALIDATION", TOO_MANY_LABELS);
  if (!ids.length) return [];
  const rows = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      fullName: orders.fullName,
      phone: orders.phone,
      address: orders.address,
      postalCode: orders.postalCode,
      city: orders.city,
      codAmount: shipments.codAmount,
      pieces: shipments.pieces,
      weightGrams: shipments.weightGrams,
      // The courier's number from its booking, or the one the owner typed on the order.
      trackingNumber: sql<string | null>`coalesce(${shipments.trackingNumber}, ${orders.trackingNumber})`,
      courierName: couriers.name,
      exchangeFor: sql<string | null>`(select r.order_number from orders r where r.id = "orders"."replaces_order_id")`,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(couriers, eq(couriers.id, shipments.courierId))
    // A parcel still waiting for (or refused by) an API courier has no booking to label yet.
    .where(and(inArray(shipments.orderId, ids), eq(shipments.bookingState, "booked")))
    .orderBy(asc(shipments.bookedAt), asc(shipments.id));
  if (!rows.length) return [];
  const [items, settings] = await Promise.all([
    db
      .select({
        orderId: orderItems.orderId,
        name: orderItems.name,
        size: orderItems.size,
        color: orderItems.color,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((r) => r.orderId),
        ),
      )
      .orderBy(asc(orderItems.id)),
    getSettings(db),
  ]);
  const itemsByOrder = new Map<string, typeof items>();
  for (const item of items) {
    const list = itemsByOrder.get(item.orderId);
    if (list) list.push(item);
    else itemsByOrder.set(item.orderId, [item]);
  }
  const sender = {
    brandName: settings.brandName,
    phone: normalizePakistaniMobile(settings.phone) ?? settings.phone,
    address: settings.address,
    city: settings.city,
  };
  return rows.map((row) => ({
    orderNumber: row.orderNumber,
    trackingNumber: row.trackingNumber,
    courierName: row.courierName,
    sender,
    consignee: {
      name: row.fullName,
      phone: row.phone,
      address: [row.address, row.postalCode].filter(Boolean).join(", "),
      city: row.city,
    },
    codAmount: row.codAmount,
    pieces: row.pieces,
    weightGrams: row.weightGrams,
    description: parcelDescription(itemsByOrder.get(row.orderId) ?? []),
    exchangeFor: row.exchangeFor,
    orderBarcodeSvg: code128Svg(row.orderNumber),
    trackingBarcodeSvg: trackingBarcode(row.trackingNumber),
  }));
}
