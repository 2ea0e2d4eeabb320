import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { products } from "~/db/schema";
import { priceAt } from "~/modules/promotions/sale-sql";
import { selectProductCards } from "./card-query.server";
import { SHOPPER_VISIBLE_STATUSES } from "./product-availability";
import { PAGE_SIZE, PRICE_MIN_DEFAULT, type ListingQuery, type SortValue } from "./listing-options";
import type { ProductCardData } from "./product-card";

/** Price sorts and filters read the price shown at `now` (a running sale's). */
const orderBy = (sort: SortValue, now: Date): SQL[] => ({
  newest: [desc(products.createdAt), desc(products.id)],
  name: [asc(products.name), asc(products.id)],
  "price-asc": [asc(priceAt(now)), asc(products.name)],
  "price-desc": [desc(priceAt(now)), asc(products.name)],
  rating: [desc(products.rating), desc(products.reviewCount), asc(products.name)],
})[sort];

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function listingWhere(query: ListingQuery, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    inArray(products.status, [...SHOPPER_VISIBLE_STATUSES]),
    // No price is below the default minimum (0): only a minimum the shopper chose costs a condition.
    query.min !== PRICE_MIN_DEFAULT ? gte(priceAt(now), query.min) : undefined,
    lte(priceAt(now), query.max),
  ];
  if (query.category) conditions.push(eq(products.categorySlug, query.category));
  for (const word of query.q.split(/\s+/).filter(Boolean).slice(0, 6)) {
    const pattern = `%${escapeLike(word)}%`;
    conditions.push(or(ilike(products.name, pattern), ilike(products.description, pattern), ilike(products.material, pattern)));
  }
  return and(...conditions);
}

export type ProductListing = { items: ProductCardData[]; total: number; hasMore: boolean };

/**
 * The catalogue for a query: pages 1..query.page (so a shared "?page=3" link shows what its
 * sender saw), and the count of every match, not just the page.
 */
async function queryProducts(db: DbOrTx, query: ListingQuery, now = new Date()): Promise<ProductListing> {
  const where = listingWhere(query, now);
  const limit = query.page * PAGE_SIZE;
  const [items, [{ total }]] = await Promise.all([
    selectProductCards(db, now).where(where).orderBy(...orderBy(query.sort, now)).limit(limit),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { items, total, hasMore: total > limit };
}

/** The same, kept in memory between catalogue changes (db/read-cache.server.ts). */
export function listProducts(db: DbOrTx, query: ListingQuery, now = new Date()): Promise<ProductListing> {
  return readThrough(db, "catalog", `listing:${JSON.stringify(query)}`, () => queryProducts(db, query, now));
}
