import { redirect } from "react-router";
import { setFlash } from "~/http/flash.server";
import { PAYMENT_GATEWAYS } from "~/modules/payments/payment-gateway";
import { findPayment } from "~/modules/payments/payment-records.server";
import type { Route } from "./+types/cancel";

/**
 * Where a gateway sends a buyer who pressed Cancel on its page (Safepay's cancel_url): back to
 * their order, which is kept (its stock held) until its time to pay runs out. Nothing changes: a
 * payment can still arrive for the attempt, and it is settled then.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const gateway = PAYMENT_GATEWAYS.find((g) => g === params.gateway);
  if (!gateway) throw new Response("Not found", { status: 404 });
  const reference = new URL(request.url).searchParams.get("reference");
  const payment = reference ? await findPayment(context.db, gateway, { reference, gatewayReference: null }) : null;
  const message = "Payment cancelled. Your order is kept until it is due: pay below, or it is cancelled then.";
  return redirect(payment ? `/orders/${payment.orderId}` : "/orders", {
    headers: { "Set-Cookie": await setFlash({ type: "info", message }) },
  });
}
