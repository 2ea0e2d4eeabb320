import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { categories, categoryRedirects } from "~/modules/catalog/tables";

/**
 * Where a former slug of a category points now (/category/{old} answers 301 to it), or null.
 * Redirects follow renames by ON UPDATE CASCADE, so one look-up lands on the slug now, however
 * long the chain of renames; a hidden category is no answer for shoppers.
 */
export async function resolveCategorySlug(db: DbOrTx, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ to: categoryRedirects.toSlug, hidden: categories.hidden })
    .from(categoryRedirects)
    .innerJoin(categories, eq(categories.slug, categoryRedirects.toSlug))
    .where(eq(categoryRedirects.fromSlug, slug));
  return row && !row.hidden ? row.to : null;
}
