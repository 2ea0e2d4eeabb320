import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { reviews } from "~/modules/reviews/tables";
import { hasDeliveredPurchase } from "./review-eligibility.server";

export type OwnReview = { rating: number; comment: string; hidden: boolean; updatedAt: Date };

/** What the product page needs for a signed-in buyer: may they rate it, and their review if any. */
export async function getReviewerState(
  db: DbOrTx,
  userId: string,
  productId: string,
): Promise<{ eligible: boolean; own: OwnReview | null }> {
  const [eligible, [own]] = await Promise.all([
    hasDeliveredPurchase(db, userId, productId),
    db
      .select({
        rating: reviews.rating,
        comment: reviews.comment,
        hiddenAt: reviews.hiddenAt,
        updatedAt: reviews.updatedAt,
      })
      .from(reviews)
      .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId))),
  ]);
  return {
    eligible,
    own: own
      ? { rating: own.rating, comment: own.comment, hidden: own.hiddenAt !== null, updatedAt: own.updatedAt }
      : null,
  };
}

/** The buyer's own ratings of these products (order page, My Orders): product id -> stars. */
export async function ratingsByProduct(
  db: DbOrTx,
  userId: string,
  productIds: (string | null)[],
): Promise<Record<string, number>> {
  const ids = [...new Set(productIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return {};
  const rows = await db
    .select({ productId: reviews.productId, rating: reviews.rating })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), inArray(reviews.productId, ids)));
  return Object.fromEntries(rows.map((r) => [r.productId, r.rating]));
}
