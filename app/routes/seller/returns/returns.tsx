import { ReturnQueueList, ReturnQueuePagination, ReturnQueueTabs } from "~/components/seller/returns/return-queue";
import { requireSeller } from "~/http/auth-guard.server";
import { pageMeta } from "~/lib/seo";
import { listReturnQueue } from "~/modules/returns/list-return-queue.server";
import { RETURN_QUEUE_FILTER_LABELS, readReturnQueueFilter } from "~/modules/returns/return-queue";
import type { Route } from "./+types/returns";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Returns",
    description: "Return and exchange requests to decide on, receive and refund.",
    path: "/seller/returns",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** GET /seller/returns?status=new|approved|waiting|received|done|rejected|all&page=N: one page of the queue, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const params = new URL(request.url).searchParams;
  return listReturnQueue(context.db, {
    filter: readReturnQueueFilter(params.get("status")),
    page: Number(params.get("page")) || 1,
  });
}

/** The owner's queue of return and exchange requests: filters with counts, then the page of requests. */
export default function SellerReturns({ loaderData }: Route.ComponentProps) {
  const { filter, rows, counts, page, pageCount, total, pageSize } = loaderData;
  return (
    <div className="grid gap-3 sm:gap-4">
      <h2 className="text-xl font-semibold text-stone-900">Returns &amp; exchanges</h2>
      <ReturnQueueTabs counts={counts} active={filter} />
      {rows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 py-12 text-center text-stone-700">
          {filter === "all" ? "No return requests yet" : `No requests in "${RETURN_QUEUE_FILTER_LABELS[filter]}"`}
        </p>
      ) : (
        <>
          <ReturnQueueList rows={rows} />
          <ReturnQueuePagination filter={filter} page={page} pageCount={pageCount} total={total} pageSize={pageSize} />
        </>
      )}
    </div>
  );
}
