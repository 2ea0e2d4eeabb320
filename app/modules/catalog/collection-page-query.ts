import { PAGE_LIMIT } from "./listing-query";
import { SORT_OPTIONS, type SortValue } from "./listing-options";

/** A collection page's URL query: the page (1..50, like the listing) and, for a rule collection, the sort. */
export type CollectionPageParams = { page: number; sort: SortValue };

const SORTS = new Set<string>(SORT_OPTIONS.map((o) => o.value));

/**
 * Reads ?page= and ?sort= with what could not be read: the page shows the default instead (a page
 * beyond the last shows the last), the API refuses it (400).
 */
export function readCollectionPageQuery(params: URLSearchParams): {
  query: CollectionPageParams;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const rawPage = params.getAll("page");
  let page = 1;
  if (rawPage.length > 1) errors.page = "Give page once";
  else if (rawPage.length === 1 && rawPage[0].trim() !== "") {
    const text = rawPage[0].trim();
    const n = /^\d{1,12}$/.test(text) ? Number(text) : Number.NaN;
    if (n >= 1 && n <= PAGE_LIMIT) page = n;
    else {
      errors.page = `Page must be a whole number from 1 to ${PAGE_LIMIT}`;
      if (n > PAGE_LIMIT) page = PAGE_LIMIT;
    }
  }
  const rawSort = params.getAll("sort");
  let sort: SortValue = "newest";
  if (rawSort.length > 1) errors.sort = "Give sort once";
  else if (rawSort.length === 1 && rawSort[0] !== "") {
    if (SORTS.has(rawSort[0])) sort = rawSort[0] as SortValue;
    else errors.sort = `Sort must be one of ${[...SORTS].join(", ")}`;
  }
  return { query: { page, sort }, errors };
}

/** The query string for a collection page, leaving out defaults. */
export function collectionPageSearch(query: CollectionPageParams): string {
  const params = new URLSearchParams();
  if (query.sort !== "newest") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}
