import type { SecretBox } from "~/db/secret-box.server";
import { logger } from "~/lib/logger.server";
import { lockOrder } from "~/modules/orders/order-row-moves.server";
import { markOrderNeedsRefund, recordOrderPayment } from "~/modules/orders/order-payments.server";
import {
  PaymentGatewayError,
  type GatewayReport,
  type PaymentGatewayName,
  type PaymentGateways,
} from "~/modules/payments/payment-gateway";
import {
  findPayment,
  lockPayment,
  logPaymentEvent,
  setPaymentState,
  type PaymentRow,
} from "~/modules/payments/payment-records.server";
import { gatewayKeys } from "~/modules/payments/payment-settings.server";
import type { FlowContext } from "./flow-context";
import { applyOrderMove } from "./move-order.server";
import { reviveCancelledOrder } from "./revive-paid-order.server";

/** Where the answer came from: the buyer's browser, the gateway's server, or our own status check. */
export type ReportSource = "return" | "notification" | "status";

export type SettleOutcome =
  /** Paid now, or already paid before (a callback twice, a return beside the webhook): the order is confirmed. */
  | { kind: "paid"; payment: PaymentRow; already: boolean }
  /** Paid, but the order had been cancelled and its stock is gone (or it was paid twice): the owner refunds. */
  | { kind: "needs-refund"; payment: PaymentRow }
  /** Not paid (declined, cancelled, still pending): nothing changes but the attempt's last words. */
  | { kind: "not-paid"; payment: PaymentRow; outcome: GatewayReport["outcome"]; message: string }
  /** Not believed: no such attempt, a forged signature, or an amount that is not the order's. Nothing changes. */
  | { kind: "refused"; reason: string; payment: PaymentRow | null };

export type SettleDeps = { gateways: PaymentGateways; box: SecretBox };

const PAYMENT_ACTOR = { id: null, name: "Online payment" };

/**
 * What a gateway said about a payment, settled exactly once. Only a verified answer gets here (a
 * return or webhook whose signature the gateway's client checked; `null` when it did not, which is
 * logged and refused). An answer that does not carry the amount (Safepay's return and webhook) is
 * checked with the gateway's status, server to server. The order is marked paid only for exactly
 * its amount in PKR, in one transaction with the order and the attempt locked, so a return and a
 * webhook arriving together, or a webhook sent twice, pay it once (on PGlite and PostgreSQL, in any
 * number of processes).
 */
export async function settleGatewayReport(
  ctx: FlowContext,
  deps: SettleDeps,
  gateway: PaymentGatewayName,
  report: GatewayReport | null,
  source: ReportSource,
): Promise<SettleOutcome> {
  const now = ctx.now ?? new Date();
  if (!report) {
    await logPaymentEvent(ctx.db, {
      paymentId: null,
      gateway,
      source,
      verified: false,
      outcome: "refused",
      detail: "the signature is not the gateway's: nothing changed",
      at: now,
    });
    logger.warn({ gateway, source }, "a payment answer with a bad signature was refused");
    return { kind: "refused", reason: "signature", payment: null };
  }
  const payment = await findPayment(ctx.db, gateway, report);
  if (!payment) {
    await logPaymentEvent(ctx.db, {
      paymentId: null,
      gateway,
      source,
      verified: true,
      outcome: "unknown",
      detail: `no payment ${report.reference ?? report.gatewayReference ?? "(no reference)"} here`,
      at: now,
    });
    return { kind: "refused", reason: "unknown payment", payment: null };
  }

  let verified = report;
  if (report.outcome !== "declined" && report.amountPaisa === null) {
    // The answer proves who sent it, not what was paid: the gateway's own status says that.
    const asked = await askStatus(ctx, deps, payment);
    if (!asked) return { kind: "not-paid", payment, outcome: "pending", message: "the gateway could not be asked" };
    verified = asked;
  }
  await logPaymentEvent(ctx.db, {
    paymentId: payment.id,
    gateway,
    source,
    verified: true,
    outcome: verified.outcome,
    amountPaisa: verified.amountPaisa,
    detail: verified.message,
    at: now,
  });
  if (verified.outcome !== "paid") {
    if (payment.state === "started" && verified.outcome === "declined")
      await setPaymentState(ctx.db, payment.id, "declined", { at: now, message: verified.message });
    return { kind: "not-paid", payment, outcome: verified.outcome, message: verified.message };
  }
  if (verified.amountPaisa !== payment.amountPaisa || (verified.currency ?? "PKR") !== "PKR") {
    const detail = `paid ${verified.amountPaisa ?? "?"} ${verified.currency ?? ""} paisa, not the ${payment.amountPaisa} PKR asked: nothing changed`;
    await logPaymentEvent(ctx.db, {
      paymentId: payment.id,
      gateway,
      source,
      verified: true,
      outcome: "amount-mismatch",
      amountPaisa: verified.amountPaisa,
      detail,
      at: now,
    });
    logger.warn({ gateway, reference: payment.reference }, "a payment for another amount was refused");
    return { kind: "refused", reason: "amount", payment };
  }
  return markPaid(ctx, payment, verified, now);
}

/** The gateway's own answer about an attempt, or null when it cannot be asked now (logged). */
export async function askStatus(
  ctx: FlowContext,
  deps: SettleDeps,
  payment: PaymentRow,
): Promise<GatewayReport | null> {
  const keys = await gatewayKeys(ctx.db, deps.box, payment.gateway);
  if (!keys) return null;
  try {
    return await deps.gateways[payment.gateway].status(keys, {
      reference: payment.reference,
      gatewayReference: payment.gatewayReference ?? payment.reference,
      amountPaisa: payment.amountPaisa,
      createdAt: payment.createdAt,
      method: payment.method,
    });
  } catch (error) {
    const words = error instanceof PaymentGatewayError ? error.message : "no answer";
    logger.warn(
      { gateway: payment.gateway, reference: payment.reference, error: words },
      "payment status check failed",
    );
    return null;
  }
}

async function markPaid(
  ctx: FlowContext,
  payment: PaymentRow,
  report: GatewayReport,
  now: Date,
): Promise<SettleOutcome> {
  return ctx.db.transaction(async (tx) => {
    // The order first, then the attempt: the lock order of every change to an order.
    const order = await lockOrder(tx, payment.orderId);
    const current = await lockPayment(tx, payment.id);
    if (current.state === "paid" || current.state === "refunded")
      return { kind: "paid", payment: current, already: true };
    if (current.state === "needs_refund") return { kind: "needs-refund", payment: current };
    const rupees = current.amountPaisa / 100;
    const paid = { at: now, message: report.message, method: report.method ?? null, paid: true };
    if (order.status === "awaiting_payment") {
      await setPaymentState(tx, current.id, "paid", paid);
      // The buyer's order e-mail (and the shop's notice) go now that the order is real.
      await applyOrderMove(tx, PAYMENT_ACTOR, order, "confirmed", {
        now,
        byPayment: true,
        note: `Paid online: Rs ${rupees.toLocaleString("en-PK")} (${current.gateway} ${current.reference})`,
        emails: { type: "placed" },
      });
      // After the move, which writes the payment status the lifecycle gives a confirmed order.
      await recordOrderPayment(tx, order.id, { rupees, wholeOrder: current.purpose === "order", at: now });
      return { kind: "paid", payment: { ...current, state: "paid" }, already: false };
    }
    if (order.status === "cancelled" && current.purpose === "order") {
      // Paid after its time ran out: revived when its stock is still there.
      const revived = await reviveCancelledOrder(tx, order, now);
      if (revived) {
        await setPaymentState(tx, current.id, "paid", paid);
        await recordOrderPayment(tx, order.id, { rupees, wholeOrder: true, at: now });
        return { kind: "paid", payment: { ...current, state: "paid" }, already: false };
      }
    }
    // Cancelled and not revived, or paid twice: the money goes back through Payments -> Refund.
    await setPaymentState(tx, current.id, "needs_refund", paid);
    if (order.status === "cancelled") await markOrderNeedsRefund(tx, order.id, now);
    return { kind: "needs-refund", payment: { ...current, state: "needs_refund" } };
  });
}
