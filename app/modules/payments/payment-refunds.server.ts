import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { paymentRefunds, payments } from "./tables";

/** A refund asked of the gateway and not answered yet: its reference until the gateway gives one. */
const PENDING = "(pending)";

export type RefundRecord = { id: number; paymentId: string; amountPaisa: number; reference: string };

export async function refundByKey(db: DbOrTx, key: string): Promise<RefundRecord | null> {
  const [row] = await db
    .select({
      id: paymentRefunds.id,
      paymentId: paymentRefunds.paymentId,
      amountPaisa: paymentRefunds.amountPaisa,
      reference: paymentRefunds.reference,
    })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.idempotencyKey, key));
  return row ?? null;
}

/** Paisa already refunded or being refunded (asked of the gateway, not answered yet) on an attempt. */
export async function refundedOrPending(db: DbOrTx, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ paisa: sql<number>`coalesce(sum(${paymentRefunds.amountPaisa}), 0)::int` })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId));
  return Number(row?.paisa ?? 0);
}

/** Holds a refund's place (the attempt locked by the caller): counted against what is left before the gateway is asked. */
export async function reserveRefund(
  tx: DbOrTx,
  input: {
    paymentId: string;
    amountPaisa: number;
    key: string;
    requestedBy: string;
    throughGateway: boolean;
    at: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      paymentId: input.paymentId,
      amountPaisa: input.amountPaisa,
      reference: PENDING,
      throughGateway: input.throughGateway,
      requestedBy: input.requestedBy,
      idempotencyKey: input.key,
      createdAt: input.at,
    })
    .returning({ id: paymentRefunds.id });
  return row.id;
}

/** The gateway refused or did not answer: the place is given back. */
export async function dropRefund(db: DbOrTx, refundId: number): Promise<void> {
  await db.delete(paymentRefunds).where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.reference, PENDING)));
}

/**
 * The refund went through: the attempt's refunded amount raised (refunded in whole: refunded), then
 * its reference kept. The attempt's row first, as `reserve` locks it before it reads or inserts
 * refunds: the other way round, a refund with the same key being reserved waits on this row's
 * update while this waits on the attempt (a deadlock PostgreSQL found).
 */
export async function completeRefund(
  tx: DbOrTx,
  input: { refundId: number; paymentId: string; amountPaisa: number; reference: string; at: Date },
): Promise<{ wholly: boolean }> {
  const [row] = await tx
    .update(payments)
    .set({
      refundedPaisa: sql`${payments.refundedPaisa} + ${input.amountPaisa}`,
      state: sql`case when ${payments.refundedPaisa} + ${input.amountPaisa} >= ${payments.amountPaisa} then 'refunded' else ${payments.state} end`,
      updatedAt: input.at,
    })
    .where(eq(payments.id, input.paymentId))
    .returning({ state: payments.state });
  await tx.update(paymentRefunds).set({ reference: input.reference }).where(eq(paymentRefunds.id, input.refundId));
  return { wholly: row?.state === "refunded" };
}
