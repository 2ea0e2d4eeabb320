import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import type { ProductStatus } from "~/db/schema/statuses";
import type { ImageSource } from "~/db/schema/stored-image";
import { categories, products } from "~/modules/catalog/tables";
import { onSaleAt, originalPriceAt, priceAt } from "~/modules/promotions/reads";
import type { FeedImage, FeedProduct, FeedScope, FeedVariant } from "./feed-products";

/**
 * The running scheduled sale that sets the product's price at `now` (the largest percentage, as
 * promotions' priceAt takes it; of equal ones, the one ending first): its window, in epoch seconds.
 * The same running-and-applies rule as modules/promotions/reads.ts.
 */
function saleWindowAt(now: Date): SQL<{ startsAt: number; endsAt: number } | null> {
  const at = now.toISOString();
  return sql`(select json_build_object('startsAt', extract(epoch from s.starts_at)::float8, 'endsAt', extract(epoch from s.ends_at)::float8)
    from scheduled_sales s
    where s.starts_at <= ${at}::timestamptz and s.ends_at > ${at}::timestamptz
      and (s.applies_to = 'all'
        or (s.applies_to = 'categories' and "products"."category_slug" = any(s.category_slugs))
        or (s.applies_to = 'products' and "products"."id" = any(s.product_ids)))
    order by s.percent desc, s.ends_at asc
    limit 1)`;
}

const variantsJson = sql<FeedVariant[]>`coalesce((select json_agg(json_build_object(
    'id', v.id, 'color', v.color, 'size', v.size, 'stock', v.stock, 'sku', v.sku) order by v.position, v.id)
  from product_variants v where v.product_id = "products"."id"), '[]'::json)`;

const imagesJson = sql<{ color: string | null; sources: ImageSource[] }[]>`coalesce((select json_agg(json_build_object(
    'color', i.color, 'sources', i.sources) order by i.position, i.id)
  from product_images i where i.product_id = "products"."id"), '[]'::json)`;

/** A photo's largest rendition: what a catalogue shows best (the feed wants at least 500 px). */
function largest(sources: ImageSource[]): ImageSource | null {
  return sources.reduce<ImageSource | null>((best, s) => (!best || s.width > best.width ? s : best), null);
}

async function queryFeedProducts(db: DbOrTx, scope: FeedScope, now: Date): Promise<FeedProduct[]> {
  const statuses: ProductStatus[] = ["active"];
  if (scope.includeComingSoon) statuses.push("coming-soon");
  if (scope.includeDrafts) statuses.push("draft");
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      status: products.status,
      categoryName: categories.name,
      categoryHidden: categories.hidden,
      googleProductCategory: categories.googleProductCategory,
      fbProductCategory: categories.fbProductCategory,
      price: priceAt(now),
      originalPrice: originalPriceAt(now),
      onSale: onSaleAt(now),
      sale: saleWindowAt(now),
      variants: variantsJson,
      images: imagesJson,
    })
    .from(products)
    .innerJoin(categories, eq(categories.slug, products.categorySlug))
    .where(and(inArray(products.status, statuses), scope.includeHidden ? undefined : eq(categories.hidden, false)))
    .orderBy(asc(categories.position), asc(products.createdAt), asc(products.id));
  return rows.map(({ onSale, sale, images, ...row }) => ({
    ...row,
    // Numbers from SQL expressions may come back as text on one driver and numbers on the other.
    price: Number(row.price),
    originalPrice: row.originalPrice === null ? null : Number(row.originalPrice),
    sale: onSale && sale ? { startsAt: new Date(sale.startsAt * 1000), endsAt: new Date(sale.endsAt * 1000) } : null,
    images: images.flatMap((image): FeedImage[] => {
      const best = largest(image.sources ?? []);
      return best ? [{ color: image.color, key: best.key, width: best.width }] : [];
    }),
  }));
}

/**
 * Every product a catalogue feed lists under `scope`, with its variants and photos, in one query;
 * kept in the read cache until the catalogue (a price, a stock count, a photo, a sale starting or
 * ending) changes in any process, so a feed of thousands of variants answers from memory.
 */
export function listFeedProducts(db: DbOrTx, scope: FeedScope, now = new Date()): Promise<FeedProduct[]> {
  const key = `feed:${Number(scope.includeHidden)}${Number(scope.includeDrafts)}${Number(scope.includeComingSoon)}`;
  return readThrough(db, "catalog", key, () => queryFeedProducts(db, scope, now));
}
