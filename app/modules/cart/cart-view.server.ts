import type { DbOrTx } from "~/db/client.server";
import { mediaUrl } from "~/modules/media/image-url";
import { getSettings } from "~/modules/settings/get-settings.server";
import { listCartLines, type CartLine } from "./cart-lines.server";
import { cartTotals, lineTotal } from "./cart-totals";

/** The buyer's cart as the API shows it: lines with today's prices and stock, and the server's totals. */
export async function getCartView(db: DbOrTx, userId: string) {
  const [lines, settings] = await Promise.all([listCartLines(db, userId), getSettings(db)]);
  return { items: lines.map(cartItemView), ...cartTotals(lines, settings) };
}

function cartItemView(line: CartLine) {
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
