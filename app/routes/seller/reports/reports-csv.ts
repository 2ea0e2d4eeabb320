import { data } from "react-router";
import { requireSeller } from "~/http/auth-guard.server";
import { reportCsvResponse } from "~/http/report-response.server";
import { getReport } from "~/modules/reports/get-report.server";
import { isReportName } from "~/modules/reports/report-names";
import { readReportRange } from "~/modules/reports/report-range";
import type { Route } from "./+types/reports-csv";

/** GET /seller/reports/{name}.csv?range=|from=&to=: the report the page shows, as CSV (its table, total row last). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const url = new URL(request.url);
  const name = /\/seller\/reports\/([a-z]+)\.csv$/.exec(url.pathname)?.[1];
  if (!isReportName(name)) throw data("There is no report by that name.", { status: 404 });
  const now = new Date();
  const read = readReportRange(url.searchParams, now);
  if (!read.ok) throw data(Object.values(read.fields).join(" "), { status: 400 });
  return reportCsvResponse(await getReport(context.db, name, read.range, now));
}
