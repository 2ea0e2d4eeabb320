import { csvDownload } from "~/http/csv-download.server";
import { requireSeller } from "~/http/auth-guard.server";
import { exportPaymentsCsv, readPaymentsQuery } from "~/modules/payments/list-payments.server";
import type { Route } from "./+types/payments-csv";

/** GET /seller/payments.csv?state=&gateway=&q=: the payments the Payments tab's filter shows, streamed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const { page: _page, ...query } = readPaymentsQuery(new URL(request.url).searchParams);
  return csvDownload(exportPaymentsCsv(context.db, query), `payments-${new Date().toISOString().slice(0, 10)}.csv`);
}
