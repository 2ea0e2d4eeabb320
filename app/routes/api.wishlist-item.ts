import { apiData, apiError, handleApi, requireApiUser } from "~/lib/api.server";
import { setWishlisted } from "~/modules/wishlist/wishlist.server";
import type { Route } from "./+types/api.wishlist-item";

export async function loader() {
  return methodNotAllowed();
}

/** PUT /api/wishlist/:productId saves a product, DELETE unsaves it; both are safe to repeat. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
    const user = await requireApiUser(request, context);
    const result = await setWishlisted(context.db, user.id, params.productId, request.method === "PUT");
    return apiData({ productId: params.productId, saved: result.saved });
  });
}

function methodNotAllowed() {
  const response = apiError(405, "METHOD_NOT_ALLOWED", "Use PUT or DELETE on /api/wishlist/{productId}");
  response.headers.set("Allow", "PUT, DELETE");
  return response;
}
