import { parseCookie } from "cookie";
import { z } from "zod";
import { META_BROWSER_EVENTS } from "~/lib/meta-pixel";
import type { MetaServerEvent } from "~/modules/messages/message-sender";
import { metaUserData } from "~/modules/marketing/meta-user-data";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";

/** What a buyer's browser may report (app/lib/meta-pixel.ts): a known event, its id, the page, and small custom data. */
const browserEvent = z.object({
  event_name: z.enum(META_BROWSER_EVENTS),
  event_id: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  event_source_url: z.string().max(2000),
  custom_data: z
    .object({
      content_ids: z
        .array(z.string().regex(/^[A-Za-z0-9_-]{1,80}$/))
        .max(50)
        .optional(),
      content_type: z.enum(["product", "product_group"]).optional(),
      content_name: z.string().max(200).optional(),
      currency: z.literal("PKR").optional(),
      value: z.number().nonnegative().max(100_000_000).optional(),
      num_items: z.number().int().positive().max(1000).optional(),
    })
    .strict()
    .default({}),
});

/**
 * A browsing event as the Conversions API takes it, from the browser's report and the request
 * itself (its address, user agent and Meta's _fbp/_fbc cookies; the signed-in buyer's id, hashed);
 * null for anything that is not a well-formed report about a page of this shop.
 */
export function metaBrowserEvent(
  request: Request,
  body: unknown,
  origin: string,
  userId: string | null,
  now = new Date(),
): MetaServerEvent | null {
  const parsed = browserEvent.safeParse(body);
  if (!parsed.success) return null;
  const e = parsed.data;
  let page: URL;
  try {
    page = new URL(e.event_source_url);
  } catch {
    return null;
  }
  // The shop's public origin, or the one this request came to (the server answers only its own hosts).
  if (page.origin !== new URL(origin).origin && page.origin !== new URL(request.url).origin) return null;
  const cookies = parseCookie(request.headers.get("cookie") ?? "");
  return {
    event_name: e.event_name,
    event_time: Math.floor(now.getTime() / 1000),
    event_id: e.event_id,
    action_source: "website",
    event_source_url: page.toString(),
    user_data: metaUserData(
      { userId },
      {
        ip: request.headers.get(CLIENT_IP_HEADER),
        userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
        fbp: cookies._fbp || null,
        fbc: cookies._fbc || null,
      },
    ),
    custom_data: e.custom_data,
  };
}
