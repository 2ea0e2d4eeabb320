import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { products } from "~/modules/catalog/tables";
import { orderItems } from "~/modules/orders/reads";
import { AppError } from "~/lib/errors";

export type DeleteOutcome = { outcome: "deleted" | "archived"; name: string };

/** A product locked for the owner's Delete: its name, and whether any order names it. */
export type ProductToDelete = { id: string; name: string; ordered: boolean };

/**
 * The first half of the owner's Delete (the delete-product flow, app/flows/delete-product.server.ts,
 * composes it with the carts and wishlists it leaves): the product's row locked in the caller's
 * transaction, and whether any order names it.
 */
export async function lockProductForDeletion(tx: DbOrTx, id: string): Promise<ProductToDelete> {
  const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, id)).for("update");
  if (!product) throw new AppError("NOT_FOUND", "Product not found");
  const [{ ordered }] = await tx
    .select({ ordered: sql<boolean>`exists (select 1 from ${orderItems} where ${orderItems.productId} = ${id})` })
    .from(sql`(select 1) as one`);
  return { id, name: product.name, ordered };
}

/**
 * The second half of the owner's Delete, once the product has left every cart and wishlist. A
 * product that any order names is archived instead: it leaves the storefront and the inventory's
 * default view, while every order keeps its items. A product never ordered is deleted for real
 * (variants and photos go too).
 */
export async function deleteOrArchiveProduct(tx: DbOrTx, product: ProductToDelete): Promise<DeleteOutcome> {
  if (!product.ordered) {
    await tx.delete(products).where(eq(products.id, product.id));
    return { outcome: "deleted", name: product.name };
  }
  await tx
    .update(products)
    .set({ status: "archived", launchAt: null, featured: false, updatedAt: new Date() })
    .where(eq(products.id, product.id));
  return { outcome: "archived", name: product.name };
}

/** What the Delete confirmation says before the owner confirms: the name, and whether it will be archived. */
export async function describeDeletion(
  db: Db,
  id: string,
): Promise<{ id: string; name: string; ordered: boolean } | null> {
  const [row] = await db
    // Table-qualified by hand: Drizzle leaves columns unqualified in a single-table select (see card-query).
    .select({
      name: products.name,
      ordered: sql<boolean>`exists (select 1 from order_items oi where oi.product_id = "products"."id")`,
    })
    .from(products)
    .where(eq(products.id, id));
  return row ? { id, ...row } : null;
}
