import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cartItems } from "~/modules/cart/reads";
import { orderItems } from "~/modules/orders/reads";
import { products } from "~/modules/catalog/tables";
import { wishlistItems } from "~/modules/wishlist/reads";
import { AppError } from "~/lib/errors";
import { publishLiveEvents } from "~/db/live-events.server";

export type DeleteOutcome = { outcome: "deleted" | "archived"; name: string };

/**
 * The owner's Delete. A product that any order names is archived instead: it leaves the
 * storefront, every cart and wishlist, and the inventory's default view, while every order keeps
 * its items. A product never ordered is deleted for real (variants, photos and cart lines go too).
 */
export async function deleteProduct(db: Db, id: string): Promise<DeleteOutcome> {
  return db.transaction(async (tx) => {
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, id)).for("update");
    if (!product) throw new AppError("NOT_FOUND", "Product not found");
    const [{ ordered }] = await tx
      .select({ ordered: sql<boolean>`exists (select 1 from ${orderItems} where ${orderItems.productId} = ${id})` })
      .from(sql`(select 1) as one`);
    // Whose cart or wishlist loses it: their open tabs (and every process's copy of their header) are told.
    const carts = await tx.delete(cartItems).where(eq(cartItems.productId, id)).returning({ userId: cartItems.userId });
    const wishlists = await tx
      .delete(wishlistItems)
      .where(eq(wishlistItems.productId, id))
      .returning({ userId: wishlistItems.userId });
    await publishLiveEvents(
      tx,
      "cart",
      carts.map((r) => r.userId),
    );
    await publishLiveEvents(
      tx,
      "wishlist",
      wishlists.map((r) => r.userId),
    );
    if (!ordered) {
      await tx.delete(products).where(eq(products.id, id));
      return { outcome: "deleted", name: product.name };
    }
    await tx
      .update(products)
      .set({ status: "archived", launchAt: null, featured: false, updatedAt: new Date() })
      .where(eq(products.id, id));
    return { outcome: "archived", name: product.name };
  });
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
