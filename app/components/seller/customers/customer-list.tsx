import { Link } from "react-router";
import { formatPrice } from "~/lib/money";
import { formatPakistaniMobile } from "~/lib/phone";
import { formatShopDate } from "~/lib/shop-time";
import {
  CUSTOMER_SORT_LABELS,
  customerQueryString,
  defaultDirection,
  type CustomerQuery,
  type CustomerSort,
} from "~/modules/customers/customer-query";
import type { CustomerRow } from "~/modules/customers/list-customers.server";

export const CUSTOMERS_PATH = "/seller/customers";

/** The list's link for a filter (page 1 left out). */
export function customersHref(query: Partial<CustomerQuery>): string {
  const text = customerQueryString(query);
  return text ? `${CUSTOMERS_PATH}?${text}` : CUSTOMERS_PATH;
}

export const deliveryRateText = (rate: number | null) => (rate === null ? "—" : `${rate} %`);

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1">
      <li className="sr-only">Tags:</li>
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-800">
          {tag}
        </li>
      ))}
    </ul>
  );
}

/** A column heading that sorts: a link (works without JavaScript), the current sort marked for screen readers. */
function SortHeader({ query, sort, className = "" }: { query: CustomerQuery; sort: CustomerSort; className?: string }) {
  const active = query.sort === sort;
  const dir = active ? (query.dir === "asc" ? "desc" : "asc") : defaultDirection(sort);
  return (
    <th
      scope="col"
      className={`px-3 py-2 ${className}`}
      aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link
        to={customersHref({ ...query, sort, dir, page: 1 })}
        className="inline-flex items-center gap-1 underline-offset-2 hover:underline"
      >
        {CUSTOMER_SORT_LABELS[sort]}
        {active && <span aria-hidden="true">{query.dir === "asc" ? "▲" : "▼"}</span>}
      </Link>
    </th>
  );
}

/**
 * A page of customers: a table from `lg` up (every figure in view, headings sort), cards below it.
 * Both are in the HTML; CSS shows one (the other is display: none).
 */
export function CustomerList({ rows, query }: { rows: CustomerRow[]; query: CustomerQuery }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-stone-200 bg-white lg:block">
        <table className="w-full text-left text-sm" data-testid="customer-table">
          <caption className="sr-only">Customers</caption>
          <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
            <tr>
              <SortHeader query={query} sort="name" />
              <th scope="col" className="px-3 py-2">
                Phone
              </th>
              <SortHeader query={query} sort="city" />
              <SortHeader query={query} sort="orders" className="text-right" />
              <SortHeader query={query} sort="delivered" className="text-right" />
              <SortHeader query={query} sort="returned" className="text-right" />
              <SortHeader query={query} sort="deliveryRate" className="text-right" />
              <SortHeader query={query} sort="lifetimeValue" className="text-right" />
              <SortHeader query={query} sort="averageOrder" className="text-right" />
              <SortHeader query={query} sort="firstOrder" />
              <SortHeader query={query} sort="lastOrder" />
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((c) => (
              <tr key={c.id} data-testid="customer-row">
                <th scope="row" className="max-w-56 px-3 py-2 font-semibold">
                  <Link to={`${CUSTOMERS_PATH}/${c.id}`} className="break-words text-brand-700 underline">
                    {c.name}
                  </Link>
                  {c.email && <span className="block break-all text-xs font-normal text-stone-600">{c.email}</span>}
                  <Tags tags={c.tags} />
                </th>
                <td className="whitespace-nowrap px-3 py-2">{formatPakistaniMobile(c.phone)}</td>
                <td className="px-3 py-2">{c.city}</td>
                <td className="px-3 py-2 text-right">{c.orders}</td>
                <td className="px-3 py-2 text-right">{c.delivered}</td>
                <td className="px-3 py-2 text-right">{c.returned}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right">{deliveryRateText(c.deliveryRate)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right">{formatPrice(c.lifetimeValue)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right">{formatPrice(c.averageOrder)}</td>
                <td className="whitespace-nowrap px-3 py-2">{formatShopDate(c.firstOrderAt)}</td>
                <td className="whitespace-nowrap px-3 py-2">{formatShopDate(c.lastOrderAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 lg:hidden" data-testid="customer-cards">
        {rows.map((c) => (
          <li key={c.id} data-testid="customer-card" className="rounded-2xl border border-stone-200 bg-white p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <Link to={`${CUSTOMERS_PATH}/${c.id}`} className="break-words font-semibold text-brand-700 underline">
                {c.name}
              </Link>
              <span className="text-sm font-semibold text-stone-900">{formatPrice(c.lifetimeValue)}</span>
            </div>
            <p className="text-sm text-stone-700">
              {formatPakistaniMobile(c.phone)} · {c.city}
            </p>
            {c.email && <p className="break-all text-xs text-stone-600">{c.email}</p>}
            <p className="mt-1 text-sm text-stone-800">
              {c.orders} {c.orders === 1 ? "order" : "orders"} · {c.delivered} delivered · {c.returned} returned · rate{" "}
              {deliveryRateText(c.deliveryRate)}
            </p>
            <p className="text-xs text-stone-600">
              Last order {formatShopDate(c.lastOrderAt)} · first {formatShopDate(c.firstOrderAt)}
            </p>
            <div className="mt-1">
              <Tags tags={c.tags} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Previous / next pages, in the URL. */
export function CustomerPagination({
  query,
  page,
  pageCount,
  total,
  pageSize,
}: {
  query: CustomerQuery;
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
}) {
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <nav aria-label="Pages of customers" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-stone-700" data-testid="customer-count">
        Showing {first}–{last} of {total} {total === 1 ? "customer" : "customers"}
      </p>
      {pageCount > 1 && (
        <div className="flex items-center gap-2">
          {page > 1 && (
            <Link to={customersHref({ ...query, page: page - 1 })} className="btn-secondary max-sm:py-1.5" rel="prev">
              Previous
            </Link>
          )}
          <span className="text-stone-700">
            Page {page} of {pageCount}
          </span>
          {page < pageCount && (
            <Link to={customersHref({ ...query, page: page + 1 })} className="btn-secondary max-sm:py-1.5" rel="next">
              Next
            </Link>
          )}
        </div>
      )}
    </nav>
  );
}
