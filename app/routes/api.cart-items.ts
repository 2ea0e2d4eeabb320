import type { DbOrTx } from "~/db/client.server";
import { apiData, apiError, handleApi, readJson, requireApiUser } from "~/lib/api.server";
import { AppError } from "~/lib/errors";
import { listCartLines, type CartLine } from "~/modules/cart/cart-lines.server";
import { addToCart, resolveVariant } from "~/modules/cart/cart-mutations.server";
import { cartItemInput } from "~/modules/cart/cart-schema";
import { cartTotals, lineTotal } from "~/modules/cart/cart-totals";
import { mediaUrl } from "~/modules/media/image-url";
import { getSettings } from "~/modules/settings/get-settings.server";
import type { Route } from "./+types/api.cart-items";

export async function loader() {
  return methodNotAllowed();
}

/**
 * POST /api/cart/items `{productId, color, size, quantity}`: adds to the cart, or raises the
 * quantity of the same product, colour and size. Unlike the page's quick add, which quietly stops
 * at the stock there is, an API client asking for more than there is gets a 409 and nothing changes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const user = await requireApiUser(request, context);
    const input = cartItemInput.parse(await readJson(request));
    const variant = await resolveVariant(context.db, input);
    const inCart = (await listCartLines(context.db, user.id)).find((l) => l.variantId === variant.variantId)?.quantity ?? 0;
    if (inCart + input.quantity > variant.stock) {
      const item = `${variant.name} (${variant.color}, ${variant.size})`;
      const message = variant.stock <= 0
        ? `${variant.name} is out of stock!`
        : `Only ${variant.stock} left of ${item}${inCart > 0 ? `, and ${inCart} already in your cart` : ""}`;
      throw new AppError("OUT_OF_STOCK", message, { quantity: message });
    }
    const added = await addToCart(context.db, user.id, { ...input, color: variant.color, size: variant.size });
    const cart = await cartJson(context.db, user.id);
    const item = cart.items.find((i) => i.id === added.itemId) ?? null;
    return apiData({ item, cart }, 201);
  });
}

function methodNotAllowed() {
  const response = apiError(405, "METHOD_NOT_ALLOWED", "Use POST on /api/cart/items");
  response.headers.set("Allow", "POST");
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
