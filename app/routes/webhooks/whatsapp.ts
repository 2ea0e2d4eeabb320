import { receiveWhatsappWebhook, verifyWhatsappSubscription } from "~/flows/receive-whatsapp-webhook.server";
import { logger } from "~/lib/logger.server";
import { requestAddress } from "~/modules/abuse/request-address.server";
import type { Route } from "./+types/whatsapp";

/**
 * Meta's webhook for the shop's WhatsApp number (issue 32), the URL Settings -> WhatsApp shows:
 * `{PUBLIC_URL}/webhooks/whatsapp`. Never cached (no-store); POSTs pass the cross-site guard as its
 * documented exception (server/cross-site-guard.ts): Meta's signature is what is checked instead.
 */

const NO_STORE = { "Cache-Control": "no-store" };

function plain(status: number, body: string): Response {
  return new Response(body, { status, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
}

/** GET: Meta's subscription check. `hub.challenge` back as text when `hub.verify_token` matches; else 403. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const challenge = await verifyWhatsappSubscription(context, context.secretBoxes?.["whatsapp-settings"] ?? null, {
    mode: params.get("hub.mode"),
    verifyToken: params.get("hub.verify_token"),
    challenge: params.get("hub.challenge"),
  });
  return challenge === null ? plain(403, "Forbidden") : plain(200, challenge);
}

/**
 * POST: a delivery from Meta. The raw bytes are read as they came (the signature is over them, not
 * over any re-encoding): a missing or wrong X-Hub-Signature-256, or WhatsApp not set up, is 401 and
 * changes nothing, and counts against the sender's address (429 with Retry-After once it has been
 * refused too often); a good one is applied and answered 200. A delivery without a signature of
 * Meta's form never gets here: server/whatsapp-webhook-gate.ts refuses it before its body is read.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return new Response("Method not allowed", { status: 405, headers: { ...NO_STORE, Allow: "GET, POST" } });
  const raw = new Uint8Array(await request.arrayBuffer());
  const outcome = await receiveWhatsappWebhook(
    context,
    context.secretBoxes?.["whatsapp-settings"] ?? null,
    raw,
    request.headers.get("x-hub-signature-256"),
    { from: requestAddress(request) },
  );
  if (!outcome.accepted) {
    logger.warn(
      { bytes: raw.length, limited: outcome.retryAfterSeconds !== undefined },
      "WhatsApp webhook refused: not signed with the app secret (or WhatsApp is not set up)",
    );
    if (outcome.retryAfterSeconds !== undefined) {
      return new Response("Too many requests", {
        status: 429,
        headers: {
          ...NO_STORE,
          "Content-Type": "text/plain; charset=utf-8",
          "Retry-After": String(outcome.retryAfterSeconds),
        },
      });
    }
    return plain(401, "Unauthorized");
  }
  return plain(200, "OK");
}
