import { apiData, handleApi, methodNotAllowed, readJson, requireApiUser } from "~/http/api.server";
import { addToCartWithinLimits } from "~/flows/add-to-cart.server";
import { cartItemInput } from "~/modules/cart/cart-schema";
import { viewCart } from "~/flows/view-cart.server";
import type { Route } from "./+types/cart-items";

export async function loader() {
  return methodNotAllowed(["POST"], "/api/cart/items");
}

/**
 * POST /api/cart/items `{productId, color, size, quantity}`: adds to the cart, or raises the
 * quantity of the same product, colour and size. Unlike the page's quick add, which quietly stops
 * at the stock there is, an API client asking for more than there is gets a 409 and nothing changes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"], "/api/cart/items");
    const user = await requireApiUser(request, context);
    const input = cartItemInput.parse(await readJson(request));
    const added = await addToCartWithinLimits({ db: context.db }, user.id, input, { beyondStock: "refuse" });
    const cart = await viewCart(context, user.id);
    const item = cart.items.find((i) => i.id === added.itemId) ?? null;
    return apiData({ item, cart }, 201);
  });
}
