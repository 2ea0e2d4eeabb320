import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { cartItems } from "~/modules/cart/tables";
import { categories, products, productVariants } from "~/modules/catalog/reads";
import { firstImage } from "~/modules/catalog/card-columns";
import { onSaleAt, priceAt } from "~/modules/promotions/reads";
import type { CartLine } from "./cart-line";

/** A buyer's cart lines with today's price and stock, newest first (SPEC.md: ordered by addedAt). */
export async function listCartLines(db: DbOrTx, userId: string, now = new Date()): Promise<CartLine[]> {
  const rows = await db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      variantId: cartItems.variantId,
      name: products.name,
      categoryName: categories.name,
      color: productVariants.color,
      size: productVariants.size,
      quantity: cartItems.quantity,
      price: priceAt(now),
      onSale: onSaleAt(now),
      categorySlug: products.categorySlug,
      priceWhenAdded: cartItems.priceWhenAdded,
      stock: productVariants.stock,
      status: products.status,
      addedAt: cartItems.addedAt,
      image: firstImage,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(categories, eq(categories.slug, products.categorySlug))
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.addedAt), asc(cartItems.id));
  return rows;
}

/**
 * Locks the buyer's cart rows until the transaction ends (an order of the cart): a quantity changed
 * meanwhile waits, then finds the line ordered. A change committed just before is seen (FOR UPDATE
 * reads the latest version) and is ordered.
 */
export async function lockCart(tx: Tx, userId: string): Promise<void> {
  await tx
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(cartItems.id)
    .for("update");
}

/**
 * Removes exactly the cart rows an order was made from (a line added meanwhile stays). If one is
 * already gone, another checkout of the same cart got there first: refuse rather than order twice.
 */
export async function removeOrderedCartLines(tx: Tx, userId: string, ids: readonly string[]): Promise<void> {
  const removed = await tx
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, [...ids])))
    .returning({ id: cartItems.id });
  if (removed.length !== ids.length) {
    throw new AppError(
      "CONFLICT",
      "Your cart changed while the order was being placed. Please check it and try again.",
    );
  }
}

/** Pieces of one product in the buyer's cart, all colours and sizes together. */
export async function cartPiecesOf(db: DbOrTx, userId: string, productId: string): Promise<number> {
  const [row] = await db
    .select({ pieces: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int`.mapWith(Number) })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  return row?.pieces ?? 0;
}
