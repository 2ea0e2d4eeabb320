import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { customerProfiles, orderItems, orders, shopSettings } from "~/db/schema";
import type { OrderStatus } from "~/db/schema/statuses";
import type { EmailMessage, OrderEmailData } from "./email-messages";
import { queueEmails } from "./queue-email.server";

export type OrderEvent = { type: "placed" } | { type: "status"; status: OrderStatus };

/**
 * Queues the e-mails an order event causes, in the caller's transaction: on placing, the buyer's
 * confirmation and the owner's notice; on a status change, the buyer's update. The buyer's own
 * e-mails follow their "order e-mails" setting (customer_profiles.order_emails); an order with no
 * account (entered by the owner) e-mails the address given on it.
 */
export async function queueOrderEmails(tx: DbOrTx, orderId: string, event: OrderEvent): Promise<void> {
  const [order] = await tx
    .select({
      id: orders.id, orderNumber: orders.orderNumber, userId: orders.userId, fullName: orders.fullName, email: orders.email,
      phone: orders.phone, address: orders.address, city: orders.city, subtotal: orders.subtotal, shippingFee: orders.shippingFee,
      total: orders.total, deliveryFrom: orders.deliveryFrom, deliveryTo: orders.deliveryTo, courierName: orders.courierName,
      trackingNumber: orders.trackingNumber, customerDeletedAt: orders.customerDeletedAt, orderEmails: customerProfiles.orderEmails,
      shopName: shopSettings.brandName, shopEmail: shopSettings.contactEmail,
    })
    .from(orders)
    .leftJoin(customerProfiles, eq(customerProfiles.userId, orders.userId))
    .innerJoin(shopSettings, eq(shopSettings.id, 1))
    .where(eq(orders.id, orderId));
  if (!order) return;
  const items = await tx
    .select({ name: orderItems.name, color: orderItems.color, size: orderItems.size, quantity: orderItems.quantity, price: orderItems.price })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));

  const base: Omit<OrderEmailData, "orderPath"> = {
    orderNumber: order.orderNumber, customerName: order.fullName, items, subtotal: order.subtotal, shippingFee: order.shippingFee,
    total: order.total, phone: order.phone, address: order.address, city: order.city,
    deliveryFrom: order.deliveryFrom.toISOString(), deliveryTo: order.deliveryTo.toISOString(),
  };
  const buyerPath = order.userId ? `/orders/${order.id}` : "/track";
  const about = { orderId: order.id, orderNumber: order.orderNumber };
  // No profile row yet means the default: order e-mails on. A deleted customer gets nothing.
  const buyerWantsEmails = order.orderEmails !== false && !order.customerDeletedAt;
  const messages: EmailMessage[] = [];

  if (event.type === "placed") {
    if (buyerWantsEmails) messages.push({ kind: "order_placed", to: order.email, data: { ...base, orderPath: buyerPath }, ...about });
    const ownerPath = `/seller/orders?q=${encodeURIComponent(order.orderNumber)}`;
    messages.push({ kind: "order_received", to: order.shopEmail, data: { ...base, orderPath: ownerPath }, ...about });
  } else if (buyerWantsEmails) {
    messages.push({
      kind: "order_status", to: order.email, ...about,
      data: { ...base, orderPath: buyerPath, status: event.status, courierName: order.courierName, trackingNumber: order.trackingNumber },
    });
  }
  await queueEmails(tx, messages, order.shopName);
}
