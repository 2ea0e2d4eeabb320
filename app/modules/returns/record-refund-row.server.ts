import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders } from "~/modules/orders/reads";
import { refunds } from "~/modules/returns/tables";
import type { RefundMethod } from "~/db/schema/statuses";
import type { OrderActor } from "~/modules/orders/order-actor";

/** Writes a refund as the owner recorded it (the shop never sends money itself), in the caller's transaction. */
export async function insertRefund(
  tx: DbOrTx,
  refund: {
    returnId: string;
    orderId: string;
    method: RefundMethod;
    amount: number;
    reference: string | null;
    idempotencyKey?: string | null;
    actor: OrderActor;
    at: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(refunds)
    .values({
      returnId: refund.returnId,
      orderId: refund.orderId,
      method: refund.method,
      amount: refund.amount,
      reference: refund.reference,
      idempotencyKey: refund.idempotencyKey ?? null,
      recordedBy: refund.actor.id,
      recordedByName: refund.actor.name,
      createdAt: refund.at,
    })
    .returning({ id: refunds.id });
  return row.id;
}

/** The request's refund recorded with this idempotency key, if any (call it with the request locked). */
export async function findRefundByKey(
  db: DbOrTx,
  returnId: string,
  key: string,
): Promise<{ id: number; method: RefundMethod; amount: number; reference: string | null } | null> {
  const [row] = await db
    .select({ id: refunds.id, method: refunds.method, amount: refunds.amount, reference: refunds.reference })
    .from(refunds)
    .where(and(eq(refunds.returnId, returnId), eq(refunds.idempotencyKey, key)));
  return row ?? null;
}

/**
 * True when the refunds of all the order's requests add up to what its items were paid (subtotal
 * less discount: the paid values of return-rules add up to exactly that), so the order's payment
 * is refunded in full. Shipping is not refunded.
 */
export async function orderRefundedInFull(db: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({
      paid: sql<number>`(${orders.subtotal} - ${orders.discountTotal})::int`,
      refunded: sql<number>`(select coalesce(sum(r.amount), 0) from refunds r where r.order_id = "orders"."id")::int`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return Boolean(row && row.paid > 0 && row.refunded >= row.paid);
}
