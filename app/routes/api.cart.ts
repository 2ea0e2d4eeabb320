import { apiData, handleApi, methodNotAllowed, requireApiUser } from "~/http/api.server";
import { clearCart } from "~/modules/cart/cart-mutations.server";
import { getCartView } from "~/modules/cart/cart-view.server";
import type { Route } from "./+types/api.cart";

/** GET /api/cart: lines with today's prices and stock, and the server's totals. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    return apiData(await getCartView(context.db, user.id));
  });
}

/** DELETE /api/cart empties the cart and answers with the (empty) cart. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"], "/api/cart");
    const user = await requireApiUser(request, context);
    await clearCart(context.db, user.id);
    return apiData(await getCartView(context.db, user.id));
  });
}
