import { shippingFeeFor, type ShippingRule } from "~/modules/settings/shipping-rule";

export type CartTotals = {
  itemCount: number;
  subtotal: number;
  discountTotal: number;
  shippingFee: number;
  total: number;
};

/** Money is whole rupees; a fraction or negative here is a bug upstream, so fail loudly. */
function assertWholeNumber(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a whole number of 0 or more, got ${value}`);
}

export function lineTotal(price: number, quantity: number): number {
  assertWholeNumber(price, "price");
  assertWholeNumber(quantity, "quantity");
  return price * quantity;
}

/**
 * Item count, subtotal, discount, shipping and total in whole rupees. The server computes these from
 * its own prices (and a discount code's amount, discount-rules.ts); the browser uses the same
 * function only to show them. No items means no shipping. Free shipping over a threshold counts
 * what the buyer pays for the items: the subtotal less the discount.
 */
export function cartTotals(
  lines: ReadonlyArray<{ price: number; quantity: number }>,
  rule: ShippingRule,
  discountTotal = 0,
): CartTotals {
  let itemCount = 0;
  let subtotal = 0;
  for (const line of lines) {
    subtotal += lineTotal(line.price, line.quantity);
    itemCount += line.quantity;
  }
  assertWholeNumber(discountTotal, "discount");
  if (discountTotal > subtotal)
    throw new RangeError(`A discount of ${discountTotal} is more than the subtotal ${subtotal}`);
  const shippingFee = itemCount === 0 ? 0 : shippingFeeFor(subtotal - discountTotal, rule);
  return { itemCount, subtotal, discountTotal, shippingFee, total: subtotal - discountTotal + shippingFee };
}
