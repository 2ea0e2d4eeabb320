import { csvDownload } from "./csv-download.server";
import type { Report } from "~/modules/reports/get-report.server";
import { reportCsv, reportFileName } from "~/modules/reports/report-csv";
import { reportTable } from "~/modules/reports/report-tables";

/** A report as a CSV download (UTF-8 with a BOM, formula-guarded): the page's Download CSV and the API with `Accept: text/csv`. */
export function reportCsvResponse(report: Report): Response {
  return csvDownload(reportCsv(reportTable(report)), reportFileName(report.name, report.range));
}

/** Whether a request asks for CSV rather than JSON (`Accept: text/csv` before any JSON type). */
export function wantsCsv(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  const csv = accept.indexOf("text/csv");
  const json = accept.indexOf("application/json");
  return csv >= 0 && (json < 0 || csv < json);
}
