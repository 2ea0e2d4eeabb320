import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { categories, products } from "~/modules/catalog/tables";
import { SHOPPER_VISIBLE_STATUSES } from "~/modules/catalog/product-availability";

const STATIC_PATHS = ["/", "/products", "/about", "/contact", "/privacy", "/terms", "/returns"];

/** Every page a search engine may list: hidden categories left out, coming-soon ones with their coming-soon page too. */
export async function listSitemapEntries(db: DbOrTx): Promise<{ path: string; lastModified?: Date }[]> {
  const [cats, prods] = await Promise.all([
    db
      .select({ slug: categories.slug, comingSoon: categories.comingSoon })
      .from(categories)
      .where(eq(categories.hidden, false))
      .orderBy(asc(categories.position), asc(categories.name)),
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(inArray(products.status, [...SHOPPER_VISIBLE_STATUSES]))
      .orderBy(asc(products.id)),
  ]);
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...cats.filter((c) => c.comingSoon).map((c) => ({ path: `/coming-soon/${c.slug}` })),
    ...cats.map((c) => ({ path: `/category/${c.slug}` })),
    ...prods.map((p) => ({ path: `/product/${p.id}`, lastModified: p.updatedAt })),
  ];
}
