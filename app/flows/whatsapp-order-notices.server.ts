import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders } from "~/modules/orders/reads";
import type { OrderStatus } from "~/modules/orders/order-lifecycle";
import { trackingUrlSql } from "~/modules/orders/tracking-url-sql";
import { queueWhatsapp } from "~/modules/messages/whatsapp-delivery.server";
import { readWhatsappSettings } from "~/modules/messages/whatsapp-settings.server";
import { whatsappOrderDesk } from "./whatsapp-order-desk.server";

/**
 * The WhatsApp messages an order's own events cause (issue 32), written in the event's transaction
 * so they exist exactly when it commits: the COD confirmation when the order is placed (on the web
 * or by the owner), the shipped and delivered notices when it moves. Nothing is queued when WhatsApp
 * is not set up (the shop works as before: wa.me links and calls) or when the buyer opted out at
 * checkout ("the shop will call instead"): nothing is ever sent to an opted-out order's number.
 */

/** Queues the Confirm / Cancel message of a just-placed order; true when queued. */
export async function queueWhatsappConfirmation(
  tx: DbOrTx,
  order: {
    id: string;
    orderNumber: string;
    customerName: string;
    phone: string;
    address: string;
    city: string;
    total: number;
    optOut: boolean;
  },
  now: Date,
): Promise<boolean> {
  if (order.optOut) return false;
  const settings = await readWhatsappSettings(tx);
  if (!settings) return false;
  const notBefore = settings.sendDelayMinutes > 0 ? new Date(now.getTime() + settings.sendDelayMinutes * 60_000) : null;
  const id = await queueWhatsapp(
    tx,
    {
      kind: "whatsapp_confirmation",
      to: order.phone,
      orderId: order.id,
      orderNumber: order.orderNumber,
      notBefore,
      data: {
        customerName: order.customerName,
        orderNumber: order.orderNumber,
        total: order.total,
        address: [order.address, order.city].filter(Boolean).join(", "),
      },
    },
    { orderDesk: whatsappOrderDesk },
  );
  return id !== null;
}

/**
 * The shipped (order number, courier, tracking link) or delivered (order number, review link)
 * notice of an order just moved to `to`, inside the move's transaction. Other moves send nothing.
 */
export async function queueWhatsappMoveNotice(tx: DbOrTx, orderId: string, to: OrderStatus): Promise<void> {
  if (to !== "shipped" && to !== "delivered") return;
  const settings = await readWhatsappSettings(tx);
  if (!settings) return;
  const [order] = await tx
    .select({
      orderNumber: orders.orderNumber,
      phone: orders.phone,
      optOut: orders.whatsappOptOut,
      courierName: orders.courierName,
      trackingNumber: orders.trackingNumber,
      trackingUrl: trackingUrlSql,
      customerDeletedAt: orders.customerDeletedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.optOut || order.customerDeletedAt || !order.phone) return;
  if (to === "shipped") {
    await queueWhatsapp(tx, {
      kind: "whatsapp_shipped",
      to: order.phone,
      orderId,
      orderNumber: order.orderNumber,
      // Without a courier's link pattern the buyer tracks on the shop's own page (order number and phone).
      data: {
        orderNumber: order.orderNumber,
        courierName: order.courierName || "our courier",
        trackingUrl: order.trackingUrl ?? "/track",
      },
    });
    return;
  }
  await queueWhatsapp(tx, {
    kind: "whatsapp_delivered",
    to: order.phone,
    orderId,
    orderNumber: order.orderNumber,
    data: { orderNumber: order.orderNumber, reviewUrl: `/orders/${orderId}` },
  });
}
