import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { categories, products } from "~/modules/catalog/tables";
import { AppError } from "~/lib/errors";

/**
 * Moves every product of one category (any status) to another, in one statement: the way out
 * when a category with products is to be deleted.
 */
export async function moveCategoryProducts(
  db: Db,
  from: string,
  to: string,
): Promise<{ moved: number; toName: string }> {
  if (from === to)
    throw new AppError("VALIDATION", "Choose another category to move them to", {
      moveTo: "Choose another category to move them to",
    });
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ name: categories.name }).from(categories).where(eq(categories.slug, to));
    if (!target)
      throw new AppError("VALIDATION", "Choose a category to move them to", {
        moveTo: "Choose a category to move them to",
      });
    const moved = await tx
      .update(products)
      .set({ categorySlug: to, updatedAt: sql`now()` })
      .where(eq(products.categorySlug, from))
      .returning({ id: products.id });
    return { moved: moved.length, toName: target.name };
  });
}
