import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { categories, collectionProducts, products } from "~/modules/catalog/tables";
import type { CollectionMode } from "~/modules/catalog/tables";
import { onSaleAt, priceAt } from "~/modules/promotions/reads";
import { selectProductCards } from "./card-query.server";
import { listingOrder } from "./list-products.server";
import { newSince, type CollectionRule } from "./collection-rule";
import { PAGE_SIZE, type SortValue } from "./listing-options";
import { SHOPPER_VISIBLE_STATUSES } from "./product-availability";
import type { ProductCardData } from "./product-card";

/** What decides a collection's products: its mode, its hand-picked list (by id) or its rule. */
export type CollectionSource = CollectionRule & { id: number; mode: CollectionMode };

export type CollectionListing = { items: ProductCardData[]; total: number; hasMore: boolean };

/** What a shopper may see: not a draft or archived, and not in a hidden category (as the listing). */
function shopperVisible(): SQL {
  return and(inArray(products.status, [...SHOPPER_VISIBLE_STATUSES]), eq(categories.hidden, false))!;
}

/** Every set field of the rule, as SQL on the outer query's product (prices at `now`, a running sale's). */
export function ruleWhere(rule: CollectionRule, now: Date): SQL {
  const conditions: SQL[] = [shopperVisible()];
  if (rule.categorySlug) conditions.push(eq(products.categorySlug, rule.categorySlug));
  // Tags are kept as the owner typed them; "Eid" and "eid" are the same tag.
  if (rule.tag)
    conditions.push(
      sql`exists (select 1 from jsonb_array_elements_text(${products.tags}) as t(tag) where lower(t.tag) = lower(${rule.tag}))`,
    );
  if (rule.minPrice !== null) conditions.push(gte(priceAt(now), rule.minPrice));
  if (rule.maxPrice !== null) conditions.push(lte(priceAt(now), rule.maxPrice));
  // On sale as a card shows it: a running scheduled sale, or an Original Price above the price.
  if (rule.onSale)
    conditions.push(sql`(${onSaleAt(now)} or coalesce(${products.originalPrice} > ${products.price}, false))`);
  if (rule.newDays !== null) conditions.push(gte(products.createdAt, newSince(now, rule.newDays)));
  return and(...conditions)!;
}

export type CollectionPageQuery = { page: number; sort: SortValue; pageSize?: number };

/**
 * A collection's products for pages 1..page (a shared "?page=3" link shows what its sender saw,
 * as the listing does) and the count of all of them: the owner's order for a hand-picked one,
 * the chosen sort (newest first by default) for a rule.
 */
async function queryCollectionProducts(
  db: DbOrTx,
  source: CollectionSource,
  query: CollectionPageQuery,
  now: Date,
): Promise<CollectionListing> {
  const limit = query.page * (query.pageSize ?? PAGE_SIZE);
  if (source.mode === "manual") {
    const where = and(eq(collectionProducts.collectionId, source.id), shopperVisible());
    const [items, [{ total }]] = await Promise.all([
      selectProductCards(db, now)
        .innerJoin(collectionProducts, eq(collectionProducts.productId, products.id))
        .where(where)
        .orderBy(asc(collectionProducts.position), asc(products.id))
        .limit(limit),
      db
        .select({ total: count() })
        .from(collectionProducts)
        .innerJoin(products, eq(products.id, collectionProducts.productId))
        .innerJoin(categories, eq(categories.slug, products.categorySlug))
        .where(where),
    ]);
    return { items, total, hasMore: total > limit };
  }
  const where = ruleWhere(source, now);
  const [items, total] = await Promise.all([
    selectProductCards(db, now)
      .where(where)
      .orderBy(...listingOrder(query.sort, now))
      .limit(limit),
    countRuleMatches(db, source, now),
  ]);
  return { items, total, hasMore: total > limit };
}

/** How many products a rule matches now ("N products match now" on the owner's form). */
export async function countRuleMatches(db: DbOrTx, rule: CollectionRule, now = new Date()): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(products)
    .innerJoin(categories, eq(categories.slug, products.categorySlug))
    .where(ruleWhere(rule, now));
  return total;
}

/** The same, kept in memory between catalogue changes (db/read-cache.server.ts). */
export function listCollectionProducts(
  db: DbOrTx,
  source: CollectionSource,
  query: CollectionPageQuery,
  now = new Date(),
): Promise<CollectionListing> {
  const key = `collection:${JSON.stringify([source, query.page, query.sort, query.pageSize ?? PAGE_SIZE])}`;
  return readThrough(db, "catalog", key, () => queryCollectionProducts(db, source, query, now));
}
