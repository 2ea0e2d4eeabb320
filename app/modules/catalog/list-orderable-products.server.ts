import { and, asc, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { products, productVariants } from "~/modules/catalog/tables";
import { FOR_SALE_STATUS } from "./product-availability";

export type OrderableProduct = {
  id: string;
  name: string;
  price: number;
  variants: { color: string; size: string; stock: number }[];
};

/**
 * Products the owner can put on an order they enter for a customer: for sale, with the colours
 * and sizes in stock now (placeOrder checks the stock again when the order is placed).
 */
export async function listOrderableProducts(db: DbOrTx): Promise<OrderableProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      color: productVariants.color,
      size: productVariants.size,
      stock: productVariants.stock,
    })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(and(eq(products.status, FOR_SALE_STATUS), gt(productVariants.stock, 0)))
    .orderBy(asc(products.name), asc(products.id), asc(productVariants.position), asc(productVariants.id));
  const byId = new Map<string, OrderableProduct>();
  for (const row of rows) {
    const product = byId.get(row.id) ?? { id: row.id, name: row.name, price: row.price, variants: [] };
    product.variants.push({ color: row.color, size: row.size, stock: row.stock });
    byId.set(row.id, product);
  }
  return [...byId.values()];
}
