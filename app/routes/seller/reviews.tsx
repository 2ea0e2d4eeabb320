import { useEffect } from "react";
import { Form, Link, useFetcher } from "react-router";
import { ReviewStars } from "~/components/reviews/review-stars";
import { showToast } from "~/components/ui/toaster";
import { requireSeller } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { pageMeta } from "~/lib/seo";
import { formatShopDateTime } from "~/lib/shop-time";
import { parseSubmission, refusal } from "~/http/form-reply";
import { formError, isRefusal } from "~/lib/form-reply";
import { ownerReviewActionSchema, REVIEW_ACTION_NOT_UNDERSTOOD } from "~/modules/reviews/owner-review-action";
import { listOwnerReviews, reviewFilterOf, type ReviewFilter } from "~/modules/reviews/owner-reviews.server";
import { setReviewHidden } from "~/flows/product-reviews.server";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Reviews",
    description: "Buyers' reviews and their moderation.",
    path: "/seller/reviews",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const url = new URL(request.url);
  const list = await listOwnerReviews(
    context.db,
    reviewFilterOf(url.searchParams.get("show")),
    Number(url.searchParams.get("page") ?? 1),
  );
  return {
    ...list,
    reviews: list.reviews.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      hiddenAt: r.hiddenAt?.toISOString() ?? null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireSeller(request, context);
  const submission = parseSubmission(await request.formData(), ownerReviewActionSchema);
  // Refusals answer 200, so the list is read again after one (a review deleted meanwhile leaves it).
  if (submission.status !== "success") return refusal(submission, { formError: REVIEW_ACTION_NOT_UNDERSTOOD });
  const hide = submission.value.intent === "hide";
  try {
    const { productName } = await setReviewHidden(context.db, owner.id, submission.value.id, hide);
    return {
      ok: true as const,
      message: hide ? `Review of ${productName} hidden` : `Review of ${productName} shown again`,
    };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND")
      return refusal(submission, { formError: error.message });
    throw error;
  }
}

const FILTER_LABELS: Record<ReviewFilter, string> = { all: "All", visible: "Shown", hidden: "Hidden" };

export default function SellerReviews({ loaderData }: Route.ComponentProps) {
  const { reviews, total, hiddenCount, page, pageCount, filter } = loaderData;
  const pageLink = (n: number) =>
    `?${new URLSearchParams({ ...(filter !== "all" ? { show: filter } : {}), page: String(n) })}`;
  return (
    <section aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="text-xl font-semibold text-stone-900">
        Reviews
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Reviews from buyers whose orders were delivered. Hide an abusive one: it leaves the product page and no longer
        counts in the rating.
        {hiddenCount > 0 && ` ${hiddenCount} hidden.`}
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="reviews-filter" className="field-label">
            Show
          </label>
          <select
            id="reviews-filter"
            name="show"
            defaultValue={filter}
            className="field-input"
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            {(Object.keys(FILTER_LABELS) as ReviewFilter[]).map((f) => (
              <option key={f} value={f}>
                {FILTER_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <button type="submit" className="btn-secondary">
            Apply
          </button>
        </noscript>
      </Form>
      {total === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-6 text-center font-semibold text-stone-900">
          {filter === "hidden" ? "No hidden reviews" : filter === "visible" ? "No reviews shown" : "No reviews yet"}
        </p>
      ) : (
        <ul className="mt-4 grid gap-3" data-testid="owner-review-list">
          {reviews.map((r) => (
            <ReviewCard key={r.id} review={r} />
          ))}
        </ul>
      )}
      {pageCount > 1 && (
        <nav aria-label="Review pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
          {page > 1 ? (
            <Link className="btn-secondary px-4" to={pageLink(page - 1)}>
              Newer reviews
            </Link>
          ) : (
            <span />
          )}
          <span className="text-stone-700">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link className="btn-secondary px-4" to={pageLink(page + 1)}>
              Older reviews
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}

type Review = Route.ComponentProps["loaderData"]["reviews"][number];

function ReviewCard({ review: r }: { review: Review }) {
  const fetcher = useFetcher<typeof action>();
  // While the click is on its way, show the review as it will be.
  const pendingIntent = fetcher.formData?.get("intent");
  const hidden = pendingIntent ? pendingIntent === "hide" : r.hiddenAt !== null;
  const refused = fetcher.state === "idle" && isRefusal(fetcher.data) ? fetcher.data : null;
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer) return;
    if ("ok" in answer) showToast(answer.message, "success");
    else showToast(formError(answer) ?? REVIEW_ACTION_NOT_UNDERSTOOD, "error");
  }, [fetcher.state, fetcher.data]);
  const titleId = `review-${r.id}-title`;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={`rounded-xl border p-4 ${hidden ? "border-stone-300 bg-stone-100" : "border-stone-200 bg-white"}`}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="min-w-0 break-words font-semibold text-stone-900">
            <Link to={`/product/${r.productId}#reviews`} className="hover:underline">
              {r.productName}
            </Link>
          </h3>
          <time dateTime={r.createdAt} className="text-xs text-stone-600">
            {formatShopDateTime(r.createdAt)}
          </time>
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
          <ReviewStars rating={r.rating} />
          <span className="break-all">
            {r.buyerName} · {r.buyerEmail}
          </span>
          {hidden && (
            <span className="rounded-full bg-stone-300 px-2 text-xs font-semibold text-stone-900">Hidden</span>
          )}
        </div>
        {r.comment ? (
          <p className="mt-2 whitespace-pre-line break-words text-stone-900">{r.comment}</p>
        ) : (
          <p className="mt-2 text-sm italic text-stone-600">No comment</p>
        )}
        {refused && (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {formError(refused)}
          </p>
        )}
        <fetcher.Form method="post" className="mt-3">
          <input type="hidden" name="id" value={r.id} />
          {hidden ? (
            <button type="submit" name="intent" value="show" className="btn-secondary px-4" aria-describedby={titleId}>
              Show
            </button>
          ) : (
            <button
              type="submit"
              name="intent"
              value="hide"
              className="btn border border-red-300 bg-white px-4 text-red-800 hover:bg-red-50"
              aria-describedby={titleId}
            >
              Hide
            </button>
          )}
        </fetcher.Form>
      </article>
    </li>
  );
}
