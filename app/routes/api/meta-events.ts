import { getUser } from "~/http/auth-guard.server";
import { metaBrowserEvent } from "~/http/meta-browser-event.server";
import { publicOrigin } from "~/lib/public-origin";
import { readMetaSettings } from "~/modules/marketing/meta-settings.server";
import type { Route } from "./+types/meta-events";

/**
 * POST /api/meta-events: a buyer's browser reports a browsing event it also gave the Meta Pixel
 * (app/lib/meta-pixel.ts); it goes on to the Conversions API in this process's next batch with the
 * same event_id. 204 whatever happens (a beacon reads no answer); without a Pixel and its token,
 * or for a malformed report, nothing is kept.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const settings = await readMetaSettings(context.db);
  if (settings.pixelId && settings.hasAccessToken && context.metaEvents) {
    const body = await request.json().catch(() => null);
    const user = await getUser(request, context);
    const event = metaBrowserEvent(request, body, publicOrigin(context.env), user?.id ?? null);
    if (event) context.metaEvents.add(event);
  }
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
