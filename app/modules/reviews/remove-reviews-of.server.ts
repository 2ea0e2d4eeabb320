import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { reviews } from "~/modules/reviews/tables";
import { announceReviewsChanged, type RecomputeProductRating } from "./product-rating.server";

/**
 * Before an account is deleted: its reviews go with it (the cascade would drop them anyway), and the
 * figures of the products they rated are recomputed so the cards do not keep counting them.
 */
export async function removeReviewsOf(
  db: Db,
  userId: string,
  recomputeProductRating: RecomputeProductRating,
): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(reviews)
      .where(eq(reviews.userId, userId))
      .returning({ productId: reviews.productId });
    if (removed.length === 0) return;
    // One product after another in a fixed order, so two of these never wait on each other's locks.
    for (const productId of [...new Set(removed.map((r) => r.productId))].sort())
      await recomputeProductRating(tx, productId);
    await announceReviewsChanged(tx);
  });
}
