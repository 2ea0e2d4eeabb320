import { and, eq, isNull, sql } from "drizzle-orm";
import { reviews } from "./tables";

/** A subquery of one row: how many visible reviews a product has (`n`) and the sum of their stars (`total`). Hidden reviews count for nothing. */
export function visibleReviewTotals(productId: string) {
  return sql`(select count(*)::int as n, coalesce(sum(${reviews.rating}), 0)::numeric as total
    from ${reviews} where ${and(eq(reviews.productId, productId), isNull(reviews.hiddenAt))})`;
}
