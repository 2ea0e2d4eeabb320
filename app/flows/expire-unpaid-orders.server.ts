import { logger } from "~/lib/logger.server";
import { lockOrder } from "~/modules/orders/order-row-moves.server";
import { unpaidOrdersDue } from "~/modules/orders/order-payments.server";
import { closeOpenPayments, openPaymentsOf } from "~/modules/payments/payment-records.server";
import type { FlowContext } from "./flow-context";
import { applyOrderMove } from "./move-order.server";
import { askStatus, settleGatewayReport, type SettleDeps } from "./settle-payment.server";

export const NOT_PAID_IN_TIME = "Not paid online in time: the order is cancelled and its items are back in stock";

/**
 * The sweep of orders whose time to pay online has passed (every minute, in one process at a
 * time): each open attempt is first checked with its gateway, server to server, so a payment made
 * at the last moment is honoured; an order still unpaid is cancelled, its stock back and the buyer
 * told (the cancel's e-mail). A payment that arrives later still settles (revived, or refunded).
 */
export async function expireUnpaidOrders(
  ctx: FlowContext,
  deps: SettleDeps,
  limit = 50,
): Promise<{ paid: number; cancelled: number }> {
  const now = ctx.now ?? new Date();
  const due = await unpaidOrdersDue(ctx.db, now, limit);
  const result = { paid: 0, cancelled: 0 };
  for (const { id } of due) {
    let paid = false;
    for (const attempt of await openPaymentsOf(ctx.db, [id])) {
      if (!attempt.gatewayReference) continue;
      const report = await askStatus(ctx, deps, attempt);
      if (report?.outcome !== "paid") continue;
      const settled = await settleGatewayReport(ctx, deps, attempt.gateway, report, "status");
      if (settled.kind === "paid") {
        paid = true;
        break;
      }
    }
    if (paid) {
      result.paid += 1;
      continue;
    }
    const cancelled = await ctx.db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (order.status !== "awaiting_payment") return false;
      await closeOpenPayments(tx, id, now, "not paid in time");
      await applyOrderMove(tx, { id: null, name: "Online payment" }, order, "cancelled", {
        now,
        note: NOT_PAID_IN_TIME,
      });
      return true;
    });
    if (cancelled) result.cancelled += 1;
  }
  if (result.paid || result.cancelled) logger.info(result, "orders awaiting payment swept");
  return result;
}
