import { asc, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { categories } from "~/db/schema";
import { FOR_SALE_STATUS } from "./product-availability";

export type CategoryData = {
  slug: string;
  name: string;
  description: string;
  comingSoon: boolean;
  launchLabel: string | null;
  productCount: number;
};

/** Products on sale in the category of the outer query (table-qualified: see card-query). */
export const activeProductCount = sql<number>`(select count(*) from products p where p.category_slug = "categories"."slug" and p.status = ${FOR_SALE_STATUS})::int`;

/** Every category with its count of products a shopper can see. */
async function queryCategories(db: DbOrTx): Promise<CategoryData[]> {
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      comingSoon: categories.comingSoon,
      launchLabel: categories.launchLabel,
      productCount: activeProductCount,
    })
    .from(categories)
    .orderBy(asc(categories.position));
}

/** The same, kept in memory between catalogue changes (db/read-cache.server.ts). */
export function listCategories(db: DbOrTx): Promise<CategoryData[]> {
  return readThrough(db, "catalog", "categories", () => queryCategories(db));
}
