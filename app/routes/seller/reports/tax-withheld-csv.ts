import { data } from "react-router";
import { requireSeller } from "~/http/auth-guard.server";
import { csvDownload } from "~/http/csv-download.server";
import { getTaxWithheld } from "~/modules/reports/get-tax-withheld.server";
import { reportCsv, reportFileName } from "~/modules/reports/report-csv";
import { readReportRange } from "~/modules/reports/report-range";
import { taxWithheldTable } from "~/modules/reports/report-tables";
import type { Route } from "./+types/tax-withheld-csv";

/**
 * GET /seller/reports/tax-withheld.csv?range=|from=&to=: the tax couriers withheld from the COD they
 * paid in the range, one row per month and courier and a total row, for the shop's accountant
 * (linked from Reports -> Profit, whose "Tax withheld by couriers" line is its total).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const read = readReportRange(new URL(request.url).searchParams, new Date());
  if (!read.ok) throw data(Object.values(read.fields).join(" "), { status: 400 });
  const table = taxWithheldTable(await getTaxWithheld(context.db, read.range));
  return csvDownload(reportCsv(table), reportFileName("tax-withheld", read.range));
}
