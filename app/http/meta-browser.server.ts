import { parseCookie } from "cookie";
import type { AppLoadContext } from "react-router";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { readMetaSettings } from "~/modules/marketing/meta-settings.server";
import type { MetaBrowserDetails } from "~/modules/orders/reads";

/**
 * What Meta's Conversions API will match this checkout's Purchase by (issue 44), kept on the order
 * because the Purchase is sent later, on confirmation or delivery: the Pixel's _fbp and _fbc cookies
 * (an _fbc made from the visit's fbclid when the Pixel has not set one: Meta's own format,
 * fb.1.<ms>.<fbclid>), the client's address, its user agent and the page. Null when the shop has no
 * Pixel: nothing of the browser is kept for Meta then.
 */
export async function metaBrowserOf(
  request: Request,
  { db }: Pick<AppLoadContext, "db">,
  visit: { fbclid: string | null; firstSeenAt?: string | null } = { fbclid: null },
): Promise<MetaBrowserDetails | null> {
  // The settings every page reads already (cached), not a query of its own at each Place Order.
  if (!(await readMetaSettings(db)).pixelId) return null;
  // Meta's _fbp and _fbc are plain, unsigned values set by its script.
  const cookies = parseCookie(request.headers.get("cookie") ?? "");
  const clickedAt = visit.firstSeenAt ? Date.parse(visit.firstSeenAt) : NaN;
  const fbc =
    cookies._fbc ||
    (visit.fbclid ? `fb.1.${Number.isFinite(clickedAt) ? clickedAt : Date.now()}.${visit.fbclid}` : null);
  return {
    fbp: cookies._fbp || null,
    fbc,
    ip: request.headers.get(CLIENT_IP_HEADER),
    userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
    url: request.headers.get("referer")?.slice(0, 1000) ?? null,
  };
}
