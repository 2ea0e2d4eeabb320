import { data, redirect } from "react-router";
import { ReportRangeForm } from "~/components/seller/reports/report-range-form";
import { ReportView } from "~/components/seller/reports/report-views";
import { SectionTabs } from "~/components/seller/section-tabs";
import { requireSeller } from "~/http/auth-guard.server";
import { pageMeta } from "~/lib/seo";
import { formatShopDate, shopDayNoon } from "~/lib/shop-time";
import { getReport } from "~/modules/reports/get-report.server";
import { isReportName, REPORTS, reportTitle } from "~/modules/reports/report-names";
import { rangeQuery, readReportRange } from "~/modules/reports/report-range";
import { reportTable } from "~/modules/reports/report-tables";
import type { Route } from "./+types/reports";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta({
    matches,
    title: `${isReportName(params.name) ? reportTitle(params.name) : "Reports"} · Reports`,
    description: "Profit, sales, cities, channels, codes and stock over a date range.",
    path: "/seller/reports",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** GET /seller/reports/{name}?range=|from=&to=; /seller/reports opens Profit with the same range. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const url = new URL(request.url);
  if (!params.name) throw redirect(`/seller/reports/profit${url.search}`);
  if (!isReportName(params.name)) throw data("There is no report by that name.", { status: 404 });
  const now = new Date();
  const read = readReportRange(url.searchParams, now);
  if (!read.ok)
    return data(
      { name: params.name, range: null, refusal: { fields: read.fields, values: read.values }, report: null },
      { status: 400 },
    );
  return {
    name: params.name,
    range: read.range,
    refusal: null,
    report: await getReport(context.db, params.name, read.range, now),
  };
}

const day = (d: string) => formatShopDate(shopDayNoon(d));

export default function SellerReports({ loaderData }: Route.ComponentProps) {
  const { name, range, refusal, report } = loaderData;
  // The table is made here from the report (the CSV makes the same one), not sent twice.
  const table = report ? reportTable(report) : null;
  const query = range ? `?${rangeQuery(range)}` : "";
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div>
        <h2 className="text-xl font-semibold text-stone-900">Reports</h2>
        <p className="mt-1 text-sm text-stone-700">
          What the shop sold and earned over a range of days, in Pakistan time. Every report downloads as CSV.
        </p>
      </div>
      <SectionTabs
        label="Reports"
        tabs={REPORTS.map((r) => ({ to: `/seller/reports/${r.name}${query}`, label: r.label, end: true }))}
      />
      <ReportRangeForm range={range} refusal={refusal} />
      {report && table && range ? (
        <section aria-labelledby="report-title" className="grid min-w-0 grid-cols-1 gap-4">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h3 id="report-title" className="text-lg font-semibold text-stone-900">
              {reportTitle(name)},{" "}
              {range.from === range.to ? day(range.from) : `${day(range.from)} to ${day(range.to)}`}
            </h3>
            <a href={`/seller/reports/${name}.csv${query}`} download className="btn-secondary">
              Download CSV
            </a>
          </div>
          <ReportView report={report} table={table} />
        </section>
      ) : (
        <p className="text-sm text-stone-700">Choose the dates again to see the report.</p>
      )}
    </div>
  );
}
