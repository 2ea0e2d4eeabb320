import { useId } from "react";
import { Link } from "react-router";
import { formatPkr } from "~/lib/money";
import type { DeliveryRates as Rates, RateRow } from "~/modules/shipping/settlements/delivery-rates.server";
import { RATE_GROUPINGS, RATE_WINDOWS, ratesSearch, type RatesQuery } from "~/modules/shipping/settlements/rates-query";

const GROUPING_LABELS = { courier: "By courier", city: "By city" } as const;
const COLUMNS = [
  "Booked",
  "Delivered",
  "Returned (RTO)",
  "Delivery rate",
  "Avg days to deliver",
  "Avg cost per delivery",
] as const;

const dash = "—";
const days = (value: number | null) => (value === null ? dash : value.toFixed(1));
const percent = (value: number | null) => (value === null ? dash : `${value}%`);
const money = (value: number | null) => (value === null ? dash : formatPkr(value));

/**
 * Delivery and return rates per courier or per city over the last 30 or 90 days, with links that
 * switch the window and the grouping (`basePath?days=90&by=city`: no JavaScript needed; the page
 * reads them with readRatesQuery). A table on a laptop; on a phone each row is a small card, its
 * figures labelled.
 */
export function DeliveryRates({
  rates,
  basePath = "/seller/shipping/rates",
  title = "Delivery and return rates",
  headingLevel = 2,
}: {
  rates: Rates;
  basePath?: string;
  title?: string;
  headingLevel?: 2 | 3;
}) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const query: RatesQuery = { days: rates.days, by: rates.by };
  const switchLink = (next: RatesQuery, label: string, current: boolean) => (
    <Link
      key={label}
      to={`${basePath}${ratesSearch(next)}`}
      preventScrollReset
      aria-current={current ? "true" : undefined}
      className={`rounded-lg border px-3 py-1.5 text-sm font-medium ${current ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 bg-white text-stone-800 hover:bg-stone-50"}`}
    >
      {label}
    </Link>
  );
  return (
    <section aria-labelledby={titleId} className="grid gap-3" data-testid="delivery-rates">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={titleId} className="text-lg font-semibold text-stone-900">
          {title}
        </Heading>
        <div className="flex flex-wrap gap-2">
          <nav aria-label="Period" className="flex gap-1">
            {RATE_WINDOWS.map((d) => switchLink({ ...query, days: d }, `${d} days`, d === rates.days))}
          </nav>
          <nav aria-label="Group by" className="flex gap-1">
            {RATE_GROUPINGS.map((by) => switchLink({ ...query, by }, GROUPING_LABELS[by], by === rates.by))}
          </nav>
        </div>
      </div>
      <p className="text-sm text-stone-700">
        Parcels booked in the last {rates.days} days. Delivery rate = delivered ÷ (delivered + returned); parcels still
        on the way count in neither.
      </p>
      {rates.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-stone-50 p-6 text-center text-stone-700">
          No parcels booked in the last {rates.days} days.
        </p>
      ) : (
        <table className="w-full text-left text-sm max-sm:block">
          <caption className="sr-only">
            {title}, {GROUPING_LABELS[rates.by].toLowerCase()}, last {rates.days} days
          </caption>
          <thead className="border-b border-stone-200 text-stone-700 max-sm:sr-only">
            <tr>
              <th scope="col" className="py-2 pr-3">
                {rates.by === "courier" ? "Courier" : "City"}
              </th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="py-2 pr-3 text-right last:pr-0">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-sm:grid max-sm:gap-2 sm:divide-y sm:divide-stone-100">
            {rates.rows.map((row) => (
              <Row key={row.label} row={row} />
            ))}
          </tbody>
          {rates.total && (
            <tfoot className="border-t-2 border-stone-200 font-semibold max-sm:mt-2 max-sm:block">
              <Row row={rates.total} />
            </tfoot>
          )}
        </table>
      )}
    </section>
  );
}

function Row({ row }: { row: RateRow }) {
  const cells = [
    String(row.booked),
    String(row.delivered),
    String(row.returned),
    percent(row.deliveryRate),
    days(row.avgDaysToDeliver),
    money(row.avgCostPerDelivered),
  ];
  return (
    <tr
      data-testid="rate-row"
      className="max-sm:grid max-sm:grid-cols-3 max-sm:gap-x-3 max-sm:gap-y-1 max-sm:rounded-xl max-sm:border max-sm:border-stone-200 max-sm:bg-white max-sm:p-3"
    >
      <th scope="row" className="py-2 pr-3 text-left font-semibold text-stone-900 max-sm:col-span-3 max-sm:py-0">
        {row.label}
        {row.deliveryRate !== null && (
          <span className="mt-1 block h-1.5 w-full max-w-32 rounded-full bg-red-100" aria-hidden>
            <span className="block h-1.5 rounded-full bg-emerald-600" style={{ width: `${row.deliveryRate}%` }} />
          </span>
        )}
      </th>
      {cells.map((value, i) => (
        <td
          key={COLUMNS[i]}
          className="py-2 pr-3 text-right tabular-nums last:pr-0 max-sm:py-0 max-sm:pr-0 max-sm:text-left"
        >
          <span className="block text-xs font-normal text-stone-600 sm:hidden">{COLUMNS[i]}</span>
          {value}
        </td>
      ))}
    </tr>
  );
}
