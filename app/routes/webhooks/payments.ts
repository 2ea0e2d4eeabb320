import { settleGatewayReport } from "~/flows/settle-payment.server";
import { PAYMENT_GATEWAYS } from "~/modules/payments/payment-gateway";
import { gatewayKeys } from "~/modules/payments/payment-settings.server";
import type { Route } from "./+types/payments";

/**
 * The gateways' server-to-server notices (`/webhooks/safepay`: Safepay's webhook, signed with
 * X-SFPY-SIGNATURE; `/webhooks/jazzcash`: JazzCash's IPN, the return's signed pp_ fields). The raw
 * body is read as it came. A notice whose signature is not the gateway's is answered 401 and
 * changes nothing (it is logged); a good one is settled (once, whatever arrives twice) and answered
 * 200. Cross-site POSTs pass server/cross-site-guard.ts here: the signature is the check.
 */
const NO_STORE = { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" };

export async function action({ request, context }: Route.ActionArgs) {
  const name = new URL(request.url).pathname.split("/").pop();
  const gateway = PAYMENT_GATEWAYS.find((g) => g === name);
  if (!gateway) return new Response("Not found", { status: 404, headers: NO_STORE });
  if (request.method !== "POST")
    return new Response("Method not allowed", { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
  const body = await request.text();
  const headers = Object.fromEntries(request.headers);
  const box = context.secretBoxes["payment-credentials"];
  const keys = await gatewayKeys(context.db, box, gateway);
  const report = keys ? context.providers.payments[gateway].readNotification(keys, body, headers) : null;
  const outcome = await settleGatewayReport(
    { db: context.db },
    { gateways: context.providers.payments, box },
    gateway,
    report,
    "notification",
  );
  if (outcome.kind === "refused" && outcome.reason === "signature")
    return new Response("Unauthorized", { status: 401, headers: NO_STORE });
  return new Response("OK", { status: 200, headers: NO_STORE });
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
}
