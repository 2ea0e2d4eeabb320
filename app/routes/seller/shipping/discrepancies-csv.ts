import { requireSeller } from "~/http/auth-guard.server";
import { shopDay } from "~/lib/shop-time";
import { discrepanciesCsv } from "~/modules/shipping/settlements/discrepancies-csv.server";
import type { Route } from "./+types/discrepancies-csv";

/**
 * GET /seller/shipping/discrepancies.csv?status=open|resolved|all: the discrepancies as a CSV to
 * send a courier as a claim (a UTF-8 byte-order mark first, so Excel reads it as UTF-8).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const requested = new URL(request.url).searchParams.get("status");
  const status = requested === "resolved" || requested === "all" ? requested : "open";
  const csv = await discrepanciesCsv(context.db, { status });
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="discrepancies-${status}-${shopDay(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
