import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { showToast } from "~/components/ui/toaster";
import { GENERIC_FAILURE } from "~/lib/failure-messages";
import { formatShopDate } from "~/lib/shop-time";
import { refusalOf } from "~/http/form-reply";
import type { SentForm } from "~/http/keep-on-failure";
import { useFormShape } from "~/components/ui/use-form-shape";
import { type FormReply, fieldErrors, formError, keptValue } from "~/lib/form-reply";
import { reviewInputSchema } from "~/modules/reviews/review-schema";
import { ReviewStars } from "./review-stars";

/** The product page's reviews, as the loader gives them (plain types: components never import server modules). */
export type ReviewsView = {
  reviews: { id: string; author: string; rating: number; comment: string; createdAt: string }[];
  total: number;
  page: number;
  pageCount: number;
};
/** Who is looking: a guest, a signed-in person who may not rate it (yet), or a buyer who may. */
export type ReviewerView =
  | { kind: "guest" }
  | { kind: "signed-in"; eligible: false }
  | { kind: "signed-in"; eligible: true; own: { rating: number; comment: string; hidden: boolean } | null };
/** The action's answer to 'Rate this product' when it is saved. */
export type ReviewSaved = { intent: "review"; ok: true; message: string };
/** A refused review: the one form shape (messages beside the stars and the comment, what was typed). */
export type ReviewRefusal = FormReply & { form: "review" };
export type ReviewResult = ReviewSaved | ReviewRefusal;

/** True for an answer to 'Rate this product' (the product page's other forms answer otherwise). */
export function isReviewResult(answer: unknown): answer is ReviewResult {
  if (typeof answer !== "object" || answer === null) return false;
  return (answer as ReviewRefusal).form === "review" || (answer as ReviewSaved).intent === "review";
}

/** 'Rate this product' whose request failed: the message, and the rating and comment as they were. */
export function reviewFailure({ values }: SentForm): ReviewRefusal {
  return { ...refusalOf(values, GENERIC_FAILURE), form: "review" };
}

export function ProductReviews({
  productId,
  rating,
  reviewCount,
  reviews,
  reviewer,
  result,
}: {
  productId: string;
  rating: number;
  reviewCount: number;
  reviews: ReviewsView;
  reviewer: ReviewerView;
  result: ReviewResult | null;
}) {
  const older = reviewCount - reviews.total;
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="mt-10 scroll-mt-20 border-t border-stone-200 pt-8">
      <h2 id="reviews-title" className="text-xl font-bold text-stone-900 sm:text-2xl">
        Reviews
      </h2>
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <div className="flex flex-col gap-6">
          <div className="rounded-2xl bg-stone-50 p-5" data-testid="rating-summary">
            {reviewCount === 0 ? (
              <p className="font-semibold text-stone-900">No reviews yet</p>
            ) : (
              <>
                <p className="flex items-center gap-3">
                  <span className="text-4xl font-bold text-stone-900">{rating.toFixed(1)}</span>
                  <ReviewStars rating={rating} className="h-6 w-6" />
                </p>
                <p className="mt-1 text-stone-700" data-testid="review-count">
                  {reviewCount.toLocaleString("en-PK")} {reviewCount === 1 ? "review" : "reviews"}
                </p>
                {older > 0 && reviews.total > 0 && (
                  <p className="mt-1 text-sm text-stone-600">
                    Including {older.toLocaleString("en-PK")} ratings from before reviews were written here.
                  </p>
                )}
              </>
            )}
          </div>
          <ReviewFormArea productId={productId} reviewer={reviewer} result={result} />
        </div>
        <div>
          {reviews.total === 0 ? (
            <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-stone-700">
              No written reviews yet. Buyers can rate this product once it has been delivered to them.
            </p>
          ) : (
            <ul className="divide-y divide-stone-200" data-testid="review-list">
              {reviews.reviews.map((r) => (
                <li key={r.id} className="py-4 first:pt-0">
                  <article aria-label={`Review by ${r.author}`}>
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <ReviewStars rating={r.rating} />
                      <span className="font-semibold text-stone-900">{r.author}</span>
                      <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                        Verified purchase
                      </span>
                      <time dateTime={r.createdAt} className="text-sm text-stone-600">
                        {formatShopDate(r.createdAt)}
                      </time>
                    </div>
                    {r.comment && <p className="mt-2 whitespace-pre-line break-words text-stone-800">{r.comment}</p>}
                  </article>
                </li>
              ))}
            </ul>
          )}
          {reviews.pageCount > 1 && (
            <nav aria-label="Review pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
              {reviews.page > 1 ? (
                <Link className="btn-secondary px-4" to={`?reviews=${reviews.page - 1}#reviews`} preventScrollReset>
                  Newer reviews
                </Link>
              ) : (
                <span />
              )}
              <span className="text-stone-700">
                Page {reviews.page} of {reviews.pageCount}
              </span>
              {reviews.page < reviews.pageCount ? (
                <Link className="btn-secondary px-4" to={`?reviews=${reviews.page + 1}#reviews`} preventScrollReset>
                  Older reviews
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
        </div>
      </div>
    </section>
  );
}

function ReviewFormArea({
  productId,
  reviewer,
  result,
}: {
  productId: string;
  reviewer: ReviewerView;
  result: ReviewResult | null;
}) {
  if (reviewer.kind === "guest") {
    return (
      <p className="text-sm text-stone-700">
        Bought this?{" "}
        <Link
          className="font-medium text-brand-700 underline"
          to={`/auth?${new URLSearchParams({ mode: "login", redirectTo: `/product/${productId}` })}`}
        >
          Sign in
        </Link>{" "}
        to rate it once it has been delivered.
      </p>
    );
  }
  if (!reviewer.eligible)
    return (
      <p className="text-sm text-stone-700">
        You can rate this product once an order with it has been delivered to you.
      </p>
    );
  return <ReviewForm own={reviewer.own} result={result} />;
}

function ReviewForm({
  own,
  result: pageResult,
}: {
  own: { rating: number; comment: string; hidden: boolean } | null;
  result: ReviewResult | null;
}) {
  const fetcher = useFetcher<ReviewResult>();
  // With JavaScript the answer comes to the fetcher; without, the page renders it.
  const result = fetcher.data ?? pageResult;
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer) return;
    if ("ok" in answer) showToast(answer.message, "success");
    else showToast(formError(answer) ?? GENERIC_FAILURE, "error");
  }, [fetcher.state, fetcher.data]);
  const refused = result && !("ok" in result) ? result : undefined;
  // The action's schema checks the stars and the comment in the browser too, before anything is sent.
  const [form, fields] = useFormShape(reviewInputSchema, refused, { id: "review" });
  const ratingError = fields.rating.errors?.[0];
  const commentError = fields.comment.errors?.[0];
  const checked = refused ? (keptValue(refused, "rating") ?? "") : own ? String(own.rating) : "";
  // Without JavaScript the page says how it went (a refusal with no field to show it beside); with it, a toast does.
  const pageMessage =
    result && result === pageResult && !fetcher.data
      ? "ok" in result
        ? { ok: true, text: result.message }
        : Object.keys(fieldErrors(result)).length === 0 && formError(result)
          ? { ok: false, text: formError(result) }
          : null
      : null;
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      className="scroll-mt-20 rounded-2xl border border-stone-200 p-5"
      aria-labelledby="review-form-title"
      noValidate
    >
      <input type="hidden" name="intent" value="review" />
      <h3 id="review-form-title" className="text-lg font-semibold text-stone-900">
        Rate this product
      </h3>
      {own ? (
        <p className="mt-1 text-sm text-stone-700">
          Your rating: {own.rating}. You can change it below.
          {own.hidden && (
            <span className="mt-1 block text-amber-900">The shop has hidden your review from the product page.</span>
          )}
        </p>
      ) : (
        <p className="mt-1 text-sm text-stone-700">Your order was delivered: tell other shoppers what you think.</p>
      )}
      <fieldset className="mt-4" aria-describedby={ratingError ? "review-rating-error" : undefined}>
        <legend className="field-label">Your rating</legend>
        <div className="flex flex-wrap gap-2" key={checked}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="relative flex min-h-11 min-w-14 cursor-pointer items-center justify-center gap-1 rounded-lg border border-stone-300 px-3 text-stone-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                type="radio"
                name="rating"
                value={n}
                defaultChecked={checked === String(n)}
                className="absolute inset-0 cursor-pointer opacity-0"
              />
              <span aria-hidden>{n} ★</span>
              <span className="sr-only">{n === 1 ? "1 star" : `${n} stars`}</span>
            </label>
          ))}
        </div>
        {ratingError && (
          <p id="review-rating-error" className="field-error">
            {ratingError}
          </p>
        )}
      </fieldset>
      <div className="mt-4">
        <label htmlFor="review-comment" className="field-label">
          Comment (optional)
        </label>
        <textarea
          id="review-comment"
          name="comment"
          rows={4}
          maxLength={2000}
          key={refused ? "typed" : (own?.comment ?? "")}
          defaultValue={refused ? (keptValue(refused, "comment") ?? "") : (own?.comment ?? "")}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? "review-comment-error" : undefined}
          className="field-input"
          placeholder="Fit, fabric, delivery..."
        />
        {commentError && (
          <p id="review-comment-error" className="field-error">
            {commentError}
          </p>
        )}
      </div>
      {/* Without JavaScript the page says how it went; with it, a toast does. */}
      {pageMessage && (
        <p
          role={pageMessage.ok ? "status" : "alert"}
          className={`mt-3 rounded-lg px-3 py-2 text-sm font-medium ${pageMessage.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-800"}`}
        >
          {pageMessage.text}
        </p>
      )}
      <button type="submit" className="btn-primary mt-4 w-full sm:w-auto" disabled={saving}>
        {saving ? "Saving..." : own ? "Update review" : "Submit review"}
      </button>
    </fetcher.Form>
  );
}
