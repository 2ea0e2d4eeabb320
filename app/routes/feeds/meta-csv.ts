import { getMetaFeed } from "~/flows/get-meta-feed.server";
import { publicOrigin } from "~/lib/public-origin";
import type { Route } from "./+types/meta-csv";

/** An open feed may be kept by a cache in front for a few minutes: Meta fetches it hourly at most. */
const OPEN_FEED_CACHE_CONTROL = "public, max-age=300";
/** A feed behind a token is the token holder's: no shared cache keeps it. */
const TOKEN_FEED_CACHE_CONTROL = "private, no-store";

/**
 * GET /feeds/meta.csv[?token=]: the Meta catalogue feed (issue 44), one row per variant, for
 * Commerce Manager's scheduled data feed. With a token turned on (Settings -> Marketing), a request
 * without the right one is answered 404, as if there were no feed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const feed = await getMetaFeed(context, { origin: publicOrigin(context.env), token });
  if (!feed.ok)
    return new Response("Not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  return new Response(feed.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'inline; filename="meta-catalogue.csv"',
      "Cache-Control": feed.tokenOn ? TOKEN_FEED_CACHE_CONTROL : OPEN_FEED_CACHE_CONTROL,
      "X-Robots-Tag": "noindex",
    },
  });
}
