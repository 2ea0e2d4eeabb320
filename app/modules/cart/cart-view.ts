import type { ShopSettings } from "~/modules/settings/reads";
import { mediaUrl } from "~/modules/media/image-url";
import type { CartLine } from "./cart-line";
import { cartTotals, lineTotal } from "./cart-totals";

/** What a discount code does to the cart: its amount, or why it gives nothing. */
export type CartDiscount = { code: string; amount: number } | { code: string; error: string } | null;

/**
 * The buyer's cart as the API shows it: lines with today's prices and stock, and the server's
 * totals with the discount a code would give (the view-cart flow judges the code).
 */
export function cartView(
  lines: CartLine[],
  settings: Pick<ShopSettings, "shippingFee" | "freeShippingThreshold">,
  discount: CartDiscount,
) {
  const amount = discount && "amount" in discount ? discount.amount : 0;
  return { items: lines.map(cartItemView), ...cartTotals(lines, settings, amount), discount };
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
    onSale: line.onSale,
    lineTotal: lineTotal(line.price, line.quantity),
    stock: line.stock,
    priceWhenAdded: line.priceWhenAdded,
    status: line.status,
    image: line.image && line.image.sources.length > 0 ? mediaUrl(line.image.sources[0].key) : null,
  };
}
