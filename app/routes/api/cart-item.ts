import { apiData, handleApi, methodNotAllowed, readJson, requireApiUser } from "~/http/api.server";
import { removeCartItem, updateCartItem } from "~/modules/cart/cart-mutations.server";
import { cartQuantityInput } from "~/modules/cart/cart-schema";
import { viewCart } from "~/flows/view-cart.server";
import type { Route } from "./+types/cart-item";

export async function loader() {
  return methodNotAllowed(["PATCH", "DELETE"], "/api/cart/items/{id}");
}

/**
 * PATCH /api/cart/items/:id `{quantity}` and DELETE /api/cart/items/:id, answering with the cart.
 * A line of someone else's cart is a 404, the same as one that does not exist.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH" && request.method !== "DELETE")
      return methodNotAllowed(["PATCH", "DELETE"], "/api/cart/items/{id}");
    const user = await requireApiUser(request, context);
    if (request.method === "PATCH") {
      const { quantity } = cartQuantityInput.parse(await readJson(request));
      await updateCartItem(context.db, user.id, params.id, quantity);
    } else {
      await removeCartItem(context.db, user.id, params.id);
    }
    return apiData(await viewCart(context, user.id));
  });
}
