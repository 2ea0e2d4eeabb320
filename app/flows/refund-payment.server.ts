import type { SecretBox } from "~/db/secret-box.server";
import { AppError } from "~/lib/errors";
import { formatPrice } from "~/lib/money";
import { orderForPayment } from "~/modules/orders/order-payments.server";
import { lockOrder, markOrderRefunded } from "~/modules/orders/order-row-moves.server";
import { refundableFor } from "~/modules/payments/list-payments.server";
import { GATEWAY_LABELS, PaymentGatewayError, type PaymentGateways } from "~/modules/payments/payment-gateway";
import { lockPayment, logPaymentEvent, paymentByReference } from "~/modules/payments/payment-records.server";
import {
  completeRefund,
  dropRefund,
  refundByKey,
  refundedOrPending,
  reserveRefund,
  type RefundRecord,
} from "~/modules/payments/payment-refunds.server";
import { gatewayKeys } from "~/modules/payments/payment-settings.server";
import type { FlowContext } from "./flow-context";

export type RefundInput = {
  /** Our reference of the attempt (payments.reference). */
  reference: string;
  amountPaisa: number;
  /** The same key from the same form means the same refund (a double click, a resent form). */
  idempotencyKey: string;
  requestedBy: string;
  /** Recorded by hand (a bank transfer the owner made): its reference; null: through the gateway's refund API. */
  recordedReference: string | null;
};

/**
 * Gives a buyer's online payment back: through the gateway's refund API, or recorded by hand with
 * its reference. Only a paid attempt whose order was cancelled or returned (or one paid too late,
 * "needs refund"), never more than was paid in all: the amount is held against what is left with
 * the attempt locked before the gateway is asked (outside any transaction), so two refunds at once
 * cannot pass it. Idempotent by key. Refunded in whole, the order's payment status is refunded.
 */
export async function refundPayment(
  ctx: FlowContext,
  deps: { gateways: PaymentGateways; box: SecretBox },
  input: RefundInput,
): Promise<{ amountPaisa: number; reference: string; already: boolean }> {
  const now = ctx.now ?? new Date();
  const earlier = await refundByKey(ctx.db, input.idempotencyKey);
  if (earlier) return { amountPaisa: earlier.amountPaisa, reference: earlier.reference, already: true };
  const payment = await paymentByReference(ctx.db, input.reference);
  if (!payment) throw new AppError("NOT_FOUND", "Payment not found");
  if (!Number.isSafeInteger(input.amountPaisa) || input.amountPaisa <= 0)
    throw new AppError("VALIDATION", "Enter an amount to refund", { amount: "Enter an amount to refund" });

  const reserved = await reserve(ctx, payment.id, input, now);
  // The same key sent twice at once: the other request holds the refund.
  if ("twin" in reserved)
    return { amountPaisa: reserved.twin.amountPaisa, reference: reserved.twin.reference, already: true };
  const { refundId } = reserved;

  let reference = input.recordedReference;
  if (reference === null) {
    const keys = await gatewayKeys(ctx.db, deps.box, payment.gateway);
    try {
      if (!keys) throw new PaymentGatewayError(`${GATEWAY_LABELS[payment.gateway]} is not connected`, false);
      reference = (
        await deps.gateways[payment.gateway].refund(
          keys,
          {
            reference: payment.reference,
            gatewayReference: payment.gatewayReference ?? payment.reference,
            amountPaisa: payment.amountPaisa,
            createdAt: payment.createdAt,
            method: payment.method,
          },
          input.amountPaisa,
        )
      ).reference;
    } catch (error) {
      await dropRefund(ctx.db, refundId);
      const words = error instanceof PaymentGatewayError ? error.message : "no answer";
      await logPaymentEvent(ctx.db, {
        paymentId: payment.id,
        gateway: payment.gateway,
        source: "refund",
        verified: true,
        outcome: "refused",
        amountPaisa: input.amountPaisa,
        detail: words,
        at: now,
      });
      throw new AppError("CONFLICT", `The refund did not go through: ${words}. Nothing was refunded.`);
    }
  }
  await ctx.db.transaction(async (tx) => {
    // The order first, then the attempt: the lock order of every change to an order and its payment.
    await lockOrder(tx, payment.orderId);
    const { wholly } = await completeRefund(tx, {
      refundId,
      paymentId: payment.id,
      amountPaisa: input.amountPaisa,
      reference: reference!,
      at: now,
    });
    if (wholly) await markOrderRefunded(tx, payment.orderId, now);
    await logPaymentEvent(tx, {
      paymentId: payment.id,
      gateway: payment.gateway,
      source: "refund",
      verified: true,
      outcome: "refunded",
      amountPaisa: input.amountPaisa,
      detail: `refunded by ${input.requestedBy}: ${reference}`,
      at: now,
    });
  });
  return { amountPaisa: input.amountPaisa, reference: reference!, already: false };
}

/**
 * Holds the refund's place with the attempt locked: only what is left of a refundable payment. The
 * same key already there (a twin request that held the lock first) is answered with its refund.
 */
async function reserve(
  ctx: FlowContext,
  paymentId: string,
  input: RefundInput,
  now: Date,
): Promise<{ refundId: number } | { twin: RefundRecord }> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    const twin = await refundByKey(tx, input.idempotencyKey);
    if (twin) return { twin };
    const order = await orderForPayment(tx, locked.orderId);
    const left =
      refundableFor({ ...locked, orderStatus: order?.status ?? "" }) > 0
        ? locked.amountPaisa - (await refundedOrPending(tx, locked.id))
        : 0;
    if (left <= 0) throw new AppError("CONFLICT", "This payment has nothing left to refund");
    if (input.amountPaisa > left) {
      const message = `At most ${formatPrice(left / 100)} can be refunded: that is what is left of the payment`;
      throw new AppError("VALIDATION", message, { amount: message });
    }
    const refundId = await reserveRefund(tx, {
      paymentId: locked.id,
      amountPaisa: input.amountPaisa,
      key: input.idempotencyKey,
      requestedBy: input.requestedBy,
      throughGateway: input.recordedReference === null,
      at: now,
    });
    return { refundId };
  });
}
