import type { IncomingMessage, ServerResponse } from "node:http";
import { ORDER_SOURCE_COOKIE, readSourceCookie, sourceSetCookie, visitSource } from "~/modules/orders/order-source";
import { PRIVATE_PAGE_CACHE_CONTROL } from "./page-cache";

/** Paths that are never a buyer's landing page: the API, images, built files, probes, webhooks. */
const NOT_A_PAGE = /^\/(api|media|assets|webhooks|healthz|readyz)(\/|$)/;

/**
 * Keeps where a visitor first came from (issue 44): a page visit (GET or HEAD) carrying utm_*
 * parameters, a Facebook click id or another site's Referer, from a visitor without a live source
 * cookie, gets `shop_source` for 30 days (modules/orders/order-source.ts); checkout stores it on the
 * order. First touch: a cookie that is still good is never replaced.
 *
 * A visit without those signals gets nothing, so guests' pages stay shared-cacheable. An answer that
 * sets the cookie goes out `Cache-Control: private` whatever the page said (written as the headers
 * leave), so nginx or a CDN never keeps one visitor's Set-Cookie for another; the page itself is the
 * guests' page (no page reads the cookie), so the shop's own page cache may still serve its bytes:
 * the cookie is added to this answer only, never to what the cache keeps (server/page-cache.ts).
 * Returns whether it set the cookie.
 */
export function createOrderSourceCookie({
  origin,
  secureCookies,
  now = () => new Date(),
}: {
  /** The shop's public origin (PUBLIC_URL): a Referer from it is the shop's own. */
  origin: string;
  secureCookies: boolean;
  now?: () => Date;
}) {
  const shopHost = new URL(origin).host;
  return function keepOrderSource(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const target = req.url ?? "/";
    const pathname = target.split("?")[0];
    // A page's address: not the API's, not a file's (favicon.ico, sitemap.xml, a route's .data).
    if (NOT_A_PAGE.test(pathname) || /\.[a-z0-9]+$/i.test(pathname)) return false;
    const at = now();
    if (req.headers.cookie?.includes(`${ORDER_SOURCE_COOKIE}=`) && readSourceCookie(req.headers.cookie, at))
      return false;
    let url: URL;
    try {
      url = new URL(target, origin);
    } catch {
      return false;
    }
    const visit = visitSource(url, req.headers.referer, [shopHost, req.headers.host], at);
    if (!visit) return false;
    res.appendHeader("Set-Cookie", sourceSetCookie(visit, { secure: secureCookies }));
    res.setHeader("Cache-Control", PRIVATE_PAGE_CACHE_CONTROL);
    // Whatever the page sets on the way (a public Cache-Control), the answer that carries this
    // visitor's cookie stays private: "no-store" is kept as it is, anything else becomes private.
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
      const current = String(this.getHeader("cache-control") ?? "");
      if (!/\bprivate\b/.test(current) || /\bpublic\b/.test(current))
        this.setHeader(
          "Cache-Control",
          /\bno-store\b/.test(current) ? "private, no-store" : PRIVATE_PAGE_CACHE_CONTROL,
        );
      return writeHead.apply(this, args);
    } as ServerResponse["writeHead"];
    return true;
  };
}
