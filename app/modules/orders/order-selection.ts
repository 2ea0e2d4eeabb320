import { readSellerOrderQuery, type SellerOrderQuery } from "./seller-order-query";

/**
 * How many orders one selection takes at most: a day's booking (shipping's MAX_BOOKING), one print
 * of labels (MAX_LABELS), one bulk move. All three are 200.
 */
export const SELECTION_MAX = 200;

/** The Orders tab's filter a selection stands for, and the moment the owner saw it (orders placed later are not in it). */
export type OrderSelectionFilter = Pick<SellerOrderQuery, "status" | "q" | "returns" | "whatsapp" | "source"> & {
  asOf: Date | null;
};

/**
 * The orders a request means: the ticked ones (`orderIds` repeated, or separated by commas in a
 * hand-typed link), or every order matching the Orders tab's filter
 * (`selection=filter&status=&q=&returns=1&whatsapp=&source=&asOf=`), which the server resolves in SQL.
 */
export type OrderSelection = { kind: "ids"; orderIds: string[] } | { kind: "filter"; filter: OrderSelectionFilter };

/** What a selection is taken for: the words of the "too many" message. */
export type SelectionUse = "book" | "print" | "move";
const USE_WORDS: Record<SelectionUse, string> = { book: "book", print: "print labels for", move: "move" };

/** "201 orders match: book at most 200 at a time; narrow the filter". */
export function tooManyMatchMessage(matched: number, use: SelectionUse): string {
  return `${matched} orders match: ${USE_WORDS[use]} at most ${SELECTION_MAX} at a time; narrow the filter`;
}

/**
 * Reads a selection from a URL's query or a posted form. `selection=filter` wins over ticked boxes
 * sent with it (without JavaScript the bulk form posts both). Ids are kept in the order given,
 * once each; whether they are orders is for the page that uses them.
 */
export function readOrderSelection(params: URLSearchParams | FormData): OrderSelection {
  const search =
    params instanceof URLSearchParams
      ? params
      : new URLSearchParams([...params].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  if (search.get("selection") === "filter") {
    const { status, q, returns, whatsapp, source } = readSellerOrderQuery(search);
    return { kind: "filter", filter: { status, q, returns, whatsapp, source, asOf: readAsOf(search.get("asOf")) } };
  }
  const orderIds = search
    .getAll("orderIds")
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  return { kind: "ids", orderIds: [...new Set(orderIds)] };
}

/** The query string that asks for the same selection again (links from a page that was given one: another paper size, Book them first). */
export function orderSelectionSearchParams(selection: OrderSelection): URLSearchParams {
  if (selection.kind === "ids") return new URLSearchParams(selection.orderIds.map((id) => ["orderIds", id]));
  return filterSelectionSearchParams(selection.filter);
}

/** `selection=filter` and the filter's fields, empty ones left out: what the Orders tab's ship buttons send for "all that match". */
export function filterSelectionSearchParams(filter: Partial<OrderSelectionFilter>): URLSearchParams {
  const params = new URLSearchParams({ selection: "filter" });
  if (filter.status) params.set("status", filter.status);
  if (filter.q) params.set("q", filter.q);
  if (filter.returns) params.set("returns", "1");
  if (filter.whatsapp) params.set("whatsapp", filter.whatsapp);
  if (filter.source) params.set("source", filter.source);
  if (filter.asOf) params.set("asOf", filter.asOf.toISOString());
  return params;
}

/** An ISO time; anything unreadable means "now" (no cut-off). */
function readAsOf(value: string | null): Date | null {
  if (!value || value.length > 40) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}
