import { redirect } from "react-router";
import { settleGatewayReport, type SettleOutcome } from "~/flows/settle-payment.server";
import { setFlash } from "~/http/flash.server";
import { PAYMENT_GATEWAYS, type PaymentGatewayName } from "~/modules/payments/payment-gateway";
import { gatewayKeys } from "~/modules/payments/payment-settings.server";
import type { Route } from "./+types/return";

/**
 * Where a gateway sends the buyer back (`/payments/{safepay,jazzcash}/return`, GET or a form POST
 * from the gateway's page, which server/cross-site-guard.ts lets through: the gateway's signature
 * is checked instead). The browser's return alone never marks an order paid: its signature must be
 * the gateway's, and what was paid is checked for exactly the order's amount (with the gateway's
 * status, server to server, when the return does not carry it). The buyer lands on their order.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return settleReturn(context, params.gateway, Object.fromEntries(new URL(request.url).searchParams));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  return settleReturn(context, params.gateway, fields);
}

async function settleReturn(
  context: Route.LoaderArgs["context"],
  name: string | undefined,
  fields: Record<string, string>,
): Promise<Response> {
  const gateway = PAYMENT_GATEWAYS.find((g) => g === name);
  if (!gateway) throw new Response("Not found", { status: 404 });
  const box = context.secretBoxes["payment-credentials"];
  const keys = await gatewayKeys(context.db, box, gateway);
  const report = keys ? context.providers.payments[gateway].readReturn(keys, fields) : null;
  const outcome = await settleGatewayReport(
    { db: context.db },
    { gateways: context.providers.payments, box },
    gateway,
    report,
    "return",
  );
  return land(gateway, outcome);
}

async function land(gateway: PaymentGatewayName, outcome: SettleOutcome): Promise<Response> {
  if (!outcome.payment) {
    return redirect("/orders", {
      headers: {
        "Set-Cookie": await setFlash({
          type: "error",
          message:
            "That payment answer could not be checked, so nothing changed. If you paid, your order updates as soon as the payment service tells us.",
        }),
      },
    });
  }
  const message =
    outcome.kind === "paid"
      ? "Payment received: thank you! Your order is confirmed."
      : outcome.kind === "needs-refund"
        ? "Your payment arrived after the order was cancelled. The shop will refund it in full."
        : outcome.kind === "not-paid" && outcome.outcome === "declined"
          ? `The payment did not go through (${outcome.message}). Your order is kept until it is due: try again below.`
          : outcome.kind === "not-paid"
            ? "Your payment is not confirmed yet. This page updates when the payment service confirms it."
            : "That payment answer did not match the order, so nothing changed. Please contact the shop if you paid.";
  const type =
    outcome.kind === "paid"
      ? "success"
      : outcome.kind === "not-paid" && outcome.outcome === "pending"
        ? "info"
        : "error";
  return redirect(`/orders/${outcome.payment.orderId}`, {
    headers: { "Set-Cookie": await setFlash({ type, message }) },
  });
}
