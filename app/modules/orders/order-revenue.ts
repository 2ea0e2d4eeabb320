import { sql } from "drizzle-orm";
import { orders } from "~/db/schema";

/**
 * An order's revenue, the one rule every figure of sales uses: the cash collected on delivery
 * (`total`) plus the store credit the order used (money the buyer paid the shop earlier, for items
 * they returned). The exchange credit of a replacement order is not counted: the order it replaces
 * already holds that money. The cash couriers owe stays `total` alone.
 */
export function orderRevenue(order: { total: number; storeCreditUsed: number }): number {
  return order.total + order.storeCreditUsed;
}

/** `orderRevenue` in SQL, for sums over orders. */
export const orderRevenueSql = sql<number>`(${orders.total} + ${orders.storeCreditUsed})`;
