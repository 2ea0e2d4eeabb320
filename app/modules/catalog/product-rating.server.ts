import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import type { ProductRating } from "./product-rating";

/**
 * Recomputes a product's card figures from its starting (seeded) figures plus its visible reviews,
 * in the caller's transaction (a review's: the flows of app/flows/product-reviews.server.ts): count =
 * base count + visible reviews; rating = the mean over all of them, one decimal (0 with no reviews).
 * The product row is locked first: two reviews written at the same moment then count one after the
 * other, the second seeing the first (an UPDATE alone would count from a snapshot taken before it
 * waited, and lose the other review).
 */
export async function recomputeProductRating(
  tx: DbOrTx,
  productId: string,
  /** The product's visible reviews as one row (n, total): modules/reviews' visibleReviewTotals, which the flow hands over. */
  reviewTotals: SQL,
): Promise<ProductRating> {
  // NO KEY UPDATE, the lock the UPDATE below takes anyway: it does not clash with the key-share
  // lock that inserting a review holds on its product, so two writers queue instead of deadlocking.
  await tx.execute(sql`select 1 from products where id = ${productId} for no key update`);
  const result = await tx.execute(sql`
    update products p set
      review_count = p.base_review_count + v.n,
      rating = case when p.base_review_count + v.n = 0 then 0
        else round((p.base_rating::numeric * p.base_review_count + v.total) / (p.base_review_count + v.n), 1) end
    from ${reviewTotals} v
    where p.id = ${productId}
    returning p.rating, p.review_count`);
  const row = (result as unknown as { rows: { rating: number | string; review_count: number | string }[] }).rows[0];
  return { rating: Number(row?.rating ?? 0), reviewCount: Number(row?.review_count ?? 0) };
}
