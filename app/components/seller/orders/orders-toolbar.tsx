import { useEffect, useId, useState, type MouseEvent } from "react";
import { WHATSAPP_FILTER_LABELS, WHATSAPP_ORDER_FILTERS } from "~/modules/orders/whatsapp-order-state";
import { ORDER_SOURCE_LABELS, ORDER_SOURCES } from "~/modules/orders/order-source";
import { Form, Link, useFetcher, useNavigate, useSubmit } from "react-router";
import { showToast } from "~/components/ui/toaster";
import { useHydrated } from "~/components/ui/use-hydrated";
import { STATUS_BADGE_CLASSES } from "~/components/ui/status-badge";
import { ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from "~/modules/orders/order-lifecycle";
import { filterSelectionSearchParams, SELECTION_MAX } from "~/modules/orders/order-selection";
import {
  ORDERS_PER_PAGE,
  readOrdersPerPage,
  SELLER_ORDERS_PAGE_SIZE,
  sellerOrderSearchParams,
  type SellerOrderQuery,
} from "~/modules/orders/seller-order-query";
import { formError, isRefusal } from "~/lib/form-reply";
import { answerIntent, type BulkMoved, type OrdersAnswer } from "./types";

/**
 * Count per status; each filters the list to its status. On a phone they are one row of chips that
 * scrolls sideways, so the first order stays in the first screen; from `sm` up, a grid of cards.
 */
export function OrderSummaryCards({
  counts,
  active,
  per,
}: {
  counts: Record<OrderStatus, number>;
  active: OrderStatus | null;
  per?: SellerOrderQuery["per"];
}) {
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  const cards: { status: OrderStatus | null; label: string; count: number }[] = [
    { status: null, label: "All orders", count: all },
    ...ORDER_STATUSES.map((s) => ({ status: s, label: STATUS_LABELS[s], count: counts[s] })),
  ];
  return (
    // A navigation of its own: each chip is a link to the list filtered by that status.
    <nav aria-label="Orders by status" className="min-w-0">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 py-0.5 [scrollbar-width:none] sm:mx-0 sm:grid sm:grid-cols-4 sm:overflow-visible sm:px-0 sm:py-0 xl:grid-cols-8 [&::-webkit-scrollbar]:hidden">
        {cards.map((card) => (
          <li key={card.label} className="shrink-0">
            <Link
              to={sellerOrderSearchParams({ status: card.status, per }) || "?"}
              aria-current={active === card.status ? "page" : undefined}
              className={`flex min-h-10 items-center gap-2 whitespace-nowrap rounded-full border py-1 pl-1.5 pr-3 sm:block sm:rounded-xl sm:px-3 sm:py-2 ${
                active === card.status ? "border-brand-700 ring-2 ring-brand-700/30" : "border-stone-200"
              } bg-white hover:bg-stone-50`}
            >
              <span
                className={`inline-flex rounded-full px-2 text-xs font-semibold ${card.status ? STATUS_BADGE_CLASSES[card.status] : "bg-stone-100 text-stone-900"}`}
              >
                {card.label}
              </span>
              <span
                className="font-bold text-stone-900 sm:mt-1 sm:block sm:text-2xl"
                data-testid={`count-${card.status ?? "all"}`}
              >
                {card.count}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One of the filter row's selects: its label, "Any" first, the chosen value kept across searches. */
function FilterSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string | null | undefined;
  options: (readonly [value: string, label: string])[];
}) {
  return (
    <label className="flex min-h-9 items-center gap-2 text-sm font-medium text-stone-800 sm:min-h-10">
      {label}
      <select
        name={name}
        defaultValue={value ?? ""}
        key={value ?? ""}
        className="field-input py-1 text-sm sm:py-1.5"
        data-testid={`${name}-filter`}
      >
        <option value="">Any</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Status filter and search: a GET form, so the filter lives in the URL and works without JavaScript.
 * One row on a phone (the labels are there for screen readers; the placeholder and the chosen
 * status say what each box is).
 */
export function OrderFilters({ query }: { query: SellerOrderQuery }) {
  const id = useId();
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter orders"
      className="grid grid-cols-[6.5rem_minmax(0,1fr)_auto] items-end gap-2 sm:grid-cols-[12rem_1fr_auto]"
    >
      <div>
        <label htmlFor={`${id}-status`} className="field-label max-sm:sr-only">
          Filter by status
        </label>
        <select
          id={`${id}-status`}
          name="status"
          defaultValue={query.status ?? ""}
          className="field-input py-2 max-sm:px-2 max-sm:text-sm"
          key={query.status ?? ""}
        >
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-q`} className="field-label max-sm:sr-only">
          Search orders
        </label>
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          defaultValue={query.q}
          key={query.q}
          maxLength={100}
          placeholder="Order, phone or name"
          className="field-input py-2"
        />
      </div>
      <button type="submit" className="btn-primary px-3 sm:px-4">
        Search
      </button>
      {/* A new filter keeps the number of orders a page the owner chose. */}
      {query.per && query.per !== SELLER_ORDERS_PAGE_SIZE && <input type="hidden" name="per" value={query.per} />}
      {/* Three filters wrap to two short rows on a phone (36 px each): the first orders stay in the first screen. */}
      <div className="col-span-full flex flex-wrap items-center gap-x-4 gap-y-1 sm:gap-y-2">
        <label className="flex min-h-9 w-fit items-center gap-2 text-sm font-medium text-stone-800 sm:min-h-10">
          <input
            type="checkbox"
            name="returns"
            value="1"
            defaultChecked={query.returns}
            key={String(query.returns)}
            className="size-5 accent-brand-700"
          />
          With a return
        </label>
        {/* Pending orders by their WhatsApp confirmation (issue 32): waiting for the buyer's tap, or to be called. */}
        <FilterSelect
          label="WhatsApp"
          name="whatsapp"
          value={query.whatsapp}
          options={WHATSAPP_ORDER_FILTERS.map((f) => [f, WHATSAPP_FILTER_LABELS[f]])}
        />
        {/* Where a web order's buyer first came from (issue 44): a campaign link, an ad, another site, or direct. */}
        <FilterSelect
          label="Source"
          name="source"
          value={query.source}
          options={ORDER_SOURCES.map((s) => [s, ORDER_SOURCE_LABELS[s]])}
        />
      </div>
    </Form>
  );
}

/** The order cards' checkboxes that join the bulk form (by its id, `bulk-orders`). */
const BULK_BOXES = 'input[form="bulk-orders"][name="orderIds"]';

/** How many orders are ticked (the boxes sit on the cards, outside React's state). */
function useTickedCount(): number {
  const [count, setCount] = useState(0);
  // Counted after every render too: a live refresh may have removed ticked cards, a bulk move unticked some.
  useEffect(() => {
    const recount = () => setCount(document.querySelectorAll(`${BULK_BOXES}:checked`).length);
    recount();
    document.addEventListener("change", recount);
    return () => document.removeEventListener("change", recount);
  });
  return count;
}

/** What the bulk form needs to know of the list: its filter, how many orders match it, how many are on this page, and when it was read. */
export type BulkListState = { query: SellerOrderQuery; total: number; onPage: number; asOf: string };

/**
 * Moves the ticked orders together, or every order matching the filter. The checkboxes sit on the
 * order cards and join this form by its id (the `form` attribute), so it works without JavaScript
 * too. On a phone, once JavaScript runs, the form waits out of sight and rises as a bar at the
 * bottom of the screen (in the thumb's reach) when an order is ticked; on a laptop, and without
 * JavaScript, it stays above the list.
 *
 * "All that match" (Gmail's way): once every box on the page is ticked and the filter matches more
 * orders than the page shows, a line offers to select them all; the form then sends
 * `selection=filter` with the filter (its hidden fields), which the server resolves in SQL. Without
 * JavaScript a checkbox does the same.
 */
export function BulkMoveForm({ result, list }: { result?: OrdersAnswer; list: BulkListState }) {
  const fetcher = useFetcher<OrdersAnswer>();
  const id = useId();
  const hydrated = useHydrated();
  const ticked = useTickedCount();
  const [allMatching, setAllMatching] = useState(false);
  const busy = fetcher.state !== "idle";
  const shown = bulkAnswer(fetcher.data ?? result);
  const { query, total, onPage } = list;
  const more = total > onPage;
  const everyBoxTicked = onPage > 0 && ticked === onPage;
  // Unticking a box, or a list that changed under the selection (another filter, page or size), ends "all that match".
  const listKey = `${sellerOrderSearchParams(query)}|${total}`;
  useEffect(() => setAllMatching(false), [listKey]);
  useEffect(() => {
    if (allMatching && !everyBoxTicked) setAllMatching(false);
  }, [allMatching, everyBoxTicked]);
  useEffect(() => {
    const answer = bulkAnswer(fetcher.data);
    if (fetcher.state !== "idle" || !answer) return;
    showToast(answer.message, answer.ok ? "success" : "error");
    // The orders that moved are done with: untick them for the next batch.
    const moved = new Set(answer.moved.map((m) => m.orderId));
    for (const box of document.querySelectorAll<HTMLInputElement>(BULK_BOXES)) {
      if (moved.has(box.value)) box.checked = false;
    }
    if (moved.size > 0) setAllMatching(false);
    document.dispatchEvent(new Event("change"));
  }, [fetcher.state, fetcher.data]);
  const untickAll = () => {
    for (const box of document.querySelectorAll<HTMLInputElement>(`${BULK_BOXES}:checked`)) box.checked = false;
    setAllMatching(false);
    document.dispatchEvent(new Event("change"));
  };
  const bulkMoves: OrderStatus[] = ["confirmed", "processing", "shipped", "delivered", "cancelled"];
  const floating = hydrated && ticked > 0;
  const place = !hydrated
    ? ""
    : floating
      ? "max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-30 max-lg:rounded-none max-lg:border-x-0 max-lg:border-b-0 max-lg:bg-white max-lg:pb-[max(0.75rem,env(safe-area-inset-bottom))] max-lg:shadow-[0_-4px_16px_rgba(0,0,0,0.12)]"
      : "max-lg:hidden";
  const filter = {
    status: query.status,
    q: query.q,
    returns: query.returns,
    whatsapp: query.whatsapp,
    source: query.source,
    asOf: new Date(list.asOf),
  };
  return (
    <>
      <div className={`rounded-xl border border-stone-200 bg-stone-50 p-3 ${place}`}>
        <fetcher.Form
          method="post"
          id="bulk-orders"
          aria-label="Move selected orders"
          className="flex flex-wrap items-end gap-2"
        >
          <input type="hidden" name="intent" value="bulk" />
          {/* The filter the list shows: used when every order that matches it is selected (selection=filter). */}
          {[...filterSelectionSearchParams(filter)]
            .filter(([name]) => name !== "selection")
            .map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
          {hydrated && (
            <p
              className="flex w-full items-center justify-between gap-2 text-sm font-semibold text-stone-900 lg:w-auto lg:self-center"
              aria-live="polite"
            >
              {allMatching ? `All ${total} selected` : `${ticked} selected`}
              {ticked > 0 && (
                <button
                  type="button"
                  onClick={untickAll}
                  className="rounded px-2 py-1 text-sm font-medium text-brand-700 underline lg:hidden"
                >
                  Clear
                </button>
              )}
            </p>
          )}
          {hydrated ? (
            <>
              {/* Sent with the form while "all that match" is on; the line below is what the owner sees and presses. */}
              {allMatching && <input type="hidden" name="selection" value="filter" />}
              {everyBoxTicked && more && (
                <SelectAllLine
                  total={total}
                  onPage={onPage}
                  allMatching={allMatching}
                  onSelectAll={() => setAllMatching(true)}
                  onClear={untickAll}
                />
              )}
            </>
          ) : (
            // On a phone this box sits under the list instead (AllMatchingBox below), so the first order stays in the first screen.
            <AllMatchingBox total={total} onPage={onPage} className="max-sm:hidden" />
          )}
          {/* Above the move on a phone, so Apply to Selected stays at the bottom, in the thumb's reach. */}
          <ShipSelectedButtons selection={allMatching ? filterSelectionSearchParams(filter) : null} />
          <div className="min-w-[10rem] flex-1 sm:flex-none">
            {/* In the phone's bar the count above says what the list is for. */}
            <label htmlFor={`${id}-status`} className={`field-label ${hydrated ? "max-lg:sr-only" : ""}`}>
              Move selected to
            </label>
            <select id={`${id}-status`} name="to" className="field-input py-2" defaultValue="confirmed">
              {bulkMoves.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary" disabled={busy}>
            {busy ? "Moving..." : "Apply to Selected"}
          </button>
        </fetcher.Form>
      </div>
      {shown && (
        <div
          role={shown.ok ? "status" : "alert"}
          className="rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm"
          data-testid="bulk-result"
        >
          <p className="font-semibold text-stone-900">{shown.message}</p>
          {shown.failed.length > 0 && (
            <ul className="mt-1 list-disc pl-5 text-red-800">
              {shown.failed.map((f) => (
                <li key={f.orderId}>
                  {f.orderNumber ?? "Unknown order"}: {f.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}

/** A bulk move's answer as the form shows it: a refusal (the one form shape) reads as a move of nothing. */
function bulkAnswer(answer: OrdersAnswer | undefined): BulkMoved | null {
  if (answerIntent(answer) !== "bulk" || !answer) return null;
  if (isRefusal(answer)) return { intent: "bulk", ok: false, message: formError(answer) ?? "", moved: [], failed: [] };
  return "moved" in answer ? answer : null;
}

/** The line that turns "every order on this page" into "every order that matches" (or says why it cannot). */
function SelectAllLine({
  total,
  onPage,
  allMatching,
  onSelectAll,
  onClear,
}: {
  total: number;
  onPage: number;
  allMatching: boolean;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  const link = "rounded px-1 font-semibold text-brand-700 underline";
  return (
    <p className="w-full rounded-lg bg-white px-3 py-2 text-sm text-stone-800" data-testid="select-all-line">
      {allMatching ? (
        <>
          All {total} orders that match are selected.{" "}
          <button type="button" className={link} onClick={onClear}>
            Clear selection
          </button>
        </>
      ) : total > SELECTION_MAX ? (
        <>
          All {onPage} orders on this page are selected. {total} orders match: up to {SELECTION_MAX} can be selected at
          a time, so narrow the filter or show {SELECTION_MAX} a page.
        </>
      ) : (
        <>
          All {onPage} orders on this page are selected.{" "}
          <button type="button" className={link} onClick={onSelectAll}>
            Select all {total} orders that match
          </button>
        </>
      )}
    </p>
  );
}

/**
 * Without JavaScript: a box that makes the bulk form act on every order that matches instead of the
 * ticked ones (it joins the form by its id, so it may sit under the list), or, over the limit, why
 * there is none. Nothing once JavaScript runs: the Gmail-style line does it then.
 */
export function AllMatchingBox({ total, onPage, className }: { total: number; onPage: number; className: string }) {
  const hydrated = useHydrated();
  if (hydrated || total <= onPage) return null;
  if (total > SELECTION_MAX) {
    return (
      <p className={`w-full text-sm text-stone-700 ${className}`}>
        {total} orders match: tick up to {SELECTION_MAX} (show {SELECTION_MAX} a page), or narrow the filter.
      </p>
    );
  }
  return (
    <label className={`flex min-h-10 w-full items-center gap-2 text-sm font-medium text-stone-800 ${className}`}>
      <input type="checkbox" name="selection" value="filter" form="bulk-orders" className="size-5 accent-brand-700" />
      All {total} orders that match
    </label>
  );
}

/** The shipping pages a selection opens: booking it with a courier, its booking file, its labels. */
const SHIP_SELECTED = [
  { label: "Book Shipments", path: "/seller/shipping/book", open: "navigate" },
  { label: "Download Booking File", path: "/seller/shipping/booking-file.xlsx", open: "download" },
  { label: "Print Labels", path: "/seller/shipping/labels", open: "tab" },
] as const;

/**
 * The selection, sent to a shipping page: the ticked orders, or (`selection`) every order matching
 * the filter. Without JavaScript each button submits the bulk form there with GET (the ticked boxes
 * travel as orderIds, the "all that match" box and the filter's fields with them); with it the bulk
 * form is a fetcher, so the button builds the URL and opens it.
 */
function ShipSelectedButtons({ selection }: { selection: URLSearchParams | null }) {
  const navigate = useNavigate();
  const open = (item: (typeof SHIP_SELECTED)[number]) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const ids = [...document.querySelectorAll<HTMLInputElement>(`${BULK_BOXES}:checked`)].map((box) => box.value);
    if (!selection && !ids.length) return showToast("Please select at least one order", "error");
    const url = `${item.path}?${selection ?? new URLSearchParams(ids.map((id) => ["orderIds", id]))}`;
    if (item.open === "tab") window.open(url, "_blank", "noopener");
    else if (item.open === "download") window.location.assign(url);
    else navigate(url);
  };
  return (
    <div className="flex w-full flex-wrap gap-2 lg:w-auto">
      {SHIP_SELECTED.map((item) => (
        <button
          key={item.path}
          type="submit"
          className="btn-secondary max-sm:py-2"
          formMethod="get"
          formAction={item.path}
          formTarget={item.open === "tab" ? "_blank" : undefined}
          formNoValidate
          onClick={open(item)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

/**
 * Previous / next pages, in the URL, and how many orders a page: a GET form, so it works
 * without JavaScript (Show); with JavaScript choosing a size is enough. A new size starts at page 1.
 */
export function OrdersPagination({
  query,
  page,
  pageCount,
  total,
  pageSize,
  bottom = false,
}: {
  query: SellerOrderQuery;
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  bottom?: boolean;
}) {
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <nav
      aria-label={bottom ? "Pages of orders, end of list" : "Pages of orders"}
      className="flex flex-wrap items-center justify-between gap-2 text-sm"
    >
      <p className="text-stone-700" role={bottom ? undefined : "status"}>
        Showing {first}–{last} of {total} {total === 1 ? "order" : "orders"}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {/* Above the list on a laptop; on a phone below it, so the first order stays in the first screen. */}
        <PerPageForm
          query={query}
          className={bottom ? "sm:hidden" : "max-sm:hidden"}
          label={bottom ? "Orders a page, end of list" : "Orders a page"}
        />
        {page > 1 && (
          <Link
            to={sellerOrderSearchParams({ ...query, page: page - 1 }) || "?"}
            className="btn-secondary max-sm:py-1.5"
            rel="prev"
          >
            Previous
          </Link>
        )}
        <span className={`text-stone-700 ${bottom ? "" : "max-sm:hidden"}`}>
          Page {page} of {pageCount}
        </span>
        {page < pageCount && (
          <Link
            to={sellerOrderSearchParams({ ...query, page: page + 1 })}
            className="btn-secondary max-sm:py-1.5"
            rel="next"
          >
            Next
          </Link>
        )}
      </div>
    </nav>
  );
}

/** "Show 20 / 50 / 100 / 200" orders a page, keeping the filter. */
function PerPageForm({ query, className, label }: { query: SellerOrderQuery; className: string; label: string }) {
  const id = useId();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const per = readOrdersPerPage(String(query.per ?? ""));
  const keep = new URLSearchParams(
    sellerOrderSearchParams({
      status: query.status,
      q: query.q,
      returns: query.returns,
      whatsapp: query.whatsapp,
      source: query.source,
    }),
  );
  return (
    // Two of these (above and below the list): a named form is a landmark, and landmarks' names must differ.
    <Form method="get" className={`flex items-center gap-1.5 ${className}`} aria-label={label}>
      {[...keep].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={`${id}-per`} className="text-stone-700">
        Show
      </label>
      <select
        id={`${id}-per`}
        name="per"
        defaultValue={per}
        key={per}
        className="field-input w-auto py-1.5 pl-2 pr-8 text-sm"
        data-testid="orders-per-page"
        onChange={(event) => submit(event.currentTarget.form)}
      >
        {ORDERS_PER_PAGE.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <button type="submit" className={`btn-secondary py-1.5 ${hydrated ? "sr-only" : ""}`}>
        Show
      </button>
    </Form>
  );
}
