import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/modules/catalog/reads";
import { reviews } from "~/modules/reviews/tables";
import { AppError } from "~/lib/errors";
import { SHOPPER_VISIBLE_STATUSES } from "~/modules/catalog/product-availability";
import { announceReviewsChanged, type ProductRating, type RecomputeProductRating } from "./product-rating.server";
import { hasDeliveredPurchase, NOT_ELIGIBLE_MESSAGE } from "./review-eligibility.server";
import type { ReviewInput } from "./review-schema";

export type SavedReview = { id: string; rating: number; comment: string; created: boolean; product: ProductRating };

/**
 * A buyer rates a product they received: one review per buyer and product, so a second submit edits
 * the first (its date of writing kept, updated_at moved). The product's figures are recomputed in
 * the same transaction (modules/catalog's, given by a flow). Someone without a delivered order with this product is refused.
 */
export async function saveReview(
  db: Db,
  user: { id: string; role: string },
  productId: string,
  input: ReviewInput,
  recomputeProductRating: RecomputeProductRating,
  now = new Date(),
): Promise<SavedReview> {
  if (user.role !== "buyer") throw new AppError("FORBIDDEN", "Only customers can rate products");
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), inArray(products.status, [...SHOPPER_VISIBLE_STATUSES])));
    if (!product) throw new AppError("NOT_FOUND", "Product not found");
    if (!(await hasDeliveredPurchase(tx, user.id, productId))) throw new AppError("FORBIDDEN", NOT_ELIGIBLE_MESSAGE);
    const [saved] = await tx
      .insert(reviews)
      .values({
        productId,
        userId: user.id,
        rating: input.rating,
        comment: input.comment,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [reviews.productId, reviews.userId],
        set: { rating: input.rating, comment: input.comment, updatedAt: now },
      })
      // xmax = 0 only on a row this statement inserted: tells a new review from an edit.
      .returning({
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        created: sql<boolean>`(xmax = 0)`,
      });
    const rating = await recomputeProductRating(tx, productId);
    await announceReviewsChanged(tx);
    return {
      id: saved.id,
      rating: saved.rating,
      comment: saved.comment,
      created: Boolean(saved.created),
      product: rating,
    };
  });
}
