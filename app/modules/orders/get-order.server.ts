import { and, asc, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orderItems, orders } from "~/modules/orders/tables";
import { isUuid } from "~/lib/uuid";
import { trackingUrlSql } from "~/modules/orders/tracking-url-sql";
import type { OrderStatus, PaymentStatus } from "./order-lifecycle";

/** Who is looking: a buyer sees only their own orders, a seller (the shop) sees every order. */
export type OrderViewer = { id: string; role: "buyer" | "seller"; name?: string };

export type OrderItemView = {
  id: number;
  productId: string | null;
  variantId: number | null;
  name: string;
  color: string;
  size: string;
  price: number;
  quantity: number;
  imageKey: string | null;
};

export type OrderDetail = {
  id: string;
  orderNumber: string;
  userId: string | null;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: string;
  subtotal: number;
  /** The discount code the order used, and what it took off (0 without one). */
  discountCode: string | null;
  discountTotal: number;
  shippingFee: number;
  /** What the buyer's store credit paid (0 without); `total` is the cash left to collect. */
  storeCreditUsed: number;
  /** The COD fee, part of `total` (0 without). */
  codFee: number;
  total: number;
  /** Paid online and verified (whole rupees): the courier collects total - amountPaid. */
  amountPaid: number;
  /** The advance asked online of a risky COD order (0 without). */
  advanceDue: number;
  /** An order awaiting payment is cancelled when this passes unpaid. */
  paymentDueBy: Date | null;
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string | null;
  country: string;
  deliveryFrom: Date;
  deliveryTo: Date;
  courierName: string | null;
  trackingNumber: string | null;
  /** The courier's tracking page for this parcel, when the courier has a tracking link. */
  trackingUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
  deliveredAt: Date | null;
  items: OrderItemView[];
};

/** What every view of an order shows; one order's page adds contact and delivery details. */
export const orderSummaryColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  paymentMethod: orders.paymentMethod,
  subtotal: orders.subtotal,
  discountCode: orders.discountCode,
  discountTotal: orders.discountTotal,
  shippingFee: orders.shippingFee,
  storeCreditUsed: orders.storeCreditUsed,
  codFee: orders.codFee,
  total: orders.total,
  amountPaid: orders.amountPaid,
  advanceDue: orders.advanceDue,
  paymentDueBy: orders.paymentDueBy,
  fullName: orders.fullName,
  address: orders.address,
  city: orders.city,
  postalCode: orders.postalCode,
  country: orders.country,
  // The buyer sees who carries the parcel and its tracking number wherever the order is listed.
  courierName: orders.courierName,
  trackingNumber: orders.trackingNumber,
  trackingUrl: trackingUrlSql,
  createdAt: orders.createdAt,
  // When it was delivered: the return window counts from here.
  deliveredAt: orders.deliveredAt,
};

export const orderItemColumns = {
  productId: orderItems.productId,
  name: orderItems.name,
  color: orderItems.color,
  size: orderItems.size,
  price: orderItems.price,
  quantity: orderItems.quantity,
  imageKey: orderItems.imageKey,
};

/** The orders a viewer may see: a buyer's own, or all of them for a seller. */
export function visibleTo(viewer: OrderViewer): SQL | undefined {
  return viewer.role === "seller" ? undefined : eq(orders.userId, viewer.id);
}

/**
 * One order with its items and ship-to details, or null when it does not exist or is not the
 * viewer's: someone else's order id reveals nothing, not even that it exists.
 */
export async function getOrder(db: DbOrTx, viewer: OrderViewer, orderId: string): Promise<OrderDetail | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await db
    .select({
      ...orderSummaryColumns,
      userId: orders.userId,
      email: orders.email,
      phone: orders.phone,
      deliveryFrom: orders.deliveryFrom,
      deliveryTo: orders.deliveryTo,
      updatedAt: orders.updatedAt,
      deliveredAt: orders.deliveredAt,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), visibleTo(viewer)));
  if (!order) return null;
  const items = await db
    .select({ id: orderItems.id, variantId: orderItems.variantId, ...orderItemColumns })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  return { ...order, items };
}
