import { Stat } from "~/components/seller/stat";
import { lazy, Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { CashWithCouriers } from "~/components/shipping/cash-with-couriers";
import { StatusBadge } from "~/components/ui/status-badge";
import { requireSeller } from "~/http/auth-guard.server";
import { formatPkr } from "~/lib/money";
import { pageMeta } from "~/lib/seo";
import { formatShopWeekdayDayMonth, shopDayNoon } from "~/lib/shop-time";
import { useHydrated } from "~/components/ui/use-hydrated";
import { moreItemsText } from "~/modules/orders/more-items";
import { getSellerOverview } from "~/flows/get-seller-overview.server";
import type { Route } from "./+types/dashboard";

// recharts loads only here, after hydration, in its own chunk (see overview-charts.tsx).
const charts = () => import("~/components/seller/overview-charts");
const DailyChart = lazy(() => charts().then((m) => ({ default: m.DailyChart })));
const TopProductsChart = lazy(() => charts().then((m) => ({ default: m.TopProductsChart })));
const CitiesChart = lazy(() => charts().then((m) => ({ default: m.CitiesChart })));

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Seller Dashboard",
    description: "Run the shop: revenue, orders and products at a glance.",
    path: "/seller-dashboard",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  return getSellerOverview(context);
}

const CHANNEL_LABELS = { web: "Website", phone: "Phone", whatsapp: "WhatsApp", instagram: "Instagram" } as const;
const shortDay = (day: string) => formatShopWeekdayDayMonth(shopDayNoon(day));

export default function SellerDashboard({ loaderData }: Route.ComponentProps) {
  const { stats, channels, recentOrders, daily, topProducts, cities, cashWithCouriers, discounts, returns } =
    loaderData;
  const channelTotal = channels.reduce((sum, c) => sum + c.revenue, 0);
  const period = `last ${daily.length} days`;
  const periodRevenue = daily.reduce((sum, d) => sum + d.revenue, 0);
  const periodOrders = daily.reduce((sum, d) => sum + d.orders, 0);

  return (
    <div className="grid gap-8">
      <section aria-labelledby="overview-title">
        <h2 id="overview-title" className="text-xl font-semibold text-stone-900">
          Overview
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
          <Stat
            label="Total Revenue"
            value={formatPkr(stats.totalRevenue)}
            note="Delivered orders, less refunds"
            strong
          />
          <Stat label="COD outstanding" value={formatPkr(stats.codOutstanding)} note="Shipped, not yet delivered" />
          <Stat label="Pending value" value={formatPkr(stats.pendingValue)} note="Not yet shipped" />
          <Stat label="Total Orders" value={stats.totalOrders.toLocaleString("en-PK")} />
          <Stat
            label="Pending Orders"
            value={stats.pendingOrders.toLocaleString("en-PK")}
            note="Waiting for confirmation"
          />
          <Stat label="Products" value={stats.products.toLocaleString("en-PK")} note="Not archived" />
        </dl>
        <div className="mt-4 grid gap-4 xl:grid-cols-2">
          <CashWithCouriers
            rows={cashWithCouriers}
            more={{ to: "/seller/shipping/discrepancies", label: "Settlement discrepancies" }}
          />
          <section aria-labelledby="discounts-given-title" className="rounded-xl border border-stone-200 bg-white p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id="discounts-given-title" className="text-base font-semibold text-stone-900">
                Discount codes ({period})
              </h3>
              <Link to="/seller/discounts" className="text-sm font-medium text-brand-700 underline">
                Discounts
              </Link>
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-3">
              <div>
                <dt className="text-sm text-stone-700">Discounts given</dt>
                <dd className="text-xl font-semibold text-stone-900">{formatPkr(discounts.given)}</dd>
              </div>
              <div>
                <dt className="text-sm text-stone-700">Orders with a code</dt>
                <dd className="text-xl font-semibold text-stone-900">{discounts.orders.toLocaleString("en-PK")}</dd>
              </div>
            </dl>
          </section>
          <section
            aria-labelledby="returns-figures-title"
            className="rounded-xl border border-stone-200 bg-white p-4"
            data-testid="returns-figures"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id="returns-figures-title" className="text-base font-semibold text-stone-900">
                Returns &amp; exchanges ({period})
              </h3>
              <Link to="/seller/returns" className="text-sm font-medium text-brand-700 underline">
                Returns
              </Link>
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
              <div>
                <dt className="text-sm text-stone-700">Requests</dt>
                <dd className="text-xl font-semibold text-stone-900" data-testid="returns-requests">
                  {returns.requests.toLocaleString("en-PK")}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-stone-700">Exchanges</dt>
                <dd className="text-xl font-semibold text-stone-900" data-testid="returns-exchanges">
                  {returns.exchanges.toLocaleString("en-PK")}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-stone-700">Returns</dt>
                <dd className="text-xl font-semibold text-stone-900" data-testid="returns-returns">
                  {returns.returns.toLocaleString("en-PK")}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-stone-700">Damaged units</dt>
                <dd className="text-xl font-semibold text-stone-900" data-testid="returns-damaged">
                  {returns.damaged.toLocaleString("en-PK")}
                </dd>
              </div>
            </dl>
            {returns.topReasons.length > 0 && (
              <>
                <h4 className="mt-3 text-sm font-semibold text-stone-900">Top reasons</h4>
                <ol className="mt-1 grid gap-0.5 text-sm" data-testid="returns-top-reasons">
                  {returns.topReasons.map((r) => (
                    <li key={r.reason} className="flex justify-between gap-3">
                      <span>{r.label}</span>
                      <span className="font-medium">{r.count}</span>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </section>
        </div>
      </section>

      <section aria-labelledby="recent-title">
        <div className="flex items-center justify-between gap-4">
          <h3 id="recent-title" className="text-lg font-semibold text-stone-900">
            Recent Orders
          </h3>
          <Link to="/seller/orders" className="font-medium text-brand-700 underline">
            View All
          </Link>
        </div>
        {recentOrders.length === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-6 text-center text-stone-700">
            No orders yet
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
            {recentOrders.map((o) => (
              <li
                key={o.id}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-4 py-3 sm:grid-cols-[6rem_minmax(0,1fr)_auto_6rem]"
              >
                <span className="min-w-0 sm:order-2">
                  <span className="block truncate font-medium text-stone-900">{o.customerName}</span>
                  <span className="block truncate text-sm text-stone-600">
                    {o.items.map((item) => `${item.quantity} x ${item.name}`).join(", ")}
                    {o.moreItems > 0 && ` ${moreItemsText(o.moreItems)}`}
                  </span>
                </span>
                <span className="text-right font-semibold text-stone-900 sm:order-3">{formatPkr(o.total)}</span>
                <span className="font-mono text-sm text-stone-600 sm:order-1">#{o.id.slice(-8)}</span>
                <span className="text-right sm:order-4">
                  <StatusBadge status={o.status} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="channels-title">
        <h3 id="channels-title" className="text-lg font-semibold text-stone-900">
          Revenue by channel
        </h3>
        <ul className="mt-3 grid gap-3 rounded-xl border border-stone-200 bg-white p-4">
          {channels.map((c) => {
            const share = channelTotal > 0 ? Math.round((c.revenue / channelTotal) * 100) : 0;
            return (
              <li key={c.channel} className="grid gap-1">
                <div className="flex justify-between gap-2 text-sm">
                  <span className="font-medium text-stone-900">{CHANNEL_LABELS[c.channel]}</span>
                  <span className="text-stone-700">
                    {formatPkr(c.revenue)} · {c.orders} {c.orders === 1 ? "order" : "orders"} · {share}%
                  </span>
                </div>
                <div className="h-2 rounded-full bg-stone-100" aria-hidden>
                  <div className="h-2 rounded-full bg-brand-600" style={{ width: `${share}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <ChartFigure
        id="daily"
        title={`Revenue and orders per day (${period})`}
        summary={`${formatPkr(periodRevenue)} delivered and ${periodOrders} ${periodOrders === 1 ? "order" : "orders"} placed in the ${period}. Revenue counts on the day an order is delivered; orders on the day they are placed.`}
        chart={<DailyChart data={daily} />}
        height="h-64"
      >
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-brand-700">Show the figures per day</summary>
          <section className="mt-2 max-h-80 overflow-auto" tabIndex={0} aria-label="Figures per day">
            <table className="w-full text-left">
              <caption className="sr-only">Revenue and orders per day</caption>
              <thead className="sticky top-0 bg-white text-stone-700">
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    Day
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right">
                    Orders
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Revenue
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {[...daily].reverse().map((d) => (
                  <tr key={d.day}>
                    <th scope="row" className="py-1 pr-3 font-normal">
                      {shortDay(d.day)}
                    </th>
                    <td className="py-1 pr-3 text-right">{d.orders}</td>
                    <td className="py-1 text-right">{formatPkr(d.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </details>
      </ChartFigure>

      <div className="grid gap-8 xl:grid-cols-2">
        <ChartFigure
          id="top-products"
          title={`Top 5 products by units sold (${period})`}
          summary={
            topProducts.length === 0
              ? "No products sold in this period."
              : "Cancelled and returned orders are left out."
          }
          chart={topProducts.length > 0 ? <TopProductsChart data={topProducts} /> : null}
          height="h-56"
        >
          {topProducts.length > 0 && (
            <ol className="mt-3 grid gap-1 text-sm">
              {topProducts.map((p, i) => (
                <li key={p.productId ?? p.name} className="flex justify-between gap-3">
                  <span className="min-w-0 truncate">
                    {i + 1}. {p.name}
                  </span>
                  <span className="shrink-0 font-medium">{p.units} sold</span>
                </li>
              ))}
            </ol>
          )}
        </ChartFigure>
        <ChartFigure
          id="cities"
          title={`Orders by city (${period})`}
          summary={
            cities.length === 0
              ? "No orders in this period."
              : `The ${cities.length === 1 ? "city" : `${cities.length} cities`} with the most orders.`
          }
          chart={cities.length > 0 ? <CitiesChart data={cities} /> : null}
          height="h-56"
        >
          {cities.length > 0 && (
            <ol className="mt-3 grid gap-1 text-sm">
              {cities.map((c) => (
                <li key={c.city} className="flex justify-between gap-3">
                  <span>{c.city}</span>
                  <span className="font-medium">
                    {c.orders} {c.orders === 1 ? "order" : "orders"}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </ChartFigure>
      </div>
    </div>
  );
}

/** A chart with its title and a text alternative that works without JavaScript. */
function ChartFigure({
  id,
  title,
  summary,
  chart,
  height,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  chart: ReactNode | null;
  height: string;
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <figure aria-labelledby={`${id}-title`} className="min-w-0 rounded-xl border border-stone-200 bg-white p-4">
      <figcaption>
        <h3 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
          {title}
        </h3>
        <p className="mt-1 text-sm text-stone-700">{summary}</p>
      </figcaption>
      {chart && (
        // The chart repeats the figures below for the eye; screen readers get the text instead. Its
        // box keeps its height before recharts arrives, so nothing jumps when it does.
        <div className={`mt-3 ${height} noscript:hidden`} aria-hidden data-testid={`${id}-chart`}>
          {hydrated && <Suspense fallback={null}>{chart}</Suspense>}
        </div>
      )}
      {children}
    </figure>
  );
}
