import { getSettings } from "~/modules/settings/reads";
import { listCartLines } from "~/modules/cart/cart-lines.server";
import { cartView, type CartDiscount } from "~/modules/cart/cart-view";
import { normalizeDiscountCode } from "~/modules/promotions/discount-rules";
import type { FlowContext } from "./flow-context";
import { judgeCodeTry } from "./preview-checkout-discount.server";

/**
 * The buyer's cart with today's prices and stock and the server's totals. With a discount code,
 * what it would take off (or why it would not), without using it: the limit per customer is
 * counted by account here, and by phone number too at checkout. A code tried from a request
 * (`requestAddress`) counts against the abuse limits of code guessing.
 */
export async function viewCart(
  { db, now = new Date() }: FlowContext,
  userId: string,
  opts: { discountCode?: string | null; requestAddress?: string } = {},
) {
  const [lines, settings] = await Promise.all([listCartLines(db, userId, now), getSettings(db)]);
  const code = normalizeDiscountCode(opts.discountCode ?? null);
  let discount: CartDiscount = null;
  if (code && lines.length > 0) {
    const verdict = await judgeCodeTry(db, now, {
      code,
      lines,
      userId,
      phone: "",
      requestAddress: opts.requestAddress,
    });
    discount = verdict.ok ? { code: verdict.code, amount: verdict.amount } : { code, error: verdict.message };
  }
  return cartView(lines, settings, discount);
}
