import { apiData, apiError, handleApi, methodNotAllowed, requireApiUser } from "~/http/api.server";
import { reportCsvResponse, wantsCsv } from "~/http/report-response.server";
import { getReport } from "~/modules/reports/get-report.server";
import { isReportName, REPORT_NAMES } from "~/modules/reports/report-names";
import { readReportRange } from "~/modules/reports/report-range";
import type { Route } from "./+types/seller-report";

/** GET /api/seller/reports/{name}?from=&to= (or ?range=): one report as JSON, or CSV with `Accept: text/csv`; sellers only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(request, context, "seller");
    if (!isReportName(params.name))
      return apiError(404, "NOT_FOUND", `There is no report "${params.name}": use one of ${REPORT_NAMES.join(", ")}`);
    const now = new Date();
    const read = readReportRange(new URL(request.url).searchParams, now);
    if (!read.ok) return apiError(400, "VALIDATION", "Please check the dates of the range", read.fields);
    const report = await getReport(context.db, params.name, read.range, now);
    return wantsCsv(request) ? reportCsvResponse(report) : apiData(report);
  });
}

export async function action({ params }: Route.ActionArgs) {
  return methodNotAllowed(["GET"], `/api/seller/reports/${params.name}`);
}
