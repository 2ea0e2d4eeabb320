import { apiData, handleApi, methodNotAllowed, requireApiUser } from "~/http/api.server";
import { setWishlisted } from "~/modules/wishlist/wishlist.server";
import type { Route } from "./+types/wishlist-item";

export async function loader() {
  return methodNotAllowed(["PUT", "DELETE"], "/api/wishlist/{productId}");
}

/** PUT /api/wishlist/:productId saves a product, DELETE unsaves it; both are safe to repeat. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PUT" && request.method !== "DELETE")
      return methodNotAllowed(["PUT", "DELETE"], "/api/wishlist/{productId}");
    const user = await requireApiUser(request, context);
    const result = await setWishlisted(context.db, user.id, params.productId, request.method === "PUT");
    return apiData({ productId: params.productId, saved: result.saved });
  });
}
