import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { products } from "~/db/schema";
import { selectProductCards } from "./card-query.server";
import { SHOPPER_VISIBLE_STATUSES } from "./product-availability";
import { PAGE_SIZE, type ListingQuery, type SortValue } from "./listing-options";
import type { ProductCardData } from "./product-card";

const ORDER_BY: Record<SortValue, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  name: [asc(products.name), asc(products.id)],
  "price-asc": [asc(products.price), asc(products.name)],
  "price-desc": [desc(products.price), asc(products.name)],
  rating: [desc(products.rating), desc(products.reviewCount), asc(products.name)],
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function listingWhere(query: ListingQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    inArray(products.status, [...SHOPPER_VISIBLE_STATUSES]),
    gte(products.price, query.min),
    lte(products.price, query.max),
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
async function queryProducts(db: DbOrTx, query: ListingQuery): Promise<ProductListing> {
  const where = listingWhere(query);
  const limit = query.page * PAGE_SIZE;
  const [items, [{ total }]] = await Promise.all([
    selectProductCards(db).where(where).orderBy(...ORDER_BY[query.sort]).limit(limit),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { items, total, hasMore: total > limit };
}

/** The same, kept in memory between catalogue changes (db/read-cache.server.ts). */
export function listProducts(db: DbOrTx, query: ListingQuery): Promise<ProductListing> {
  return readThrough(db, "catalog", `listing:${JSON.stringify(query)}`, () => queryProducts(db, query));
}
