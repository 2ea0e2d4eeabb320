import { z } from "zod";
import { PRICE_MAX_DEFAULT, PRICE_MIN_DEFAULT, SORT_OPTIONS, type ListingQuery, type SortValue } from "./listing-options";


const sortValues = SORT_OPTIONS.map((o) => o.value) as [SortValue, ...SortValue[]];

/** A blank or unreadable number falls back to the default instead of failing the page. */
function numberOr(fallback: number) {
  return z.preprocess((v) => {
    if (typeof v !== "string" || v.trim() === "") return fallback;
    const n = Number(v);
    return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
  }, z.number().int());
}

const listingSchema: z.ZodType<ListingQuery, unknown> = z.object({
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

/** Reads the catalogue's filters from a URL query, applying SPEC.md's defaults (price 0 to 10000). */
export function parseListingQuery(params: URLSearchParams, categoryOverride?: string): ListingQuery {
  const raw = Object.fromEntries(params);
  if (categoryOverride) raw.category = categoryOverride;
  const query = listingSchema.parse(raw);
  if (query.min > query.max) return { ...query, min: query.max, max: query.min };
  return query;
}

