import { apiData, handleApi, methodNotAllowed, requireApiUser } from "~/http/api.server";
import { listReturnQueue } from "~/modules/returns/list-return-queue.server";
import { readReturnQueueFilter } from "~/modules/returns/return-queue";
import type { Route } from "./+types/seller-returns";

/**
 * GET /api/seller/returns?status=new|approved|waiting|received|done|rejected|all&page=N: the
 * Returns queue as JSON, newest first, 20 a page, with the count of every filter (sellers only).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(request, context, "seller");
    const params = new URL(request.url).searchParams;
    return apiData(
      await listReturnQueue(context.db, {
        filter: readReturnQueueFilter(params.get("status")),
        page: Number(params.get("page")) || 1,
      }),
    );
  });
}

export async function action() {
  return methodNotAllowed(["GET"], "/api/seller/returns");
}
