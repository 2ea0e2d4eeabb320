import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { addressKey } from "~/modules/abuse/client-address";
import { countWebhookRefusal, webhookRefusalsExceeded } from "~/modules/abuse/webhook-refusals.server";
import { WHATSAPP_SIGNATURE_HEADER, whatsappSignatureWellFormed } from "~/modules/messages/whatsapp-signature";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
/** Express's compiled `trust proxy` (app.get("trust proxy fn")): whether the address `i` hops away is a proxy of ours. */
export type TrustProxy = (address: string, hop: number) => boolean;

export const WHATSAPP_WEBHOOK_PATH = "/webhooks/whatsapp";

/**
 * The door of Meta's webhook, before the body limit reads anything (server/body-limit.ts would
 * take in up to 3 MB for this path): a POST whose X-Hub-Signature-256 is missing or not of Meta's
 * form is answered 401 at once, its body unread and no secret opened, and counted against its
 * address; an address refused too often lately (unsigned, or wrongly signed: the route counts those)
 * is answered 429 with Retry-After, also unread. Everything else goes on to `handler`, where the
 * route checks the signature over the whole body.
 */
export function guardWhatsappWebhook(
  handler: Handler,
  { db, trustProxy, headers }: { db: Db; trustProxy: TrustProxy; headers: Record<string, string> },
): Handler {
  return (req, res) => {
    if (req.method !== "POST" || (req.url ?? "/").split("?")[0] !== WHATSAPP_WEBHOOK_PATH) return handler(req, res);
    const address = addressKey(clientAddress(req, trustProxy));
    const signed = whatsappSignatureWellFormed(req.headers[WHATSAPP_SIGNATURE_HEADER]);
    void (async () => {
      if (signed) {
        const verdict = await webhookRefusalsExceeded(db, address);
        return verdict.allowed ? handler(req, res) : refuse(req, res, headers, verdict.retryAfterSeconds);
      }
      logger.warn(
        { signature: req.headers[WHATSAPP_SIGNATURE_HEADER] === undefined ? "missing" : "malformed" },
        "WhatsApp webhook refused unread: no signature of Meta's form",
      );
      const verdict = await countWebhookRefusal(db, address);
      refuse(req, res, headers, verdict.allowed ? null : verdict.retryAfterSeconds);
    })().catch((error: unknown) => {
      // The counters are out of reach (the database): a signed delivery is still heard, an unsigned one still refused.
      logger.error({ err: error }, "the webhook's refusal counter could not be read");
      if (signed) handler(req, res);
      else refuse(req, res, headers, null);
    });
  };
}

/**
 * The client's address as Express's `req.ip` reads it (proxy-addr): the socket's peer, then
 * X-Forwarded-For from the right for as long as the hop is a trusted proxy (TRUST_PROXY).
 */
export function clientAddress(req: IncomingMessage, trustProxy: TrustProxy): string {
  const forwarded = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean)
    .reverse();
  const hops = [req.socket.remoteAddress ?? "unknown", ...forwarded];
  for (let i = 0; i < hops.length - 1; i++) if (!trustProxy(hops[i], i)) return hops[i];
  return hops[hops.length - 1];
}

/** 401 (or 429 with Retry-After), and the connection closed so the unread body is never taken in. */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, string>,
  retryAfterSeconds: number | null,
) {
  res.writeHead(retryAfterSeconds === null ? 401 : 429, {
    ...headers,
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    Connection: "close",
    ...(retryAfterSeconds === null ? {} : { "Retry-After": String(retryAfterSeconds) }),
  });
  res.end(retryAfterSeconds === null ? "Unauthorized" : "Too many requests");
  res.on("finish", () => req.socket.destroySoon?.());
}
