import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders } from "~/modules/orders/reads";
import { refunds, returnRequests } from "~/modules/returns/tables";
import type { RefundMethod } from "~/db/schema/statuses";
import { isUuid } from "~/lib/uuid";

/** One refund as the invoice lists it. */
export type RefundLine = {
  returnNumber: string;
  method: RefundMethod;
  amount: number;
  reference: string | null;
  createdAt: Date;
};

/**
 * The returns' side of an order's money, for its invoice (owned by the owner's pages, issue 30):
 * the exchange credit of a replacement order with the order it replaces, and every refund recorded
 * against the order with its request's number, oldest first. Two indexed reads.
 */
export type OrderRefundLines = {
  /** A replacement order: the returned item's value put toward it (orders.exchange_credit). */
  exchangeCredit: number;
  /** A replacement order: the original order's number. */
  replacesOrderNumber: string | null;
  refunds: RefundLine[];
  /** Sum of the refunds. */
  refunded: number;
};

export async function orderRefundLines(db: DbOrTx, orderId: string): Promise<OrderRefundLines> {
  const empty: OrderRefundLines = { exchangeCredit: 0, replacesOrderNumber: null, refunds: [], refunded: 0 };
  if (!isUuid(orderId)) return empty;
  const [[order], lines] = await Promise.all([
    db
      .select({ exchangeCredit: orders.exchangeCredit, replacesOrderId: orders.replacesOrderId })
      .from(orders)
      .where(eq(orders.id, orderId)),
    db
      .select({
        returnNumber: returnRequests.returnNumber,
        method: refunds.method,
        amount: refunds.amount,
        reference: refunds.reference,
        createdAt: refunds.createdAt,
      })
      .from(refunds)
      .innerJoin(returnRequests, eq(returnRequests.id, refunds.returnId))
      .where(eq(refunds.orderId, orderId))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
  if (!order) return empty;
  const replaces = order.replacesOrderId
    ? (await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, order.replacesOrderId)))[0]
    : undefined;
  return {
    exchangeCredit: order.exchangeCredit,
    replacesOrderNumber: replaces?.orderNumber ?? null,
    refunds: lines,
    refunded: lines.reduce((sum, l) => sum + l.amount, 0),
  };
}
