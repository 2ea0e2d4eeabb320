import type { OrderStatus } from "./order-lifecycle";

/**
 * Revenue, the one rule every figure of sales uses (PRODUCT.md, issue 30). Only delivered orders
 * bring any in (cancelled and returned ones count for nothing; shipped and open ones are still to
 * collect). A delivered order brings in:
 *
 *   the money it was paid (`total`: paid online before it shipped, collected at the door, or
 *     part each; counted once, whichever way it came)
 *   + the store credit it used (`store_credit_used`: money the buyer paid the shop earlier, for
 *     items they returned)
 *   − every refund recorded against it (`refunds.amount`, whatever the method).
 *
 * So a returned-and-refunded order brings in Rs 0, and store credit is counted once: when it is
 * spent, not when it is given (a refund paid in store credit lowers the first order, the order that
 * spends it raises the second). The exchange credit of a replacement order is not counted: the
 * order it replaces already holds that money, and the replacement brings in its own `total` (the
 * price difference). The cash couriers owe is what was not paid online (shipping/booking/parcel.ts,
 * codAmountFor).
 *
 * The rule is a sum, so it holds for a sum of orders too: aggregates add up each part in SQL
 * (refunds from their own table, joined to their order) and apply it to the sums.
 */
export const REVENUE_STATUSES = ["delivered"] as const satisfies readonly OrderStatus[];

export type RevenueParts = {
  /** What the order was paid, online and at the door: orders.total. */
  total: number;
  /** orders.store_credit_used. */
  storeCreditUsed: number;
  /** Sum of refunds.amount recorded against the order(s); none for an order not yet delivered. */
  refunded?: number;
};

export function countsAsRevenue(status: OrderStatus): boolean {
  return (REVENUE_STATUSES as readonly OrderStatus[]).includes(status);
}

/** What an order (or a sum of orders) brings in. */
export function orderRevenue({ total, storeCreditUsed, refunded = 0 }: RevenueParts): number {
  return total + storeCreditUsed - refunded;
}
