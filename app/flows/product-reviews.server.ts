import type { Db, DbOrTx } from "~/db/client.server";
import { recomputeProductRating } from "~/modules/catalog/product-rating.server";
import * as owner from "~/modules/reviews/owner-reviews.server";
import { visibleReviewTotals } from "~/modules/reviews/reads";
import * as removal from "~/modules/reviews/remove-reviews-of.server";
import * as buyer from "~/modules/reviews/save-review.server";
import type { ReviewInput } from "~/modules/reviews/review-schema";

// A review changes (modules/reviews) and, in the same transaction, the product's rating and review
// count on its card (modules/catalog, which alone writes products).
const recompute = (tx: DbOrTx, productId: string) =>
  recomputeProductRating(tx, productId, visibleReviewTotals(productId));

/** A buyer rates a product they received (or edits their rating). */
export function saveReview(
  db: Db,
  user: { id: string; role: string },
  productId: string,
  input: ReviewInput,
  now?: Date,
) {
  return buyer.saveReview(db, user, productId, input, recompute, now);
}

/** The owner hides a review, or shows it again. */
export function setReviewHidden(db: Db, ownerId: string, reviewId: string, hidden: boolean, now?: Date) {
  return owner.setReviewHidden(db, ownerId, reviewId, hidden, recompute, now);
}

/** An account is deleted: its reviews go, and the products they rated are recounted. */
export function removeReviewsOf(db: Db, userId: string) {
  return removal.removeReviewsOf(db, userId, recompute);
}
