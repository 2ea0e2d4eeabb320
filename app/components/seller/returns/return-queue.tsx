import { Link } from "react-router";
import { formatShopDate } from "~/lib/shop-time";
import type { ReturnQueuePage, ReturnQueueRow } from "~/modules/returns/list-return-queue.server";
import {
  RETURN_QUEUE_FILTER_LABELS,
  RETURN_QUEUE_FILTERS,
  type ReturnQueueFilter,
} from "~/modules/returns/return-queue";
import { kindSummary, RETURN_REASON_LABELS } from "~/modules/returns/return-rules";
import { RETURN_STAGE_BADGES } from "./return-words";

/** The queue's link for a filter and page (page 1 left out). */
export function returnQueueHref(filter: ReturnQueueFilter, page = 1): string {
  const params = new URLSearchParams({ status: filter });
  if (page > 1) params.set("page", String(page));
  return `/seller/returns?${params}`;
}

/**
 * The queue's filters with their counts: links (the filter lives in the URL and works without
 * JavaScript). On a phone one row of chips that scrolls sideways, like the Orders tab's.
 */
export function ReturnQueueTabs({ counts, active }: { counts: ReturnQueuePage["counts"]; active: ReturnQueueFilter }) {
  return (
    <nav aria-label="Return requests by state" className="min-w-0">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 py-0.5 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 [&::-webkit-scrollbar]:hidden">
        {RETURN_QUEUE_FILTERS.map((filter) => (
          <li key={filter} className="shrink-0">
            <Link
              to={returnQueueHref(filter)}
              aria-current={active === filter ? "page" : undefined}
              className={`flex min-h-10 items-center gap-2 whitespace-nowrap rounded-full border bg-white py-1 pl-3 pr-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50 ${
                active === filter ? "border-brand-700 ring-2 ring-brand-700/30" : "border-stone-200"
              }`}
            >
              {RETURN_QUEUE_FILTER_LABELS[filter]}
              <span
                className="rounded-full bg-stone-100 px-2 text-xs font-bold text-stone-900"
                data-testid={`return-count-${filter}`}
              >
                {counts[filter]}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function StageBadge({ row }: { row: ReturnQueueRow }) {
  return (
    <span
      data-testid="return-stage"
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${RETURN_STAGE_BADGES[row.stage]}`}
    >
      {RETURN_QUEUE_FILTER_LABELS[row.stage]}
    </span>
  );
}

const itemsOf = (row: ReturnQueueRow) =>
  kindSummary([
    { kind: "exchange", quantity: row.exchangeCount },
    { kind: "return", quantity: row.returnCount },
  ]) || "No items";
const photosOf = (n: number) => (n === 0 ? "No photos" : `${n} ${n === 1 ? "photo" : "photos"}`);

/**
 * A page of requests: a table from `lg` up (every column in view), cards below it. Both are in the
 * HTML; CSS shows one (the other is display: none, so neither screen readers nor tests meet it twice).
 */
export function ReturnQueueList({ rows }: { rows: ReturnQueueRow[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-stone-200 bg-white lg:block">
        <table className="w-full text-left text-sm" data-testid="return-queue-table">
          <caption className="sr-only">Return requests</caption>
          <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                Request
              </th>
              <th scope="col" className="px-3 py-2">
                Order
              </th>
              <th scope="col" className="px-3 py-2">
                Buyer
              </th>
              <th scope="col" className="px-3 py-2">
                Date
              </th>
              <th scope="col" className="px-3 py-2">
                Reason
              </th>
              <th scope="col" className="px-3 py-2">
                Items
              </th>
              <th scope="col" className="px-3 py-2">
                Photos
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((row) => (
              <tr key={row.id} data-testid="return-row">
                <th scope="row" className="px-3 py-2 font-semibold">
                  <Link to={`/seller/returns/${row.id}`} className="text-brand-700 underline">
                    {row.returnNumber}
                  </Link>
                </th>
                <td className="px-3 py-2">
                  <Link to={`/orders/${row.orderId}`} className="text-brand-700 underline">
                    {row.orderNumber}
                  </Link>
                  {row.replacement && (
                    <span className="block text-xs text-stone-600">Replacement {row.replacement.orderNumber}</span>
                  )}
                </td>
                <td className="max-w-48 break-words px-3 py-2">{row.buyerName}</td>
                <td className="whitespace-nowrap px-3 py-2">{formatShopDate(row.createdAt)}</td>
                <td className="px-3 py-2">{RETURN_REASON_LABELS[row.reason]}</td>
                <td className="px-3 py-2">{itemsOf(row)}</td>
                <td className="whitespace-nowrap px-3 py-2">{photosOf(row.photoCount)}</td>
                <td className="px-3 py-2">
                  <StageBadge row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 lg:hidden" data-testid="return-queue-cards">
        {rows.map((row) => (
          <li key={row.id} data-testid="return-card" className="rounded-2xl border border-stone-200 bg-white p-4">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <Link to={`/seller/returns/${row.id}`} className="font-semibold text-brand-700 underline">
                {row.returnNumber}
              </Link>
              <StageBadge row={row} />
            </div>
            <p className="mt-1 break-words text-sm text-stone-800">
              {row.buyerName} ·{" "}
              <Link to={`/orders/${row.orderId}`} className="text-brand-700 underline">
                {row.orderNumber}
              </Link>
              {row.replacement && <> · Replacement {row.replacement.orderNumber}</>}
            </p>
            <p className="text-sm text-stone-700">
              {RETURN_REASON_LABELS[row.reason]} · {itemsOf(row)} · {photosOf(row.photoCount)}
            </p>
            <p className="text-xs text-stone-600">{formatShopDate(row.createdAt)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Previous / next pages, in the URL. */
export function ReturnQueuePagination({
  filter,
  page,
  pageCount,
  total,
  pageSize,
}: {
  filter: ReturnQueueFilter;
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
}) {
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <nav aria-label="Pages of return requests" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-stone-700">
        Showing {first}–{last} of {total} {total === 1 ? "request" : "requests"}
      </p>
      <div className="flex items-center gap-2">
        {page > 1 && (
          <Link to={returnQueueHref(filter, page - 1)} className="btn-secondary max-sm:py-1.5" rel="prev">
            Previous
          </Link>
        )}
        <span className="text-stone-700">
          Page {page} of {pageCount}
        </span>
        {page < pageCount && (
          <Link to={returnQueueHref(filter, page + 1)} className="btn-secondary max-sm:py-1.5" rel="next">
            Next
          </Link>
        )}
      </div>
    </nav>
  );
}
