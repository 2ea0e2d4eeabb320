import { and, asc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { orderItems, orders } from "~/modules/orders/tables";
import { normalizePakistaniMobile } from "~/lib/phone";
import { RATE_RULES } from "~/modules/abuse/abuse-limits";
import { hitRateLimit, refundRateLimit } from "~/db/rate-limit.server";
import type { OrderStatus, PaymentStatus } from "./order-lifecycle";
import { normalizeOrderNumber } from "./order-number";
import { trackingUrlSql } from "~/modules/orders/tracking-url-sql";

export type TrackedOrder = {
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  createdAt: Date;
  deliveryFrom: Date;
  deliveryTo: Date;
  city: string;
  courierName: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  items: { name: string; color: string; size: string; quantity: number }[];
};

/**
 * Tracking without signing in (/track): the order number and the phone number used on the order
 * must both match. Only what a courier's tracking page would show is returned: no name, address
 * or e-mail, since anyone may try numbers here.
 */
export async function trackOrder(db: DbOrTx, orderNumber: string, phone: string): Promise<TrackedOrder | null> {
  const number = normalizeOrderNumber(orderNumber);
  // Stored in E.164, so "0300-1234567" and "+92 300 1234567" both match.
  const e164 = normalizePakistaniMobile(phone);
  if (!number || !e164) return null;
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      createdAt: orders.createdAt,
      deliveryFrom: orders.deliveryFrom,
      deliveryTo: orders.deliveryTo,
      city: orders.city,
      courierName: orders.courierName,
      trackingNumber: orders.trackingNumber,
      trackingUrl: trackingUrlSql,
    })
    .from(orders)
    .where(and(eq(orders.orderNumber, number), eq(orders.phone, e164)));
  if (!order) return null;
  const items = await db
    .select({ name: orderItems.name, color: orderItems.color, size: orderItems.size, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const { id: _id, ...rest } = order;
  return { ...rest, items };
}

export type TrackLookup =
  | { kind: "found"; order: TrackedOrder }
  | { kind: "not-found" }
  | { kind: "limited"; message: string; retryAfterSeconds: number };

/**
 * /track with its abuse limits (modules/abuse): every lookup counts against the client's address,
 * and every failed one against the phone number, so order numbers cannot be tried one after another
 * against a known phone, from one machine or from many. A lookup that finds the order gives its
 * phone count back.
 */
export async function lookUpOrder(
  db: Db,
  request: { orderNumber: string; phone: string; address: string; now?: Date },
): Promise<TrackLookup> {
  const now = request.now ?? new Date();
  const byAddress = await hitRateLimit(db, RATE_RULES.trackPerAddress, request.address, now);
  if (!byAddress.allowed)
    return { kind: "limited", message: byAddress.message, retryAfterSeconds: byAddress.retryAfterSeconds };
  const phoneKey = normalizePakistaniMobile(request.phone) ?? request.phone.replace(/\D/g, "");
  const byPhone = await hitRateLimit(db, RATE_RULES.trackFailedPerPhone, phoneKey, now);
  if (!byPhone.allowed)
    return { kind: "limited", message: byPhone.message, retryAfterSeconds: byPhone.retryAfterSeconds };
  const order = await trackOrder(db, request.orderNumber, request.phone);
  if (!order) return { kind: "not-found" };
  await refundRateLimit(db, RATE_RULES.trackFailedPerPhone, phoneKey);
  return { kind: "found", order };
}
