import type { DbOrTx } from "~/db/client.server";
import { apiData, apiError, handleApi, readJson, requireApiUser } from "~/lib/api.server";
import { AppError } from "~/lib/errors";
import { listCartLines, type CartLine } from "~/modules/cart/cart-lines.server";
import { removeCartItem, updateCartItem } from "~/modules/cart/cart-mutations.server";
import { cartQuantityInput } from "~/modules/cart/cart-schema";
import { cartTotals, lineTotal } from "~/modules/cart/cart-totals";
import { mediaUrl } from "~/modules/media/image-url";
import { getSettings } from "~/modules/settings/get-settings.server";
import type { Route } from "./+types/api.cart-item";

// Cart line ids are uuids; anything else would make Postgres throw instead of finding nothing.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader() {
  return methodNotAllowed();
}

/**
 * PATCH /api/cart/items/:id `{quantity}` and DELETE /api/cart/items/:id, answering with the cart.
 * A line of someone else's cart is a 404, the same as one that does not exist.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed();
    const user = await requireApiUser(request, context);
    if (!UUID.test(params.id)) throw new AppError("NOT_FOUND", "That item is not in your cart");
    if (request.method === "PATCH") {
      const { quantity } = cartQuantityInput.parse(await readJson(request));
      await updateCartItem(context.db, user.id, params.id, quantity);
    } else {
      await removeCartItem(context.db, user.id, params.id);
    }
    return apiData(await cartJson(context.db, user.id));
  });
}

function methodNotAllowed() {
  const response = apiError(405, "METHOD_NOT_ALLOWED", "Use PATCH or DELETE on /api/cart/items/{id}");
  response.headers.set("Allow", "PATCH, DELETE");
  return response;
}

// Route modules may export only route exports (loader, action...), so each cart route carries this
// small view of the cart; it belongs in app/modules/cart once someone there adds a cart-view function.
/** The buyer's cart as the API shows it: lines with today's prices and stock, and the server's totals. */
async function cartJson(db: DbOrTx, userId: string) {
  const [lines, settings] = await Promise.all([listCartLines(db, userId), getSettings(db)]);
  return { items: lines.map(cartItemJson), ...cartTotals(lines, settings) };
}

function cartItemJson(line: CartLine) {
  return {
    id: line.id,
    productId: line.productId,
    name: line.name,
    categoryName: line.categoryName,
    color: line.color,
    size: line.size,
    quantity: line.quantity,
    // Today's price, the one checkout charges; priceWhenAdded lets a client say it has changed.
    price: line.price,
    lineTotal: lineTotal(line.price, line.quantity),
    stock: line.stock,
    priceWhenAdded: line.priceWhenAdded,
    status: line.status,
    image: line.image && line.image.sources.length > 0 ? mediaUrl(line.image.sources[0].key) : null,
  };
}
