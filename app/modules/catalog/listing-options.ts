/** Catalogue filter options and URLs: no validation library here, so the browser bundle stays small. */

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

export type ListingQuery = {
  q: string;
  category: string;
  min: number;
  max: number;
  sort: SortValue;
  view: "grid" | "list";
  page: number;
  /** Colours and sizes as their URL words (optionSlug: "maroon", "xl"); a product matches any of each. */
  colors: string[];
  sizes: string[];
};

/** A colour or size the listing can filter by, with how many products match it under the other filters. */
export type ListingFacet = { slug: string; name: string; count: number; hex?: string };
export type ListingFacets = { colors: ListingFacet[]; sizes: ListingFacet[] };

/** The query string for a listing, leaving out values that equal their defaults. */
export function listingSearch(query: Partial<ListingQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.min !== undefined && query.min !== PRICE_MIN_DEFAULT) params.set("min", String(query.min));
  if (query.max !== undefined && query.max !== PRICE_MAX_DEFAULT) params.set("max", String(query.max));
  for (const color of query.colors ?? []) params.append("color", color);
  for (const size of query.sizes ?? []) params.append("size", size);
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.view && query.view !== "grid") params.set("view", query.view);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}
