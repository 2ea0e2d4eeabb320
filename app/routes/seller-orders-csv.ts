import { requireSeller } from "~/http/auth-guard.server";
import { exportOrdersCsv } from "~/modules/orders/export-orders-csv.server";
import { readSellerOrderQuery } from "~/modules/orders/seller-order-query";
import type { Route } from "./+types/seller-orders-csv";

/**
 * GET /seller/orders.csv?status=&q=: the orders the Orders tab's filter shows, streamed batch by
 * batch (a UTF-8 BOM first, so Excel reads Urdu names and "Rs" correctly).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const query = readSellerOrderQuery(new URL(request.url).searchParams);
  const chunks = exportOrdersCsv(context.db, query);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("\uFEFF"));
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  const name = `orders-${query.status ?? "all"}-${day}.csv`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
