import { asc, desc, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orderItems, orders } from "~/modules/orders/tables";
import { orderItemColumns, orderSummaryColumns, visibleTo, type OrderViewer } from "./get-order.server";
import type { OrderStatus, PaymentStatus } from "./order-lifecycle";

export type OrderSummaryItem = {
  productId: string | null;
  name: string;
  color: string;
  size: string;
  price: number;
  quantity: number;
  imageKey: string | null;
};

export type OrderSummary = {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: string;
  subtotal: number;
  discountCode: string | null;
  discountTotal: number;
  shippingFee: number;
  storeCreditUsed: number;
  codFee: number;
  total: number;
  amountPaid: number;
  advanceDue: number;
  paymentDueBy: Date | null;
  fullName: string;
  address: string;
  city: string;
  postalCode: string | null;
  country: string;
  courierName: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  /** Units in the order (a line of 3 counts 3), like the cart badge. */
  itemCount: number;
  items: OrderSummaryItem[];
};

/** The viewer's orders, newest first: a buyer's own, or every order for a seller. */
export async function listOrders(db: DbOrTx, viewer: OrderViewer): Promise<OrderSummary[]> {
  const where = visibleTo(viewer);
  const rows = await db
    .select(orderSummaryColumns)
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];

  // Items of the same set of orders in one query; a subquery rather than a list of ids, so a
  // shop with many orders never runs into the limit on query parameters.
  const items = await db
    .select({ orderId: orderItems.orderId, ...orderItemColumns })
    .from(orderItems)
    .where(inArray(orderItems.orderId, db.select({ id: orders.id }).from(orders).where(where)))
    .orderBy(asc(orderItems.id));

  const byOrder = new Map<string, OrderSummaryItem[]>();
  for (const { orderId, ...item } of items) {
    const list = byOrder.get(orderId);
    if (list) list.push(item);
    else byOrder.set(orderId, [item]);
  }
  return rows.map((row) => {
    const orderLines = byOrder.get(row.id) ?? [];
    return { ...row, itemCount: orderLines.reduce((n, item) => n + item.quantity, 0), items: orderLines };
  });
}
