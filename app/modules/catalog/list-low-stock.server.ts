import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { products, productVariants } from "~/modules/catalog/tables";
import { lowStockLevel } from "./list-inventory.server";

export type LowStockRow = {
  productId: string;
  name: string;
  color: string;
  size: string;
  stock: number;
  threshold: number;
};

/**
 * The colours and sizes of active products at or under their low-stock alert (the product's own,
 * else the shop's default), product by product in name order, at most `limit` of them, with how
 * many there are in all. Filtered and counted in SQL.
 */
export async function listLowStock(
  db: DbOrTx,
  { limit = 200 }: { limit?: number } = {},
): Promise<{ rows: LowStockRow[]; total: number }> {
  const where = and(eq(products.status, "active"), sql`${productVariants.stock} <= ${lowStockLevel}`);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        productId: products.id,
        name: products.name,
        color: productVariants.color,
        size: productVariants.size,
        stock: productVariants.stock,
        threshold: sql<number>`${lowStockLevel}::int`,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(where)
      .orderBy(
        asc(sql`lower(${products.name})`),
        asc(products.id),
        asc(productVariants.position),
        asc(productVariants.id),
      )
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(where),
  ]);
  return { rows, total };
}
