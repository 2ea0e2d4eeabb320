import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";
import { normalizePakistaniMobile } from "~/lib/phone";
import type { OrderStatus, PaymentStatus } from "./order-lifecycle";
import { normalizeOrderNumber } from "./order-number";

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
