import { z } from "zod";

export const PRICE_MIN_DEFAULT = 0;
export const PRICE_MAX_DEFAULT = 10000;
export const PAGE_SIZE = 12;

export const SORT_OPTIONS = [
  { value: "newest", label: "Newest" },
  { value: "name", label: "Name A-Z" },
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
  { value: "rating", label: "Rating" },
] as const;
export type SortValue = (typeof SORT_OPTIONS)[number]["value"];
const sortValues = SORT_OPTIONS.map((o) => o.value) as [SortValue, ...SortValue[]];

/** A blank or unreadable number falls back to the default instead of failing the page. */
function numberOr(fallback: number) {
  return z.preprocess((v) => {
    if (typeof v !== "string" || v.trim() === "") return fallback;
    const n = Number(v);
    return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
  }, z.number().int());
}

const listingSchema = z.object({
  q: z.preprocess((v) => (typeof v === "string" ? v.trim().slice(0, 100) : ""), z.string()),
  category: z.preprocess((v) => (typeof v === "string" && /^[a-z0-9-]{1,40}$/.test(v) ? v : ""), z.string()),
  min: numberOr(PRICE_MIN_DEFAULT),
  max: numberOr(PRICE_MAX_DEFAULT),
  sort: z.enum(sortValues).catch("newest"),
  view: z.enum(["grid", "list"]).catch("grid"),
  page: z.preprocess((v) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= 1 ? Math.min(n, 50) : 1;
  }, z.number().int()),
});

export type ListingQuery = z.infer<typeof listingSchema>;

/** Reads the catalogue's filters from a URL query, applying SPEC.md's defaults (price 0 to 10000). */
export function parseListingQuery(params: URLSearchParams, categoryOverride?: string): ListingQuery {
  const raw = Object.fromEntries(params);
  if (categoryOverride) raw.category = categoryOverride;
  const query = listingSchema.parse(raw);
  if (query.min > query.max) return { ...query, min: query.max, max: query.min };
  return query;
}

/** The query string for a listing, leaving out values that equal their defaults. */
export function listingSearch(query: Partial<ListingQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.min !== undefined && query.min !== PRICE_MIN_DEFAULT) params.set("min", String(query.min));
  if (query.max !== undefined && query.max !== PRICE_MAX_DEFAULT) params.set("max", String(query.max));
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.view && query.view !== "grid") params.set("view", query.view);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}
