import { apiData, handleApi, methodNotAllowed, readJson, requireApiUser } from "~/http/api.server";
import { AppError } from "~/lib/errors";
import { getProduct } from "~/modules/catalog/get-product.server";
import { listProductReviews } from "~/modules/reviews/list-product-reviews.server";
import { parseReviewInput } from "~/modules/reviews/review-schema";
import { saveReview } from "~/flows/product-reviews.server";
import type { Route } from "./+types/product-reviews";

/** GET /api/products/:id/reviews?page=: the visible reviews, newest first (public), with the product's figures. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const product = await getProduct(context.db, params.id);
    if (!product) throw new AppError("NOT_FOUND", "Product not found");
    const page = await listProductReviews(
      context.db,
      product.id,
      Number(new URL(request.url).searchParams.get("page") ?? 1),
    );
    return apiData({
      rating: product.rating,
      reviewCount: product.reviewCount,
      reviews: page.reviews.map((r) => ({
        id: r.id,
        author: r.author,
        verifiedPurchase: true,
        rating: r.rating,
        comment: r.comment,
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
      })),
      total: page.total,
      page: page.page,
      pageCount: page.pageCount,
    });
  });
}

/**
 * POST /api/products/:id/reviews `{ rating, comment? }`: a buyer with a delivered order of this
 * product rates it; posting again edits their review. 201 when new, 200 when edited.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"], "/api/products/{id}/reviews");
    const user = await requireApiUser(request, context);
    const parsed = parseReviewInput(await readJson(request));
    if (!parsed.ok) throw new AppError("VALIDATION", undefined, parsed.fields as Record<string, string>);
    const saved = await saveReview(context.db, user, params.id, parsed.data);
    return apiData(
      { id: saved.id, rating: saved.rating, comment: saved.comment, product: saved.product },
      saved.created ? 201 : 200,
    );
  });
}
