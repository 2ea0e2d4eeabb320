import { asc, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { categories, products } from "~/db/schema";
import { SHOPPER_VISIBLE_STATUSES } from "~/modules/catalog/product-availability";

const STATIC_PATHS = ["/", "/products", "/about", "/contact", "/privacy", "/terms", "/returns", "/coming-soon/sweatshirts", "/coming-soon/jackets"];

export async function listSitemapEntries(db: DbOrTx): Promise<{ path: string; lastModified?: Date }[]> {
  const [cats, prods] = await Promise.all([
    db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.position)),
    db.select({ id: products.id, updatedAt: products.updatedAt }).from(products).where(inArray(products.status, [...SHOPPER_VISIBLE_STATUSES])).orderBy(asc(products.id)),
  ]);
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...cats.map((c) => ({ path: `/category/${c.slug}` })),
    ...prods.map((p) => ({ path: `/product/${p.id}`, lastModified: p.updatedAt })),
  ];
}
