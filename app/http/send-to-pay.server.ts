import { redirect, type AppLoadContext } from "react-router";
import { startOnlinePayment } from "~/flows/start-online-payment.server";
import { AppError } from "~/lib/errors";
import { publicOrigin } from "~/lib/public-origin";
import type { PaymentGatewayName } from "~/modules/payments/payment-gateway";
import { setFlash } from "./flash.server";

/** The page that posts a gateway's form (JazzCash's hosted page takes a POST) from the buyer's browser. */
export const payPagePath = (orderId: string, reference: string) => `/orders/${orderId}/pay?attempt=${reference}`;

/**
 * Starts paying an order awaiting payment and sends the browser on: straight to the gateway's link
 * (Safepay), or to the page that posts the gateway's form (JazzCash). A gateway that cannot be
 * reached sends the buyer to their order, kept, with the words why and a Pay again.
 */
export async function sendToPay(
  request: Request,
  context: AppLoadContext,
  orderId: string,
  gateway: PaymentGatewayName,
) {
  try {
    const started = await startOnlinePayment(
      { db: context.db },
      { gateways: context.providers.payments, box: context.secretBoxes["payment-credentials"] },
      { orderId, gateway, publicUrl: returnOrigin(request, context) },
    );
    if (started.redirect.method === "GET") return redirect(started.redirect.url);
    return redirect(payPagePath(orderId, started.reference));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirect(`/orders/${orderId}`, {
      headers: { "Set-Cookie": await setFlash({ type: "error", message: error.message }) },
    });
  }
}

/**
 * Where the gateway sends the buyer back: the shop's public address, or (without PUBLIC_URL) the
 * address this request came to, which server/app.ts has already checked is one of the shop's own,
 * so the buyer comes back to the same host their session cookie belongs to.
 */
export function returnOrigin(request: Request, context: AppLoadContext): string {
  return context.env.PUBLIC_URL ? publicOrigin(context.env) : new URL(request.url).origin;
}
