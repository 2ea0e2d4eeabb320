import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { categories } from "~/modules/catalog/tables";
import { AppError } from "~/lib/errors";

/**
 * Hides a category from the storefront (lists, menus, filters, home tiles, sitemap, the API; its
 * page is a 404) or shows it again. Its products stay as they are: a buyer's cart, wishlist or
 * shared link keeps working, and they still appear in All Products and search.
 */
export async function hideCategory(db: Db, slug: string, hidden: boolean): Promise<{ name: string }> {
  const [row] = await db
    .update(categories)
    .set({ hidden })
    .where(eq(categories.slug, slug))
    .returning({ name: categories.name });
  if (!row) throw new AppError("NOT_FOUND", "That category no longer exists");
  return row;
}
