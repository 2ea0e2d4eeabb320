import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orderItems, orders } from "~/modules/orders/reads";

export const NOT_ELIGIBLE_MESSAGE = "You can rate this product once an order with it has been delivered to you";

/** True when this buyer has an order with this product that was delivered (who may review it). */
export async function hasDeliveredPurchase(db: DbOrTx, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.productId, productId), eq(orders.userId, userId), eq(orders.status, "delivered")))
    .limit(1);
  return Boolean(row);
}
