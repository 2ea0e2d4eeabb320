import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { categories, products } from "~/modules/catalog/tables";
import { productCardColumns } from "./card-columns";

/** A select of everything a product card needs, at the prices of `now` (a running sale's); callers add where/order/limit. */
export function selectProductCards(db: DbOrTx, now = new Date()) {
  return db
    .select(productCardColumns(now))
    .from(products)
    .innerJoin(categories, eq(categories.slug, products.categorySlug));
}
