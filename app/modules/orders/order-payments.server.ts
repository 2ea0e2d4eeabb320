import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { recordStatusChange } from "./record-status-change.server";
import { orders } from "./tables";

/**
 * An online payment verified with its gateway (flows/settle-payment.server.ts), written on the
 * order locked by the caller: what was paid adds to `amount_paid`; an order paid in whole is paid.
 * Rupees: the gateway's paisa were checked against the order's own amount before this.
 */
export async function recordOrderPayment(
  tx: DbOrTx,
  orderId: string,
  payment: { rupees: number; wholeOrder: boolean; at: Date },
): Promise<void> {
  await tx
    .update(orders)
    .set({
      amountPaid: sql`${orders.amountPaid} + ${payment.rupees}`,
      paymentDueBy: null,
      ...(payment.wholeOrder ? { paymentStatus: "paid" as const } : {}),
      updatedAt: payment.at,
    })
    .where(eq(orders.id, orderId));
}

/** Paid after the order was cancelled and it could not be revived: the owner refunds it (Payments). */
export async function markOrderNeedsRefund(tx: DbOrTx, orderId: string, at: Date): Promise<void> {
  await tx.update(orders).set({ paymentStatus: "needs_refund", updatedAt: at }).where(eq(orders.id, orderId));
}

/** What an order's payment needs: its amounts, the buyer, and where it stands. */
export async function orderForPayment(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      total: orders.total,
      amountPaid: orders.amountPaid,
      advanceDue: orders.advanceDue,
      paymentDueBy: orders.paymentDueBy,
      email: orders.email,
      phone: orders.phone,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** What is still to be paid online: the advance on a COD order, or the whole total. */
export function onlineAmountDue(order: {
  paymentMethod: string;
  total: number;
  advanceDue: number;
  amountPaid: number;
}) {
  const due = order.paymentMethod === "online" ? order.total : order.advanceDue;
  return Math.max(0, due - order.amountPaid);
}

/**
 * A cancelled order paid after its time ran out, brought back (its stock taken again by the
 * caller): confirmed, outside the owner's lifecycle moves, with a history row saying why.
 */
export async function reviveOrderRow(tx: DbOrTx, orderId: string, at: Date): Promise<void> {
  await tx.update(orders).set({ status: "confirmed", paymentDueBy: null, updatedAt: at }).where(eq(orders.id, orderId));
  await recordStatusChange(tx, {
    orderId,
    from: "cancelled",
    to: "confirmed",
    actor: { id: null, name: "Online payment" },
    note: "Paid after its time to pay ran out; its items were still in stock, so it goes ahead",
    at,
  });
}

/** Whether the order spent store credit or a discount code: both were given back when it was cancelled. */
export async function usedCreditOrCode(db: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ credit: orders.storeCreditUsed, code: orders.discountCode })
    .from(orders)
    .where(eq(orders.id, orderId));
  return Boolean(row && (row.credit > 0 || row.code));
}

/** Orders awaiting payment whose time to pay has passed, oldest due first (the expiry sweep's work). */
export async function unpaidOrdersDue(db: DbOrTx, now: Date, limit: number): Promise<{ id: string }[]> {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "awaiting_payment"), lte(orders.paymentDueBy, now)))
    .orderBy(asc(orders.paymentDueBy))
    .limit(limit);
}
