import { randomBytes } from "node:crypto";
import type { Env } from "~/lib/env.server";
import { META_PIXEL_REPORT_HOST, META_PIXEL_SCRIPT_HOST } from "~/lib/meta-pixel";
import { isHttpsShop } from "~/lib/public-origin";

export type HeaderEnv = Pick<Env, "PUBLIC_URL" | "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET"> &
  Partial<Pick<Env, "SAFEPAY_API_URL" | "JAZZCASH_API_URL">>;

/**
 * Where a buyer's browser goes to pay (issue 42): Safepay's hosted checkout (on getsafepay.com for
 * the live API, on the API's own host for its sandbox or a test server) and JazzCash's hosted page,
 * which takes a form post. Forms may post there, and redirects after a form may lead there.
 */
export function paymentPageOrigins(env: Pick<HeaderEnv, "SAFEPAY_API_URL" | "JAZZCASH_API_URL">): string[] {
  const origins = new Set<string>();
  for (const url of [env.SAFEPAY_API_URL, env.JAZZCASH_API_URL]) {
    if (!url) continue;
    const origin = new URL(url).origin;
    origins.add(origin === "https://api.getsafepay.com" ? "https://getsafepay.com" : origin);
  }
  return [...origins];
}

/** A fresh, unguessable value for one page's `script-src 'nonce-…'` (128 bits). */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy. Scripts run only from the shop's own files or with the page's nonce:
 * markup that slips into a page (a product name, a review) cannot run script, inline or from
 * elsewhere. Styles keep 'unsafe-inline': the stylesheet is inlined in every page and charts and
 * components set `style` attributes; CSS cannot run script. Forms post only to the shop, except
 * Google sign-in's redirect when it is configured (browsers check form-action on redirects too)
 * and the payment gateways' pages.
 * Without a nonce (files, JSON, robots.txt) no inline script may run at all.
 */
export function contentSecurityPolicy(env: HeaderEnv, nonce?: string, { metaPixel = false } = {}): string {
  const google = env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? " https://accounts.google.com" : "";
  const gateways = paymentPageOrigins(env)
    .map((origin) => ` ${origin}`)
    .join("");
  // The Meta Pixel (Settings -> Marketing, issue 44): only on the pages that carry it, only Meta's hosts.
  const pixelScript = metaPixel ? ` ${META_PIXEL_SCRIPT_HOST}` : "";
  const pixelReport = metaPixel ? ` ${META_PIXEL_REPORT_HOST}` : "";
  return [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""}${pixelScript}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${pixelReport}`,
    "font-src 'self' data:",
    `connect-src 'self'${pixelReport}${pixelScript}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action 'self'${google}${gateways}`,
    ...(isHttpsShop(env) ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=()";

/**
 * Headers on every response: pages, JSON, static files, images, robots.txt and cached pages. A page
 * rendered by React Router replaces the Content-Security-Policy with one that names its nonce.
 * HSTS only over https: sent over plain http it would be ignored, and on localhost it would pin
 * the developer's browser to https for a year.
 */
export function securityHeaders(env: HeaderEnv): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(env),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(isHttpsShop(env) ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
