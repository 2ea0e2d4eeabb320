import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { products } from "~/modules/catalog/tables";
import { selectProductCards } from "./card-query.server";
import { FOR_SALE_STATUS } from "./product-availability";
import type { ProductCardData } from "./product-card";

/** Home's picks (SPEC.md): the best-rated T-Shirt, the second best-rated Trousers, the best-rated Hoodie. */
const PICKS = [
  { category: "t-shirts", rank: 0 },
  { category: "trousers", rank: 1 },
  { category: "hoodies", rank: 0 },
];

async function queryFeaturedProducts(db: DbOrTx): Promise<ProductCardData[]> {
  const picks = await Promise.all(
    PICKS.map(async ({ category, rank }) => {
      const rows = await selectProductCards(db)
        .where(and(eq(products.categorySlug, category), eq(products.status, FOR_SALE_STATUS)))
        .orderBy(desc(products.rating), desc(products.reviewCount), products.id)
        .limit(rank + 1);
      return rows[rank] ?? rows[0];
    }),
  );
  return picks.filter((p): p is ProductCardData => Boolean(p));
}

/** The same, kept in memory between catalogue changes (db/read-cache.server.ts). */
export function featuredProducts(db: DbOrTx): Promise<ProductCardData[]> {
  return readThrough(db, "catalog", "featured", () => queryFeaturedProducts(db));
}
