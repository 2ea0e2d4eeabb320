import { Stat } from "~/components/seller/stat";
import { lazy, Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { formatPkr } from "~/lib/money";
import { formatShopDate } from "~/lib/shop-time";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { Report } from "~/modules/reports/get-report.server";
import { rangeQuery } from "~/modules/reports/report-range";
import { channelLabel, type ReportTable } from "~/modules/reports/report-tables";
import { ReportTableView } from "./report-table";

// recharts loads only on these pages, after hydration, in its own chunk.
const charts = () => import("./report-charts");
const ProfitChart = lazy(() => charts().then((m) => ({ default: m.ProfitChart })));
const LabelBarsChart = lazy(() => charts().then((m) => ({ default: m.LabelBarsChart })));

const count = new Intl.NumberFormat("en-PK");
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

/** The body of one report: its figures, its chart where one helps, its table (the CSV's rows). */
export function ReportView({ report, table }: { report: Report; table: ReportTable }) {
  switch (report.name) {
    case "profit":
      return <ProfitView report={report} table={table} />;
    case "products":
      return <ProductsView report={report} table={table} />;
    case "variants":
      return (
        <>
          <Note>
            Items of the orders placed in the range that were not cancelled or returned, at the price they sold for.
            Stock is what is on hand now.
          </Note>
          <ReportTableView table={table} id="report" />
        </>
      );
    case "cities":
    case "channels":
    case "codes":
      return <BreakdownView report={report} table={table} />;
    case "inventory":
      return <InventoryView report={report} table={table} />;
  }
}

function ProfitView({ report, table }: { report: Extract<Report, { name: "profit" }>; table: ReportTable }) {
  const { parts, parcels, uncosted } = report;
  const step = report.step === "week" ? "week" : "day";
  return (
    <>
      <dl className="grid min-w-0 grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <Stat
          label="Revenue"
          value={formatPkr(report.revenue)}
          note={`${plural(parts.deliveredOrders, "order", "orders")} delivered`}
        />
        <Stat label="Cost of goods" value={formatPkr(parts.costOfGoods)} />
        <Stat
          label="Courier charges"
          value={formatPkr(parts.courierCharges)}
          note={plural(parcels.delivered + parcels.returned, "parcel", "parcels")}
        />
        <Stat label="Profit" value={formatPkr(report.profit)} strong />
      </dl>
      {uncosted.orders > 0 && (
        <div
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          data-testid="uncosted-orders"
        >
          <p className="font-semibold">
            {uncosted.orders === 1 ? "1 order has" : `${count.format(uncosted.orders)} orders have`} items without a
            cost: their cost is not in Cost of goods.
          </p>
          <p className="mt-1">
            Their revenue: {formatPkr(uncosted.revenue)}. Set a cost price on the product to count such items from now
            on.
          </p>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
            {uncosted.named.map((o) => (
              <li key={o.orderNumber}>
                <Link to={`/seller/orders?q=${encodeURIComponent(o.orderNumber)}`} className="font-medium underline">
                  {o.orderNumber}
                </Link>{" "}
                {formatPkr(o.revenue)}
              </li>
            ))}
            {uncosted.orders > uncosted.named.length && (
              <li>and {count.format(uncosted.orders - uncosted.named.length)} more</li>
            )}
          </ul>
        </div>
      )}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <section aria-labelledby="waterfall-title" className="rounded-xl border border-stone-200 bg-white p-4">
          <h4 id="waterfall-title" className="text-base font-semibold text-stone-900">
            From sales to profit
          </h4>
          <table className="mt-2 w-full text-sm" data-testid="profit-waterfall">
            <caption className="sr-only">Profit, line by line</caption>
            <tbody>
              {report.lines.map((line) => (
                <tr
                  key={line.key}
                  className={
                    line.kind === "plus" || line.kind === "minus"
                      ? ""
                      : "border-t border-stone-300 font-semibold text-stone-900"
                  }
                >
                  <th scope="row" className="py-1.5 pr-3 text-left font-[inherit]">
                    {line.kind === "minus" ? `Less ${line.label.toLowerCase()}` : line.label}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">
                    {line.kind === "minus" ? `− ${formatPkr(line.amount)}` : formatPkr(line.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-xs text-stone-700">
            Orders delivered in the range, on their delivery day (as the Overview counts revenue). Store credit spent is
            revenue, so it is not taken off. Cost of goods is each item&apos;s cost when it was ordered, less pieces
            that came back resellable.
          </p>
          <p className="mt-2 text-xs text-stone-700" data-testid="courier-charges-note">
            Courier charges: {plural(parcels.delivered, "parcel", "parcels")} delivered (
            {formatPkr(parcels.deliveredCharges)}) and {plural(parcels.returned, "parcel", "parcels")} returned (
            {formatPkr(parcels.returnedCharges)}, no revenue); {plural(parcels.fromFiles, "charge", "charges")} from
            settlement files, {plural(parcels.estimates, "rate-card estimate", "rate-card estimates")}.
          </p>
          <TaxWithheldLine report={report} />
        </section>
        <ChartFigure
          id="profit-chart"
          title={`Revenue and profit per ${step}`}
          summary={`${formatPkr(report.revenue)} revenue and ${formatPkr(report.profit)} profit over ${plural(report.range.days, "day", "days")}; the table below gives every ${step}.`}
          chart={<ProfitChart data={report.series} />}
        />
      </div>
      <ReportTableView table={table} id="report" />
    </>
  );
}

/**
 * Tax withheld by couriers, beside the waterfall and not in it: tax paid in advance on the shop's
 * behalf, claimed back by its accountant, so not a cost (modules/reports/profit-waterfall.ts).
 */
function TaxWithheldLine({ report }: { report: Extract<Report, { name: "profit" }> }) {
  const tax = report.taxWithheld;
  return (
    <div className="mt-4 border-t border-stone-200 pt-3" data-testid="tax-withheld">
      <table className="w-full text-sm">
        <caption className="pb-1 text-left font-semibold text-stone-900">Tax withheld by couriers</caption>
        <tbody>
          <tr>
            <th scope="row" className="py-1 pr-3 text-left font-normal">
              Income tax
            </th>
            <td className="py-1 text-right tabular-nums">{formatPkr(tax.incomeTax)}</td>
          </tr>
          <tr>
            <th scope="row" className="py-1 pr-3 text-left font-normal">
              Sales tax
            </th>
            <td className="py-1 text-right tabular-nums">{formatPkr(tax.salesTax)}</td>
          </tr>
          <tr className="border-t border-stone-300 font-semibold text-stone-900">
            <th scope="row" className="py-1 pr-3 text-left font-[inherit]">
              Tax withheld by couriers
            </th>
            <td className="py-1 text-right tabular-nums">{formatPkr(tax.total)}</td>
          </tr>
        </tbody>
      </table>
      <p className="mt-2 text-xs text-stone-700">
        {tax.settlements === 0
          ? "No courier paid you in these days."
          : `From ${plural(tax.settlements, "courier payment", "courier payments")} in these days: COD collected ${formatPkr(tax.collected)}, less courier charges ${formatPkr(tax.charges)} and this tax; paid to you ${formatPkr(tax.paid)}.`}{" "}
        Not a cost, so profit above is not lowered by it: it is tax paid in advance for the shop, which your accountant
        claims against its income tax and sales tax returns.
      </p>
      <a
        href={`/seller/reports/tax-withheld.csv?${rangeQuery(report.range)}`}
        download
        className="mt-2 inline-flex min-h-10 items-center text-sm font-medium text-brand-700 underline"
      >
        Monthly CSV for your accountant
      </a>
    </div>
  );
}

function ProductsView({
  report,
  table,
}: {
  report: Extract<Report, { name: "products" | "variants" }>;
  table: ReportTable;
}) {
  const top = report.products.slice(0, 10);
  return (
    <>
      <Note>
        Items of the orders placed in the range that were not cancelled or returned, at the price they sold for; share
        is of the range&apos;s sales ({formatPkr(report.sales)}, {plural(report.units, "unit", "units")}).
      </Note>
      {top.length > 0 && (
        <ChartFigure
          id="products-chart"
          title="Top products by sales"
          summary={`The ${plural(top.length, "product", "products")} that sold most; every product is in the table.`}
          chart={<LabelBarsChart data={top.map((p) => ({ label: p.name, value: p.sales }))} valueName="Sales" money />}
        />
      )}
      <ReportTableView table={table} id="report" />
      {report.products.length > 0 && (
        <section aria-labelledby="size-curves-title" className="rounded-xl border border-stone-200 bg-white p-4">
          <h4 id="size-curves-title" className="text-base font-semibold text-stone-900">
            Size curves
          </h4>
          <p className="mt-1 text-sm text-stone-700">
            Units sold per size in the size set&apos;s order; a size is sold out when every colour of it is at 0 now.
          </p>
          <ul className="mt-3 grid gap-4 md:grid-cols-2" data-testid="size-curves">
            {report.products.slice(0, 40).map((p) => {
              const most = Math.max(1, ...p.sizes.map((s) => s.units));
              return (
                <li key={p.productId ?? p.name} className="min-w-0">
                  <p className="truncate text-sm font-medium text-stone-900">{p.name}</p>
                  <ul className="mt-1 grid gap-1 text-sm">
                    {p.sizes.map((s) => (
                      <li key={s.size} className="grid grid-cols-[3.5rem_minmax(0,1fr)_auto] items-center gap-2">
                        <span>{s.size}</span>
                        <span className="h-2 rounded-full bg-stone-100" aria-hidden>
                          <span
                            className="block h-2 rounded-full bg-brand-600"
                            style={{ width: `${Math.round((s.units / most) * 100)}%` }}
                          />
                        </span>
                        <span className="whitespace-nowrap tabular-nums">
                          {count.format(s.units)}
                          {s.soldOut && (
                            <span className="ml-1 rounded bg-red-50 px-1.5 text-xs font-semibold text-red-800">
                              sold out
                            </span>
                          )}
                        </span>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </>
  );
}

function BreakdownView({
  report,
  table,
}: {
  report: Extract<Report, { name: "cities" | "channels" | "codes" }>;
  table: ReportTable;
}) {
  const label = (key: string) => (report.by === "channel" ? channelLabel(key) : key);
  const chartRows = report.rows.filter((r) => r.orders > 0).slice(0, 10);
  return (
    <>
      <Note>
        Orders placed in the range{report.by === "code" ? " with a discount code" : ""}, whatever became of them. Return
        rate is returned or refused out of delivered plus returned; revenue is those orders&apos; delivered revenue
        (Profit counts revenue on the delivery day instead); discount given leaves out cancelled and returned orders.
      </Note>
      {report.by !== "code" && chartRows.length > 0 && (
        <ChartFigure
          id="breakdown-chart"
          title={report.by === "city" ? "Orders by city" : "Revenue by channel"}
          summary={
            report.by === "city"
              ? `The ${plural(chartRows.length, "city", "cities")} with the most orders; every city is in the table.`
              : "Every channel's revenue is in the table."
          }
          chart={
            report.by === "city" ? (
              <LabelBarsChart
                data={chartRows.map((r) => ({ label: label(r.key), value: r.orders }))}
                valueName="Orders"
              />
            ) : (
              <LabelBarsChart
                data={report.rows.map((r) => ({ label: label(r.key), value: r.revenue }))}
                valueName="Revenue"
                money
              />
            )
          }
        />
      )}
      <ReportTableView table={table} id="report" />
      {report.name === "channels" && (
        <Note>
          Website orders by where the buyer first came from in the 30 days before ordering: a link with utm_source
          (Instagram bio, ads, WhatsApp broadcasts), a Facebook ad click, or another site. Direct: none of them (a typed
          address, a bookmark, a link without a source). Not recorded: placed before sources were kept. Delivery rate is
          delivered out of delivered plus returned or refused.
        </Note>
      )}
      {table.more?.map((more, i) => (
        <ReportTableView key={more.caption} table={more} id={["sources", "campaigns"][i] ?? `more-${i}`} />
      ))}
    </>
  );
}

function InventoryView({ report, table }: { report: Extract<Report, { name: "inventory" }>; table: ReportTable }) {
  const { totals } = report;
  return (
    <>
      <dl className="grid min-w-0 grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <Stat label="Units on hand" value={count.format(totals.onHand)} />
        <Stat label="Value at cost" value={formatPkr(totals.valueAtCost)} strong />
        <Stat
          label="Units without a cost"
          value={count.format(totals.uncostedUnits)}
          note={`${plural(totals.uncostedVariants, "variant", "variants")}, not in the value`}
        />
        <Stat
          label="Sell-through"
          value={totals.sellThrough === null ? "–" : `${totals.sellThrough.toFixed(1)}%`}
          note="Sold in the range / (sold + on hand)"
        />
      </dl>
      <Note>
        Stock is what is on hand now. Days of cover: on hand divided by the units sold per day over the last 30 days.
      </Note>
      <ReportTableView table={table} id="report" />
      <section aria-labelledby="no-sale-title" className="rounded-xl border border-stone-200 bg-white p-4">
        <h4 id="no-sale-title" className="text-base font-semibold text-stone-900">
          No sale in 60 days
        </h4>
        {report.noSale.length === 0 ? (
          <p className="mt-1 text-sm text-stone-700">Every product sold in the last 60 days.</p>
        ) : (
          <ul className="mt-2 grid gap-1 text-sm" data-testid="no-sale">
            {report.noSale.map((p) => (
              <li key={p.productId} className="flex justify-between gap-3">
                <Link
                  to={`/seller/products/${encodeURIComponent(p.productId)}/edit`}
                  className="min-w-0 truncate font-medium text-brand-700 underline"
                >
                  {p.name}
                </Link>
                <span className="shrink-0 text-stone-700">
                  {count.format(p.onHand)} on hand ·{" "}
                  {p.lastSoldAt ? `last sold ${formatShopDate(p.lastSoldAt)}` : "never sold"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Note({ children }: { children: ReactNode }) {
  return <p className="text-sm text-stone-700">{children}</p>;
}

/** A chart with its title and summary; the table on the page is its text equivalent (the chart is hidden from screen readers). */
function ChartFigure({ id, title, summary, chart }: { id: string; title: string; summary: string; chart: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <figure aria-labelledby={`${id}-title`} className="min-w-0 rounded-xl border border-stone-200 bg-white p-4">
      <figcaption>
        <h4 id={`${id}-title`} className="text-base font-semibold text-stone-900">
          {title}
        </h4>
        <p className="mt-1 text-sm text-stone-700">{summary}</p>
      </figcaption>
      <div className="mt-3 h-64 noscript:hidden" aria-hidden data-testid={id}>
        {hydrated && <Suspense fallback={null}>{chart}</Suspense>}
      </div>
    </figure>
  );
}
