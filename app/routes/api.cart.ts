import type { DbOrTx } from "~/db/client.server";
import { apiData, apiError, handleApi, requireApiUser } from "~/lib/api.server";
import { listCartLines, type CartLine } from "~/modules/cart/cart-lines.server";
import { clearCart } from "~/modules/cart/cart-mutations.server";
import { cartTotals, lineTotal } from "~/modules/cart/cart-totals";
import { mediaUrl } from "~/modules/media/image-url";
import { getSettings } from "~/modules/settings/get-settings.server";
import type { Route } from "./+types/api.cart";

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

/** GET /api/cart. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    return apiData(await cartJson(context.db, user.id));
  });
}

/** DELETE /api/cart empties the cart and answers with the (empty) cart. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "DELETE") {
      const response = apiError(405, "METHOD_NOT_ALLOWED", "Use GET or DELETE on /api/cart");
      response.headers.set("Allow", "GET, DELETE");
      return response;
    }
    const user = await requireApiUser(request, context);
    await clearCart(context.db, user.id);
    return apiData(await cartJson(context.db, user.id));
  });
}
