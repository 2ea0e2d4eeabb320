import {
  PRICE_MAX_DEFAULT,
  PRICE_MIN_DEFAULT,
  SORT_OPTIONS,
  type ListingQuery,
  type SortValue,
} from "./listing-options";

/**
 * Bounds of the filters. Prices are whole rupees far below the database's integer range (a price
 * over PKR 10 million is not a garment); the page shows at most 50 pages of 12.
 */
export const PRICE_FILTER_LIMIT = 10_000_000;
export const PAGE_LIMIT = 50;

const SORTS = new Set<string>(SORT_OPTIONS.map((o) => o.value));
type Param = "q" | "category" | "min" | "max" | "sort" | "view" | "page";
/** Control characters (a NUL byte makes PostgreSQL refuse the whole query). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const CONTROL = /[\u0000-\u001f\u007f]/g;

export type ListingQueryResult = {
  /** The filters to use: anything unreadable replaced by its default. */
  query: ListingQuery;
  /** What was wrong, by parameter (empty when every filter was readable). */
  errors: Record<string, string>;
};

/** A whole number within [low, high] written in plain digits, else an error message. */
function wholeNumber(raw: string, low: number, high: number, what: string): number | string {
  const text = raw.trim();
  if (!/^\d{1,12}$/.test(text)) return `${what} must be a whole number from ${low} to ${high}`;
  const n = Number(text);
  return n >= low && n <= high ? n : `${what} must be a whole number from ${low} to ${high}`;
}

/**
 * Reads the catalogue's filters from a URL query with SPEC.md's defaults (price 0 to 10000),
 * saying what could not be read. The page ignores an unreadable filter; the API refuses it (400).
 */
export function readListingQuery(params: URLSearchParams, categoryOverride?: string): ListingQueryResult {
  const errors: Record<string, string> = {};
  const one = (name: Param): string => {
    const values = params.getAll(name);
    if (values.length > 1) errors[name] = `Give ${name} once`;
    return values.length === 1 ? values[0] : "";
  };
  const number = (name: "min" | "max" | "page", low: number, high: number, fallback: number, what: string) => {
    const raw = one(name);
    if (raw.trim() === "" || errors[name]) return fallback;
    const n = wholeNumber(raw, low, high, what);
    if (typeof n === "string") {
      errors[name] = n;
      return fallback;
    }
    return n;
  };

  const q = one("q").replace(CONTROL, " ").trim().slice(0, 100);
  const rawCategory = categoryOverride ?? one("category");
  const category = /^[a-z0-9-]{1,40}$/.test(rawCategory) ? rawCategory : "";
  const rawSort = one("sort");
  const sort = (SORTS.has(rawSort) ? rawSort : "newest") as SortValue;
  const rawView = one("view");
  const view = rawView === "list" ? "list" : "grid";
  const min = number("min", 0, PRICE_FILTER_LIMIT, PRICE_MIN_DEFAULT, "Minimum price");
  const max = number("max", 0, PRICE_FILTER_LIMIT, PRICE_MAX_DEFAULT, "Maximum price");
  // A page beyond the last is refused by the API but shown as the last on the page (old links).
  const rawPage = one("page");
  let page = number("page", 1, PAGE_LIMIT, 1, "Page");
  if (errors.page && /^\d{1,12}$/.test(rawPage.trim()) && Number(rawPage) > PAGE_LIMIT) page = PAGE_LIMIT;

  // Several of each (?color=maroon&color=mint); a word that cannot be a colour's or size's is dropped.
  const words = (name: "color" | "size") =>
    [
      ...new Set(
        params
          .getAll(name)
          .map((v) => v.trim().toLowerCase())
          .filter((v) => /^[a-z0-9-]{1,40}$/.test(v)),
      ),
    ]
      .slice(0, 20)
      .sort();
  const colors = words("color");
  const sizes = words("size");

  const range = min > max ? { min: max, max: min } : { min, max };
  const query: ListingQuery = { q, category, ...range, sort, view, page, colors, sizes };
  return { query, errors };
}

/** The page's reading: an unreadable filter falls back to its default instead of failing the page. */
export function parseListingQuery(params: URLSearchParams, categoryOverride?: string): ListingQuery {
  return readListingQuery(params, categoryOverride).query;
}
