import { apiData, handleApi, methodNotAllowed, requireApiUser } from "~/http/api.server";
import { clearCart } from "~/modules/cart/cart-mutations.server";
import { requestAddress } from "~/modules/abuse/request-address.server";
import { viewCart } from "~/flows/view-cart.server";
import type { Route } from "./+types/cart";

/** GET /api/cart: lines with today's prices and stock, and the server's totals; `?discountCode=` says what a code would give, without using it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const discountCode = new URL(request.url).searchParams.get("discountCode");
    return apiData(await viewCart(context, user.id, { discountCode, requestAddress: requestAddress(request) }));
  });
}

/** DELETE /api/cart empties the cart and answers with the (empty) cart. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"], "/api/cart");
    const user = await requireApiUser(request, context);
    await clearCart(context.db, user.id);
    return apiData(await viewCart(context, user.id));
  });
}
