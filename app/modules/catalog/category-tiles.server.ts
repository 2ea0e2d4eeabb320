import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { categories } from "~/modules/catalog/tables";
import { activeProductCount } from "./list-categories.server";
import type { ProductImageData } from "./product-card";

export type CategoryTile = {
  slug: string;
  name: string;
  href: string;
  comingSoon: boolean;
  productCount: number;
  image: ProductImageData | null;
};

/**
 * Home's shop-by-category grid: each visible category with its own picture when the owner gave
 * one, else a photo of one of its best products (as before).
 */
async function queryCategoryTiles(db: DbOrTx): Promise<CategoryTile[]> {
  const rows = await db
    .select({
      slug: categories.slug,
      name: categories.name,
      comingSoon: categories.comingSoon,
      productCount: activeProductCount,
      own: categories.image,
      image: sql<ProductImageData | null>`case when "categories"."image" is null then (
        select json_build_object('alt', pi.alt, 'width', pi.width, 'height', pi.height, 'sources', pi.sources)
        from product_images pi join products p on p.id = pi.product_id
        where p.category_slug = "categories"."slug" and p.status <> 'draft'
        order by p.rating desc, p.id, pi.position limit 1) end`,
    })
    .from(categories)
    .where(eq(categories.hidden, false))
    .orderBy(asc(categories.position), asc(categories.name));
  return rows.map(({ own, ...r }) => ({
    ...r,
    image: own ? { alt: r.name, width: own.width, height: own.height, sources: own.sources } : r.image,
    comingSoon: r.comingSoon && r.productCount === 0,
    href: r.comingSoon && r.productCount === 0 ? `/coming-soon/${r.slug}` : `/category/${r.slug}`,
  }));
}

/** The same, kept in memory between catalogue changes (db/read-cache.server.ts). */
export function categoryTiles(db: DbOrTx): Promise<CategoryTile[]> {
  return readThrough(db, "catalog", "tiles", () => queryCategoryTiles(db));
}
