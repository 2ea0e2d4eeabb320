import { and, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { categories, products } from "~/modules/catalog/reads";
import { wishlistItems } from "~/modules/wishlist/tables";
import { AppError } from "~/lib/errors";
import { productCardColumns } from "~/modules/catalog/card-columns";
import { SHOPPER_VISIBLE_STATUSES } from "~/modules/catalog/product-availability";
import { publishLiveEvent } from "~/db/live-events.server";

/** The saved products as cards, most recently saved first; drafts are left out. */
export async function listWishlist(db: DbOrTx, userId: string) {
  return db
    .select(productCardColumns())
    .from(products)
    .innerJoin(categories, eq(categories.slug, products.categorySlug))
    .innerJoin(wishlistItems, and(eq(wishlistItems.productId, products.id), eq(wishlistItems.userId, userId)))
    .where(inArray(products.status, [...SHOPPER_VISIBLE_STATUSES]))
    .orderBy(desc(wishlistItems.addedAt));
}

/** Saves or unsaves a product; `saved` says which it is afterwards. */
export async function setWishlisted(
  db: DbOrTx,
  userId: string,
  productId: string,
  saved: boolean,
): Promise<{ saved: boolean; name: string }> {
  const [product] = await db
    .select({ name: products.name, status: products.status })
    .from(products)
    .where(eq(products.id, productId));
  if (!product || product.status === "draft") throw new AppError("NOT_FOUND", "Product not found");
  if (saved) await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  else
    await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  await publishLiveEvent(db, { topic: "wishlist", userId });
  return { saved, name: product.name };
}
