import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { categories, products } from "~/modules/catalog/tables";
import { AppError } from "~/lib/errors";
import { productsInCategoryMessage } from "./category-input";

/**
 * Deletes a category that has no products at all (any status: a draft or archived product still
 * needs its category). Its menu links and former slugs go with it (ON DELETE CASCADE); a
 * collection whose rule named it loses that rule (SET NULL). With products, it is refused with
 * how many, and nothing changes: the owner moves them or hides the category instead.
 */
export async function deleteCategory(db: Db, slug: string): Promise<{ name: string }> {
  return db.transaction(async (tx) => {
    const [category] = await tx
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.slug, slug))
      .for("update");
    if (!category) throw new AppError("NOT_FOUND", "That category no longer exists");
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.categorySlug, slug));
    if (count > 0) throw new AppError("CONFLICT", productsInCategoryMessage(count));
    await tx.delete(categories).where(eq(categories.slug, slug));
    return category;
  });
}
