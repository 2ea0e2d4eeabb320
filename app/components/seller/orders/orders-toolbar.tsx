import { useEffect, useId } from "react";
import { Form, Link, useFetcher } from "react-router";
import { showToast } from "~/components/ui/toaster";
import { STATUS_BADGE_CLASSES } from "~/components/ui/status-badge";
import { ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from "~/modules/orders/order-lifecycle";
import { sellerOrderSearchParams, type SellerOrderQuery } from "~/modules/orders/seller-order-query";
import type { OrdersActionResult } from "./types";

/** Count per status; each card filters the list to its status. */
export function OrderSummaryCards({ counts, active }: { counts: Record<OrderStatus, number>; active: OrderStatus | null }) {
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  const cards: { status: OrderStatus | null; label: string; count: number }[] = [
    { status: null, label: "All orders", count: all },
    ...ORDER_STATUSES.map((s) => ({ status: s, label: STATUS_LABELS[s], count: counts[s] })),
  ];
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 xl:grid-cols-8">
      {cards.map((card) => (
        <li key={card.label}>
          <Link
            to={sellerOrderSearchParams({ status: card.status }) || "?"}
            aria-current={active === card.status ? "page" : undefined}
            className={`block rounded-xl border px-3 py-2 ${active === card.status ? "border-brand-700 ring-2 ring-brand-700/30" : "border-stone-200"} bg-white hover:bg-stone-50`}
          >
            <span className={`inline-flex rounded-full px-2 text-xs font-semibold ${card.status ? STATUS_BADGE_CLASSES[card.status] : "bg-stone-100 text-stone-900"}`}>{card.label}</span>
            <span className="mt-1 block text-2xl font-bold text-stone-900" data-testid={`count-${card.status ?? "all"}`}>{card.count}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Status filter and search: a GET form, so the filter lives in the URL and works without JavaScript. */
export function OrderFilters({ query }: { query: SellerOrderQuery }) {
  const id = useId();
  return (
    <Form method="get" role="search" aria-label="Filter orders" className="grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
      <div>
        <label htmlFor={`${id}-status`} className="field-label">Filter by status</label>
        <select id={`${id}-status`} name="status" defaultValue={query.status ?? ""} className="field-input py-2" key={query.status ?? ""}>
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-q`} className="field-label">Search orders</label>
        <input id={`${id}-q`} type="search" name="q" defaultValue={query.q} key={query.q} maxLength={100} placeholder="Order number, phone or customer name" className="field-input py-2" />
      </div>
      <button type="submit" className="btn-primary">Search</button>
    </Form>
  );
}

/**
 * Moves the ticked orders together. The checkboxes sit on the order cards and join this form by
 * its id (the `form` attribute), so it works without JavaScript too.
 */
export function BulkMoveForm({ result }: { result?: OrdersActionResult }) {
  const fetcher = useFetcher<OrdersActionResult>();
  const id = useId();
  const busy = fetcher.state !== "idle";
  const shown = fetcher.data ?? result;
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data?.intent !== "bulk") return;
    showToast(fetcher.data.message, fetcher.data.ok ? "success" : "error");
    // The orders that moved are done with: untick them for the next batch.
    const moved = new Set(fetcher.data.moved.map((m) => m.orderId));
    for (const box of document.querySelectorAll<HTMLInputElement>('input[form="bulk-orders"][name="orderIds"]')) {
      if (moved.has(box.value)) box.checked = false;
    }
  }, [fetcher.state, fetcher.data]);
  const bulkMoves: OrderStatus[] = ["confirmed", "processing", "shipped", "delivered", "cancelled"];
  return (
    <div className="rounded-xl border border-stone-200 bg-stone-50 p-3">
      <fetcher.Form method="post" id="bulk-orders" aria-label="Move selected orders" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="bulk" />
        <div className="min-w-[10rem] flex-1 sm:flex-none">
          <label htmlFor={`${id}-status`} className="field-label">Move selected to</label>
          <select id={`${id}-status`} name="status" className="field-input py-2" defaultValue="confirmed">
            {bulkMoves.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
          </select>
        </div>
        <button type="submit" className="btn-secondary" disabled={busy}>{busy ? "Moving..." : "Apply to Selected"}</button>
      </fetcher.Form>
      {shown?.intent === "bulk" && (
        <div role={shown.ok ? "status" : "alert"} className="mt-3 text-sm" data-testid="bulk-result">
          <p className="font-semibold text-stone-900">{shown.message}</p>
          {shown.failed.length > 0 && (
            <ul className="mt-1 list-disc pl-5 text-red-800">
              {shown.failed.map((f) => <li key={f.orderId}>{f.orderNumber ?? "Unknown order"}: {f.reason}</li>)}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** Previous / next pages, in the URL. */
export function OrdersPagination({ query, page, pageCount, total, pageSize, bottom = false }: {
  query: SellerOrderQuery; page: number; pageCount: number; total: number; pageSize: number; bottom?: boolean;
}) {
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <nav aria-label={bottom ? "Pages of orders, end of list" : "Pages of orders"} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-stone-700" role={bottom ? undefined : "status"}>Showing {first}–{last} of {total} {total === 1 ? "order" : "orders"}</p>
      <div className="flex items-center gap-2">
        {page > 1 && <Link to={sellerOrderSearchParams({ ...query, page: page - 1 }) || "?"} className="btn-secondary" rel="prev">Previous</Link>}
        <span className="text-stone-700">Page {page} of {pageCount}</span>
        {page < pageCount && <Link to={sellerOrderSearchParams({ ...query, page: page + 1 })} className="btn-secondary" rel="next">Next</Link>}
      </div>
    </nav>
  );
}
