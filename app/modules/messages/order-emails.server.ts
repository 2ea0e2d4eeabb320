import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { customerProfiles } from "~/modules/accounts/reads";
import { orderItems, orders } from "~/modules/orders/reads";
import { shopSettings } from "~/modules/settings/reads";
import type { OrderStatus } from "~/db/schema/statuses";
import type { EmailMessage, OrderEmailData } from "./email-messages";
import { queueEmails } from "./queue-email.server";
import { sellerEmailsSql, staffFrom, staffNoticeRecipients } from "./staff-recipients.server";
import { trackingUrlSql } from "~/modules/orders/tracking-url-sql";

export type OrderEvent =
  | { type: "placed" }
  | { type: "status"; status: OrderStatus }
  /** The buyer cancelled their own order (from `from`): their own update, and a notice to the shop. */
  | { type: "cancelled-by-buyer"; from: OrderStatus };

/** What the e-mails of an order event say and whom they go to, however the order was read. */
type OrderForEmails = Omit<OrderEmailData, "orderPath" | "deliveryFrom" | "deliveryTo"> & {
  id: string;
  userId: string | null;
  email: string;
  deliveryFrom: Date;
  deliveryTo: Date;
  courierName: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** The buyer's "order e-mails" setting (customer_profiles.order_emails); null when they have no profile yet. */
  orderEmails: boolean | null;
  customerDeletedAt: Date | null;
};

/**
 * Queues the e-mails an order event causes, in the caller's transaction: on placing, the buyer's
 * confirmation and the shop's notice; on a status change, the buyer's update; on a buyer's own
 * cancellation, their update and the shop's notice. The shop's notices go to the notification
 * recipients (staff-recipients.server.ts), one e-mail each. The buyer's own
 * e-mails follow their "order e-mails" setting (customer_profiles.order_emails); an order with no
 * account (entered by the owner) e-mails the address given on it.
 */
export async function queueOrderEmails(tx: DbOrTx, orderId: string, event: OrderEvent): Promise<void> {
  const [order] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      customerName: orders.fullName,
      email: orders.email,
      phone: orders.phone,
      address: orders.address,
      city: orders.city,
      subtotal: orders.subtotal,
      shippingFee: orders.shippingFee,
      discountCode: orders.discountCode,
      discountTotal: orders.discountTotal,
      storeCreditUsed: orders.storeCreditUsed,
      total: orders.total,
      deliveryFrom: orders.deliveryFrom,
      deliveryTo: orders.deliveryTo,
      courierName: orders.courierName,
      trackingNumber: orders.trackingNumber,
      trackingUrl: trackingUrlSql,
      customerDeletedAt: orders.customerDeletedAt,
      orderEmails: customerProfiles.orderEmails,
      shopName: shopSettings.brandName,
    })
    .from(orders)
    .leftJoin(customerProfiles, eq(customerProfiles.userId, orders.userId))
    .innerJoin(shopSettings, eq(shopSettings.id, 1))
    .where(eq(orders.id, orderId));
  if (!order) return;
  const items = await tx
    .select({
      name: orderItems.name,
      color: orderItems.color,
      size: orderItems.size,
      quantity: orderItems.quantity,
      price: orderItems.price,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const staff = event.type === "status" ? [] : await staffNoticeRecipients(tx);
  await queueEmails(tx, orderMessages({ ...order, items }, event, staff), order.shopName);
}

/** What placing an order already knows, so that its e-mails cost no second read of it. */
export type PlacedOrder = Omit<
  OrderForEmails,
  "courierName" | "trackingNumber" | "trackingUrl" | "orderEmails" | "customerDeletedAt"
>;

/**
 * The "placed" e-mails of an order written in this transaction, from the values just written:
 * the same messages as `queueOrderEmails(tx, id, { type: "placed" })`. `shop` is the settings row
 * the order was priced with (its brand name and notification recipients). The caller sends
 * MAIL_WAKE (outbox.server.ts) with the order's other notices, in one statement.
 */
export async function queuePlacedOrderEmails(
  tx: DbOrTx,
  order: PlacedOrder,
  shop: { brandName: string; notificationEmails: string[] },
): Promise<void> {
  // The buyer's e-mail setting and, when Settings lists no recipients, the sellers: one statement.
  const [read] = await tx
    .select({
      orderEmails: order.userId
        ? sql<
            boolean | null
          >`(select ${customerProfiles.orderEmails} from ${customerProfiles} where ${customerProfiles.userId} = ${order.userId})`
        : sql<null>`null`,
      sellers: shop.notificationEmails.length > 0 ? sql<string[]>`'[]'::json` : sellerEmailsSql,
    })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  const staff = staffFrom(shop.notificationEmails, read?.sellers ?? []);
  const full: OrderForEmails = {
    ...order,
    courierName: null,
    trackingNumber: null,
    trackingUrl: null,
    orderEmails: read?.orderEmails ?? null,
    customerDeletedAt: null,
  };
  await queueEmails(tx, orderMessages(full, { type: "placed" }, staff), shop.brandName, { wake: false });
}

function orderMessages(order: OrderForEmails, event: OrderEvent, staff: string[]): EmailMessage[] {
  const base: Omit<OrderEmailData, "orderPath"> = {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    items: order.items,
    subtotal: order.subtotal,
    shippingFee: order.shippingFee,
    discountCode: order.discountCode,
    discountTotal: order.discountTotal,
    storeCreditUsed: order.storeCreditUsed ?? 0,
    total: order.total,
    phone: order.phone,
    address: order.address,
    city: order.city,
    deliveryFrom: order.deliveryFrom.toISOString(),
    deliveryTo: order.deliveryTo.toISOString(),
  };
  const buyerPath = order.userId ? `/orders/${order.id}` : "/track";
  const about = { orderId: order.id, orderNumber: order.orderNumber };
  // No profile row yet means the default: order e-mails on. A deleted customer gets nothing.
  const buyerWantsEmails = order.orderEmails !== false && !order.customerDeletedAt;
  const messages: EmailMessage[] = [];
  const ownerPath = `/seller/orders?q=${encodeURIComponent(order.orderNumber)}`;

  if (event.type === "placed") {
    if (buyerWantsEmails)
      messages.push({ kind: "order_placed", to: order.email, data: { ...base, orderPath: buyerPath }, ...about });
    for (const to of staff)
      messages.push({ kind: "order_received", to, data: { ...base, orderPath: ownerPath }, ...about });
  } else {
    const status = event.type === "status" ? event.status : "cancelled";
    if (buyerWantsEmails) {
      messages.push({
        kind: "order_status",
        to: order.email,
        ...about,
        data: {
          ...base,
          orderPath: buyerPath,
          status,
          courierName: order.courierName,
          trackingNumber: order.trackingNumber,
          trackingUrl: order.trackingUrl,
        },
      });
    }
    if (event.type === "cancelled-by-buyer") {
      for (const to of staff)
        messages.push({
          kind: "order_cancelled_by_buyer",
          to,
          data: { ...base, orderPath: ownerPath, previousStatus: event.from },
          ...about,
        });
    }
  }
  return messages;
}
