import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { reviews } from "~/modules/reviews/tables";
import { users } from "~/modules/accounts/reads";
import { firstNameOf } from "./review-schema";
import { pageWindow } from "~/lib/page-window";

export const PRODUCT_REVIEWS_PAGE_SIZE = 5;

/** A review as shoppers see it: the buyer's first name only, always a verified purchase. */
export type PublicReview = {
  id: string;
  author: string;
  rating: number;
  comment: string;
  createdAt: Date;
  updatedAt: Date;
};
export type ProductReviewsPage = { reviews: PublicReview[]; total: number; page: number; pageCount: number };

/** One page of a product's visible reviews, newest first (pages counted in SQL, never all rows loaded). */
async function queryProductReviews(
  db: DbOrTx,
  productId: string,
  page: number,
  pageSize = PRODUCT_REVIEWS_PAGE_SIZE,
): Promise<ProductReviewsPage> {
  const visible = and(eq(reviews.productId, productId), isNull(reviews.hiddenAt));
  const [{ total }] = await db.select({ total: count() }).from(reviews).where(visible);
  const { page: current, pageCount, offset } = pageWindow(total, page, pageSize);
  const rows =
    total === 0
      ? []
      : await db
          .select({
            id: reviews.id,
            name: users.name,
            rating: reviews.rating,
            comment: reviews.comment,
            createdAt: reviews.createdAt,
            updatedAt: reviews.updatedAt,
          })
          .from(reviews)
          .innerJoin(users, eq(users.id, reviews.userId))
          .where(visible)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(pageSize)
          .offset(offset);
  return {
    reviews: rows.map(({ name, ...r }) => ({ ...r, author: firstNameOf(name) })),
    total,
    page: current,
    pageCount,
  };
}

/** The same, kept in memory between catalogue changes (db/read-cache.server.ts). */
export function listProductReviews(
  db: DbOrTx,
  productId: string,
  page: number,
  pageSize = PRODUCT_REVIEWS_PAGE_SIZE,
): Promise<ProductReviewsPage> {
  return readThrough(db, "catalog", `reviews:${productId}:${page}:${pageSize}`, () =>
    queryProductReviews(db, productId, page, pageSize),
  );
}
