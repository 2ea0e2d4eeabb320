import type { DbOrTx } from "~/db/client.server";
import { mediaUrl } from "~/modules/media/image-url";
import type { LimitedVerdict } from "~/modules/promotions/code-attempts.server";
import { normalizeDiscountCode, type DiscountVerdict } from "~/modules/promotions/discount-rules";
import { previewDiscountCode } from "~/modules/promotions/redeem-discount-code.server";
import { getSettings } from "~/db/shop-settings.server";
import { listCartLines, type CartLine } from "./cart-lines.server";
import { cartTotals, lineTotal } from "./cart-totals";

/**
 * The buyer's cart as the API shows it: lines with today's prices and stock, and the server's
 * totals. With a discount code, what it would take off (or why it would not), without using it;
 * the limit per customer is counted by account here, and by phone number too at checkout.
 */
export async function getCartView(
  db: DbOrTx, userId: string,
  { discountCode = null, tryCode = (judge) => judge(), now = new Date() }: {
    discountCode?: string | null;
    /** Runs the code's check under the abuse limits (promotions/code-attempts.server.ts). */
    tryCode?: (judge: () => Promise<DiscountVerdict>) => Promise<LimitedVerdict>;
    now?: Date;
  } = {},
) {
  const [lines, settings] = await Promise.all([listCartLines(db, userId, now), getSettings(db)]);
  const code = normalizeDiscountCode(discountCode);
  const verdict = code && lines.length > 0 ? await tryCode(() => previewDiscountCode(db, { code, lines, userId, phone: "", now })) : null;
  const discount = verdict === null ? null : verdict.ok ? { code: verdict.code, amount: verdict.amount } : { code, error: verdict.message };
  return { items: lines.map(cartItemView), ...cartTotals(lines, settings, verdict?.ok ? verdict.amount : 0), discount };
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
