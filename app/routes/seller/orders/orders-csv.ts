import { csvDownload } from "~/http/csv-download.server";
import { requireSeller } from "~/http/auth-guard.server";
import { exportOrdersCsv } from "~/modules/orders/export-orders-csv.server";
import { readSellerOrderQuery } from "~/modules/orders/seller-order-query";
import type { Route } from "./+types/orders-csv";

/**
 * GET /seller/orders.csv?status=&q=: the orders the Orders tab's filter shows, streamed batch by
 * batch (a UTF-8 BOM first, so Excel reads Urdu names and "Rs" correctly).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const query = readSellerOrderQuery(new URL(request.url).searchParams);
  const chunks = exportOrdersCsv(context.db, query);
  return csvDownload(chunks, `orders-${query.status ?? "all"}-${new Date().toISOString().slice(0, 10)}.csv`);
}
