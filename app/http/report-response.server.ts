import type { Report } from "~/modules/reports/get-report.server";
import { reportCsv, reportFileName } from "~/modules/reports/report-csv";
import { reportTable } from "~/modules/reports/report-tables";

/** A report as a CSV download (UTF-8 with a BOM, formula-guarded): the page's Download CSV and the API with `Accept: text/csv`. */
export function reportCsvResponse(report: Report): Response {
  return new Response(reportCsv(reportTable(report)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${reportFileName(report.name, report.range)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** Whether a request asks for CSV rather than JSON (`Accept: text/csv` before any JSON type). */
export function wantsCsv(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  const csv = accept.indexOf("text/csv");
  const json = accept.indexOf("application/json");
  return csv >= 0 && (json < 0 || csv < json);
}
