import { shippingFeeFor, type ShippingRule } from "~/modules/settings/shipping-rule";

export type CartTotals = { itemCount: number; subtotal: number; shippingFee: number; total: number };

/** Money is whole rupees; a fraction or negative here is a bug upstream, so fail loudly. */
function assertWholeNumber(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of 0 or more, got ${value}`);
}

export function lineTotal(price: number, quantity: number): number {
  assertWholeNumber(price, "price");
  assertWholeNumber(quantity, "quantity");
  return price * quantity;
}

/**
 * Item count, subtotal, shipping and total in whole rupees. The server computes these from its own
 * prices; the browser uses the same function only to show them. No items means no shipping.
 */
export function cartTotals(lines: ReadonlyArray<{ price: number; quantity: number }>, rule: ShippingRule): CartTotals {
  let itemCount = 0;
  let subtotal = 0;
  for (const line of lines) {
    subtotal += lineTotal(line.price, line.quantity);
    itemCount += line.quantity;
  }
  const shippingFee = itemCount === 0 ? 0 : shippingFeeFor(subtotal, rule);
  return { itemCount, subtotal, shippingFee, total: subtotal + shippingFee };
}
