import { asc } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { categories, products } from "~/modules/catalog/reads";
import type { PromotionTargets } from "./promotion-forms";

/**
 * What a code or a sale can apply to: every category and every product (drafts and hidden ones
 * too, so a sale can be set up before a collection launches), by name.
 */
export async function listPromotionTargets(db: DbOrTx): Promise<PromotionTargets> {
  const [categoryRows, productRows] = await Promise.all([
    db
      .select({ slug: categories.slug, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name)),
    db.select({ id: products.id, name: products.name }).from(products).orderBy(asc(products.name), asc(products.id)),
  ]);
  return { categories: categoryRows, products: productRows };
}
