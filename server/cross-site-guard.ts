import type { NextFunction, Request, Response } from "express";
import type { Env } from "~/lib/env.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Paths that take POSTs from another company's servers, never from a browser, and check their own
 * signature instead: Meta's WhatsApp webhook (an `X-Hub-Signature-256` HMAC of the raw body with the
 * app secret, app/routes/webhooks/whatsapp.ts). A browser's cross-site POST there carries no valid
 * signature and is refused 401 by the route, so letting it past this guard gives nothing away.
 */
export const SIGNED_WEBHOOK_PATHS = new Set([
  "/webhooks/whatsapp",
  // The payment gateways' notices (app/routes/webhooks/payments.ts), and the buyer's return from a
  // gateway's page, which posts the gateway's signed answer from the gateway's own site
  // (app/routes/payments/return.ts): each is believed only with the gateway's signature, and uses
  // no cookie of the browser's.
  "/webhooks/safepay",
  "/webhooks/jazzcash",
  "/payments/safepay/return",
  "/payments/jazzcash/return",
]);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF). Browsers say where a
 * request comes from in Origin and Sec-Fetch-Site; clients that send neither (curl, apps) carry no
 * ambient cookies from a victim's browser, so they pass and rely on their own credentials.
 */
export function refuseCrossSiteWrites(env: Pick<Env, "PUBLIC_URL">) {
  const publicOrigin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : null;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || SIGNED_WEBHOOK_PATHS.has(req.path)) return next();
    const site = req.headers["sec-fetch-site"];
    const origin = req.headers.origin;
    const sameOrigin = origin ? isSameOrigin(origin, req, publicOrigin) : site !== "cross-site" && site !== "same-site";
    if (sameOrigin) return next();
    const message = "Requests from other sites are not allowed.";
    if (req.path.startsWith("/api/")) return void res.status(403).json({ error: { code: "FORBIDDEN", message } });
    res.status(403).type("text/plain").send(message);
  };
}

function isSameOrigin(origin: string, req: Request, publicOrigin: string | null): boolean {
  if (origin === "null") return false;
  if (publicOrigin && origin === publicOrigin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
