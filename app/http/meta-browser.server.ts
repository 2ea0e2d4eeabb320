import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { metaSettings } from "~/modules/marketing/reads";
import type { MetaBrowserDetails } from "~/modules/orders/reads";

/** A cookie's value from a Cookie header, or null (Meta's _fbp/_fbc are plain, unsigned values). */
function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim()) || null;
  }
  return null;
}

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
  const [settings] = await db
    .select({ pixelId: metaSettings.pixelId })
    .from(metaSettings)
    .where(eq(metaSettings.id, 1));
  if (!settings?.pixelId) return null;
  const cookies = request.headers.get("cookie");
  const clickedAt = visit.firstSeenAt ? Date.parse(visit.firstSeenAt) : NaN;
  const fbc =
    cookieValue(cookies, "_fbc") ??
    (visit.fbclid ? `fb.1.${Number.isFinite(clickedAt) ? clickedAt : Date.now()}.${visit.fbclid}` : null);
  return {
    fbp: cookieValue(cookies, "_fbp"),
    fbc,
    ip: request.headers.get(CLIENT_IP_HEADER),
    userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
    url: request.headers.get("referer")?.slice(0, 1000) ?? null,
  };
}
