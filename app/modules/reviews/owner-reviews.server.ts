import { and, count, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { products } from "~/modules/catalog/reads";
import { reviews } from "~/modules/reviews/tables";
import { users } from "~/modules/accounts/reads";
import { AppError } from "~/lib/errors";
import { isUuid } from "~/lib/uuid";
import { announceReviewsChanged, type ProductRating, type RecomputeProductRating } from "./product-rating.server";
import { pageWindow } from "~/lib/page-window";

export const OWNER_REVIEWS_PAGE_SIZE = 20;
export const REVIEW_FILTERS = ["all", "visible", "hidden"] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export type OwnerReview = {
  id: string;
  productId: string;
  productName: string;
  buyerName: string;
  buyerEmail: string;
  rating: number;
  comment: string;
  createdAt: Date;
  updatedAt: Date;
  hiddenAt: Date | null;
};
export type OwnerReviewsPage = {
  reviews: OwnerReview[];
  total: number;
  hiddenCount: number;
  page: number;
  pageCount: number;
  filter: ReviewFilter;
};

export function reviewFilterOf(value: string | null | undefined): ReviewFilter {
  return REVIEW_FILTERS.find((f) => f === value) ?? "all";
}

const FILTER_WHERE: Record<ReviewFilter, SQL | undefined> = {
  all: undefined,
  visible: isNull(reviews.hiddenAt),
  hidden: isNotNull(reviews.hiddenAt),
};

/** The owner's Reviews tab: every review (or the visible or hidden ones), newest first, a page at a time. */
export async function listOwnerReviews(db: DbOrTx, filter: ReviewFilter, page: number): Promise<OwnerReviewsPage> {
  const where = FILTER_WHERE[filter];
  const [[{ total }], [{ hiddenCount }]] = await Promise.all([
    db.select({ total: count() }).from(reviews).where(where),
    db.select({ hiddenCount: count() }).from(reviews).where(isNotNull(reviews.hiddenAt)),
  ]);
  const { page: current, pageCount, offset } = pageWindow(total, page, OWNER_REVIEWS_PAGE_SIZE);
  const rows =
    total === 0
      ? []
      : await db
          .select({
            id: reviews.id,
            productId: reviews.productId,
            productName: products.name,
            buyerName: users.name,
            buyerEmail: users.email,
            rating: reviews.rating,
            comment: reviews.comment,
            createdAt: reviews.createdAt,
            updatedAt: reviews.updatedAt,
            hiddenAt: reviews.hiddenAt,
          })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .innerJoin(users, eq(users.id, reviews.userId))
          .where(where)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(OWNER_REVIEWS_PAGE_SIZE)
          .offset(offset);
  return { reviews: rows, total, hiddenCount, page: current, pageCount, filter };
}

/**
 * The owner hides an abusive review (it is no longer shown and counts for nothing) or shows it again;
 * the product's figures follow in the same transaction.
 */
export async function setReviewHidden(
  db: Db,
  ownerId: string,
  reviewId: string,
  hidden: boolean,
  recomputeProductRating: RecomputeProductRating,
  now = new Date(),
): Promise<{ productName: string; product: ProductRating }> {
  if (!isUuid(reviewId)) throw new AppError("NOT_FOUND", "That review no longer exists");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set(hidden ? { hiddenAt: now, hiddenBy: ownerId } : { hiddenAt: null, hiddenBy: null })
      .where(and(eq(reviews.id, reviewId)))
      .returning({ productId: reviews.productId });
    if (!row) throw new AppError("NOT_FOUND", "That review no longer exists");
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, row.productId));
    const rating = await recomputeProductRating(tx, row.productId);
    await announceReviewsChanged(tx);
    return { productName: product?.name ?? "", product: rating };
  });
}
