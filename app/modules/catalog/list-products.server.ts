import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { products, productVariants } from "~/modules/catalog/tables";
import { optionSlug } from "./colour-rules";
import { listColours } from "./list-colours.server";
import { listSizeSets } from "./list-size-sets.server";
import { priceAt } from "~/modules/promotions/reads";
import { selectProductCards } from "./card-query.server";
import { SHOPPER_VISIBLE_STATUSES } from "./product-availability";
import {
  PAGE_SIZE,
  PRICE_MIN_DEFAULT,
  type ListingFacet,
  type ListingFacets,
  type ListingQuery,
  type SortValue,
} from "./listing-options";
import type { ProductCardData } from "./product-card";

/** The listing's sorts (and a rule collection's). Price sorts read the price shown at `now` (a running sale's). */
export const listingOrder = (sort: SortValue, now: Date): SQL[] =>
  ({
    newest: [desc(products.createdAt), desc(products.id)],
    name: [asc(products.name), asc(products.id)],
    "price-asc": [asc(priceAt(now)), asc(products.name)],
    "price-desc": [desc(priceAt(now)), asc(products.name)],
    rating: [desc(products.rating), desc(products.reviewCount), asc(products.name)],
  })[sort];

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The colour and size names the query's URL words stand for (a word may name several sizes: "M" of Tops and of Trousers). */
type OptionNames = { colors: string[] | null; sizes: string[] | null };

/**
 * A product made in one of the colours and one of the sizes (the same variant, when both are
 * given): an EXISTS on product_variants, found through product_variants_color_idx / _size_idx.
 */
function optionsCondition(names: OptionNames): SQL | undefined {
  if (!names.colors && !names.sizes) return undefined;
  const parts: SQL[] = [sql`pv.product_id = "products"."id"`];
  if (names.colors) parts.push(inArray(sql.raw("pv.color"), names.colors));
  if (names.sizes) parts.push(inArray(sql.raw("pv.size"), names.sizes));
  return sql`exists (select 1 from product_variants pv where ${sql.join(parts, sql` and `)})`;
}

async function optionNames(db: DbOrTx, query: ListingQuery): Promise<OptionNames> {
  if (query.colors.length === 0 && query.sizes.length === 0) return { colors: null, sizes: null };
  const [colours, sets] = await Promise.all([listColours(db), listSizeSets(db)]);
  const colourWords = new Set(query.colors);
  const sizeWords = new Set(query.sizes);
  return {
    colors: query.colors.length === 0 ? null : colours.map((c) => c.name).filter((n) => colourWords.has(optionSlug(n))),
    sizes:
      query.sizes.length === 0
        ? null
        : [...new Set(sets.flatMap((s) => s.sizes))].filter((n) => sizeWords.has(optionSlug(n))),
  };
}

function listingWhere(
  query: ListingQuery,
  now: Date,
  names: OptionNames = { colors: null, sizes: null },
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    inArray(products.status, [...SHOPPER_VISIBLE_STATUSES]),
    // No price is below the default minimum (0): only a minimum the shopper chose costs a condition.
    query.min !== PRICE_MIN_DEFAULT ? gte(priceAt(now), query.min) : undefined,
    lte(priceAt(now), query.max),
  ];
  if (query.category) conditions.push(eq(products.categorySlug, query.category));
  conditions.push(optionsCondition(names));
  for (const word of query.q.split(/\s+/).filter(Boolean).slice(0, 6)) {
    const pattern = `%${escapeLike(word)}%`;
    conditions.push(
      or(ilike(products.name, pattern), ilike(products.description, pattern), ilike(products.material, pattern)),
    );
  }
  return and(...conditions);
}

export type ProductListing = { items: ProductCardData[]; total: number; hasMore: boolean };

/**
 * The catalogue for a query: pages 1..query.page (so a shared "?page=3" link shows what its
 * sender saw), and the count of every match, not just the page.
 */
async function queryProducts(db: DbOrTx, query: ListingQuery, now = new Date()): Promise<ProductListing> {
  const where = listingWhere(query, now, await optionNames(db, query));
  const limit = query.page * PAGE_SIZE;
  const [items, [{ total }]] = await Promise.all([
    selectProductCards(db, now)
      .where(where)
      .orderBy(...listingOrder(query.sort, now))
      .limit(limit),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { items, total, hasMore: total > limit };
}

/** The same, kept in memory between catalogue changes (db/read-cache.server.ts). */
export function listProducts(db: DbOrTx, query: ListingQuery, now = new Date()): Promise<ProductListing> {
  return readThrough(db, "catalog", `listing:${JSON.stringify(query)}`, () => queryProducts(db, query, now));
}

/**
 * The colours and sizes the listing can be narrowed to, each with how many products match it
 * under the other filters (a colour's count leaves the colour filter out, so choosing a second
 * colour shows what it adds). Only what some visible product is made in is offered, plus what the
 * URL already chose. Counted in SQL over the variants' indexes.
 */
async function queryFacets(db: DbOrTx, query: ListingQuery, now: Date): Promise<ListingFacets> {
  const names = await optionNames(db, query);
  const [colours, sets] = await Promise.all([listColours(db), listSizeSets(db)]);
  const count = (column: typeof productVariants.color | typeof productVariants.size, where: SQL | undefined) =>
    db
      .select({ name: column, count: sql<number>`count(distinct ${productVariants.productId})::int`.mapWith(Number) })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(where)
      .groupBy(column);
  const [colourCounts, sizeCounts] = await Promise.all([
    count(productVariants.color, listingWhere(query, now, { ...names, colors: null })),
    count(productVariants.size, listingWhere(query, now, { ...names, sizes: null })),
  ]);
  const facet = (
    counts: { name: string; count: number }[],
    order: string[],
    chosen: string[],
    hexOf?: (name: string) => string | undefined,
  ): ListingFacet[] => {
    const byName = new Map(counts.map((c) => [c.name, c.count]));
    // The shop's order; a name the shop no longer lists (kept on an old variant) comes last.
    const names = [
      ...order.filter((n) => byName.has(n)),
      ...counts
        .map((c) => c.name)
        .filter((n) => !order.includes(n))
        .sort(),
    ];
    const merged = new Map<string, ListingFacet>();
    for (const name of names) {
      const slug = optionSlug(name);
      const known = merged.get(slug);
      if (known) known.count += byName.get(name) ?? 0;
      else merged.set(slug, { slug, name, count: byName.get(name) ?? 0, ...(hexOf ? { hex: hexOf(name) } : {}) });
    }
    for (const slug of chosen) if (!merged.has(slug)) merged.set(slug, { slug, name: slug, count: 0 });
    return [...merged.values()];
  };
  const hex = new Map(colours.map((c) => [c.name, c.hex]));
  const sizeOrder = [...new Set(sets.flatMap((s) => s.sizes))];
  return {
    colors: facet(
      colourCounts,
      colours.map((c) => c.name),
      query.colors,
      (n) => hex.get(n) ?? "#d6d3d1",
    ),
    sizes: facet(sizeCounts, sizeOrder, query.sizes),
  };
}

/** The same, kept in memory between catalogue changes; the page, sort and layout do not change the counts. */
export function listListingFacets(db: DbOrTx, query: ListingQuery, now = new Date()): Promise<ListingFacets> {
  const key = {
    q: query.q,
    category: query.category,
    min: query.min,
    max: query.max,
    colors: query.colors,
    sizes: query.sizes,
  };
  return readThrough(db, "catalog", `facets:${JSON.stringify(key)}`, () => queryFacets(db, query, now));
}
