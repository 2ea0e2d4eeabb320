import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { categories } from "~/modules/catalog/tables";
import type { StoredImageRef } from "~/db/schema/stored-image";
import { FOR_SALE_STATUS } from "./product-availability";

export type CategoryData = {
  slug: string;
  name: string;
  description: string;
  comingSoon: boolean;
  launchLabel: string | null;
  launchAt: Date | null;
  hidden: boolean;
  image: StoredImageRef | null;
  productCount: number;
};

/** Products on sale in the category of the outer query (table-qualified: see card-query). */
export const activeProductCount = sql<number>`(select count(*) from products p where p.category_slug = "categories"."slug" and p.status = ${FOR_SALE_STATUS})::int`;

/** The categories in the owner's order with their count of products a shopper can see; hidden ones only when asked. */
async function queryCategories(db: DbOrTx, includeHidden: boolean): Promise<CategoryData[]> {
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      comingSoon: categories.comingSoon,
      launchLabel: categories.launchLabel,
      launchAt: categories.launchAt,
      hidden: categories.hidden,
      image: categories.image,
      productCount: activeProductCount,
    })
    .from(categories)
    .where(includeHidden ? undefined : eq(categories.hidden, false))
    .orderBy(asc(categories.position), asc(categories.name));
}

/**
 * The storefront's categories (header, footer, filters, API): hidden ones left out. The owner's
 * pages (product form, inventory filter) pass `includeHidden` so a product in a hidden category
 * keeps it. Kept in memory between catalogue changes (db/read-cache.server.ts).
 */
export function listCategories(
  db: DbOrTx,
  { includeHidden = false }: { includeHidden?: boolean } = {},
): Promise<CategoryData[]> {
  return readThrough(db, "catalog", includeHidden ? "categories:all" : "categories", () =>
    queryCategories(db, includeHidden),
  );
}
