import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { publishLiveEvents } from "~/db/live-events.server";
import { wishlistItems } from "~/modules/wishlist/tables";

/**
 * A product leaves every wishlist (it is deleted or archived), inside the caller's transaction:
 * whose wishlist lost it are told at commit.
 */
export async function removeProductFromWishlists(tx: DbOrTx, productId: string): Promise<void> {
  const wishlists = await tx
    .delete(wishlistItems)
    .where(eq(wishlistItems.productId, productId))
    .returning({ userId: wishlistItems.userId });
  await publishLiveEvents(
    tx,
    "wishlist",
    wishlists.map((r) => r.userId),
  );
}
