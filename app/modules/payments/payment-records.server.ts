import { randomInt } from "node:crypto";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import type { GatewayReport, PaymentGatewayName } from "./payment-gateway";
import type { PaymentPurpose, PaymentState } from "~/db/schema/statuses";
import { paymentEvents, payments } from "./tables";

export type PaymentRow = typeof payments.$inferSelect;

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Our reference for an attempt: "P" and 19 letters and digits (JazzCash's pp_TxnRefNo takes 20). */
export function newPaymentReference(): string {
  let out = "P";
  for (let i = 0; i < 19; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

export async function createPayment(
  tx: DbOrTx,
  input: {
    orderId: string;
    purpose: PaymentPurpose;
    gateway: PaymentGatewayName;
    amountPaisa: number;
    expiresAt: Date;
    now: Date;
  },
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: input.orderId,
      purpose: input.purpose,
      gateway: input.gateway,
      reference: newPaymentReference(),
      amountPaisa: input.amountPaisa,
      expiresAt: input.expiresAt,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  return row;
}

/** The gateway's own id for an attempt (Safepay's tracker), once it answered. */
export async function setGatewayReference(db: DbOrTx, paymentId: string, gatewayReference: string, now: Date) {
  await db.update(payments).set({ gatewayReference, updatedAt: now }).where(eq(payments.id, paymentId));
}

/** The attempt a gateway's answer is about: by our reference or by the gateway's, for that gateway only. */
export async function findPayment(
  db: DbOrTx,
  gateway: PaymentGatewayName,
  report: Pick<GatewayReport, "reference" | "gatewayReference">,
): Promise<PaymentRow | null> {
  const keys = [
    report.reference ? eq(payments.reference, report.reference) : null,
    report.gatewayReference ? eq(payments.gatewayReference, report.gatewayReference) : null,
  ].filter((k) => k !== null);
  if (keys.length === 0) return null;
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway), or(...keys)))
    .limit(1);
  return row ?? null;
}

export async function lockPayment(tx: DbOrTx, paymentId: string): Promise<PaymentRow> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  if (!row) throw new Error(`payment ${paymentId} is gone`);
  return row;
}

export async function setPaymentState(
  tx: DbOrTx,
  paymentId: string,
  state: PaymentState,
  details: { at: Date; message?: string | null; method?: string | null; paid?: boolean },
): Promise<void> {
  await tx
    .update(payments)
    .set({
      state,
      updatedAt: details.at,
      ...(details.message !== undefined ? { message: details.message } : {}),
      ...(details.method ? { method: details.method } : {}),
      ...(details.paid ? { paidAt: details.at } : {}),
    })
    .where(eq(payments.id, paymentId));
}

/** Attempts still open on these orders (the buyer may yet pay them): what the expiry sweep asks the gateway about. */
export async function openPaymentsOf(db: DbOrTx, orderIds: string[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), inArray(payments.state, ["started", "declined"])))
    .orderBy(asc(payments.createdAt));
}

/** Keeps what a gateway said (or what came claiming to be it), verified or not. */
export async function logPaymentEvent(
  db: DbOrTx,
  event: {
    paymentId: string | null;
    gateway: PaymentGatewayName;
    source: "return" | "notification" | "status" | "refund";
    verified: boolean;
    outcome: string;
    amountPaisa?: number | null;
    detail: string;
    at: Date;
  },
): Promise<void> {
  await db.insert(paymentEvents).values({
    paymentId: event.paymentId,
    gateway: event.gateway,
    source: event.source,
    verified: event.verified,
    outcome: event.outcome,
    amountPaisa: event.amountPaisa ?? null,
    detail: event.detail.slice(0, 500),
    createdAt: event.at,
  });
}

/** An order's open attempts end with it: expired (its time ran out) or given up. */
export async function closeOpenPayments(tx: DbOrTx, orderId: string, now: Date, message: string): Promise<void> {
  await tx
    .update(payments)
    .set({ state: "expired", message, updatedAt: now })
    .where(and(eq(payments.orderId, orderId), inArray(payments.state, ["started", "declined"])));
}

export async function paymentByReference(db: DbOrTx, reference: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
  return row ?? null;
}
