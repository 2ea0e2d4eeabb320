import { AppError } from "~/lib/errors";
import { logger } from "~/lib/logger.server";
import { onlineAmountDue, orderForPayment } from "~/modules/orders/order-payments.server";
import {
  GATEWAY_LABELS,
  PaymentGatewayError,
  toPaisa,
  type PaymentGatewayName,
  type StartedPayment,
} from "~/modules/payments/payment-gateway";
import {
  createPayment,
  paymentByReference,
  setGatewayReference,
  setPaymentState,
} from "~/modules/payments/payment-records.server";
import { gatewayKeys, offeredGateways } from "~/modules/payments/payment-settings.server";
import type { FlowContext } from "./flow-context";
import type { SettleDeps } from "./settle-payment.server";

export const GATEWAY_NOT_OFFERED = "That way to pay is not offered: choose another.";
export const NOTHING_TO_PAY = "This order has nothing left to pay online.";

/** Where the shop's pages for a gateway's return live: the shop's public address and these paths. */
export const paymentReturnPath = (gateway: PaymentGatewayName) => `/payments/${gateway}/return`;
export const paymentCancelPath = (gateway: PaymentGatewayName) => `/payments/${gateway}/cancel`;

/**
 * Sends the buyer to pay what an order awaiting payment still owes online (the whole order, or a
 * COD order's advance): a new attempt is recorded, then the gateway is asked, outside any
 * transaction (a slow gateway never holds a lock). Answers where the buyer's browser goes. A buyer
 * who comes back and tries again gets a new attempt; each is settled on its own.
 */
export async function startOnlinePayment(
  ctx: FlowContext,
  deps: SettleDeps,
  input: { orderId: string; gateway: PaymentGatewayName; publicUrl: string },
): Promise<StartedPayment & { reference: string }> {
  const now = ctx.now ?? new Date();
  const offered = await offeredGateways(ctx.db, deps.box);
  if (!offered.some((g) => g.gateway === input.gateway))
    throw new AppError("VALIDATION", GATEWAY_NOT_OFFERED, { gateway: GATEWAY_NOT_OFFERED });
  const order = await orderForPayment(ctx.db, input.orderId);
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  const due = onlineAmountDue(order);
  if (order.status !== "awaiting_payment" || due <= 0 || !order.paymentDueBy)
    throw new AppError("CONFLICT", NOTHING_TO_PAY);
  const payment = await createPayment(ctx.db, {
    orderId: order.id,
    purpose: order.paymentMethod === "online" ? "order" : "advance",
    gateway: input.gateway,
    amountPaisa: toPaisa(due),
    expiresAt: order.paymentDueBy,
    now,
  });
  const keys = await gatewayKeys(ctx.db, deps.box, input.gateway);
  const label = GATEWAY_LABELS[input.gateway];
  try {
    if (!keys) throw new PaymentGatewayError(`${label} is not set up`, false);
    const started = await deps.gateways[input.gateway].start(keys, {
      reference: payment.reference,
      orderNumber: order.orderNumber,
      amountPaisa: payment.amountPaisa,
      description: `Order ${order.orderNumber}`,
      phone: order.phone,
      email: order.email,
      returnUrl: `${input.publicUrl}${paymentReturnPath(input.gateway)}`,
      cancelUrl: `${input.publicUrl}${paymentCancelPath(input.gateway)}?reference=${payment.reference}`,
      createdAt: now,
      expiresAt: order.paymentDueBy,
    });
    await setGatewayReference(ctx.db, payment.id, started.gatewayReference, now);
    return { ...started, reference: payment.reference };
  } catch (error) {
    const words = error instanceof PaymentGatewayError ? error.message : "no answer";
    await setPaymentState(ctx.db, payment.id, "declined", { at: now, message: words });
    logger.warn({ gateway: input.gateway, order: order.orderNumber, error: words }, "a payment could not be started");
    throw new AppError(
      "GATEWAY_UNAVAILABLE",
      `${label} could not be reached just now. Your order is kept until it is due: try again, or choose another way to pay.`,
    );
  }
}

/**
 * The form the buyer's browser posts to a gateway whose page takes a POST (JazzCash), for an
 * attempt already started: built again from the attempt as it was started (the same reference,
 * amount and times, so the same signed fields). Null when the attempt is not the buyer's to pay now.
 */
export async function attemptForm(
  ctx: FlowContext,
  deps: SettleDeps,
  input: { orderId: string; reference: string; publicUrl: string },
): Promise<{ url: string; fields: Record<string, string>; gateway: PaymentGatewayName; amountPaisa: number } | null> {
  const payment = await paymentByReference(ctx.db, input.reference);
  if (!payment || payment.orderId !== input.orderId || payment.state !== "started" || payment.gateway !== "jazzcash")
    return null;
  const order = await orderForPayment(ctx.db, input.orderId);
  const keys = await gatewayKeys(ctx.db, deps.box, payment.gateway);
  if (!order || order.status !== "awaiting_payment" || !keys) return null;
  const started = await deps.gateways[payment.gateway].start(keys, {
    reference: payment.reference,
    orderNumber: order.orderNumber,
    amountPaisa: payment.amountPaisa,
    description: `Order ${order.orderNumber}`,
    phone: order.phone,
    email: order.email,
    returnUrl: `${input.publicUrl}${paymentReturnPath(payment.gateway)}`,
    cancelUrl: `${input.publicUrl}${paymentCancelPath(payment.gateway)}?reference=${payment.reference}`,
    createdAt: payment.createdAt,
    expiresAt: payment.expiresAt,
  });
  if (started.redirect.method !== "POST") return null;
  return {
    url: started.redirect.url,
    fields: started.redirect.fields,
    gateway: payment.gateway,
    amountPaisa: payment.amountPaisa,
  };
}
