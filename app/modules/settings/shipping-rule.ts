import { formatPrice } from "~/lib/money";

export type ShippingRule = { shippingFee: number; freeShippingThreshold: number | null };

/** The shipping fee for an order subtotal under the shop's one shipping rule. */
export function shippingFeeFor(subtotal: number, rule: ShippingRule): number {
  if (rule.shippingFee <= 0) return 0;
  if (rule.freeShippingThreshold !== null && subtotal >= rule.freeShippingThreshold) return 0;
  return rule.shippingFee;
}

/** Every piece of marketing copy about shipping comes from here, so it never contradicts checkout. */
export function shippingHeadline(rule: ShippingRule): string {
  if (rule.shippingFee <= 0) return "Free shipping on all orders";
  if (rule.freeShippingThreshold !== null)
    return `Free shipping on orders of ${formatPrice(rule.freeShippingThreshold)} or more`;
  return `Flat ${formatPrice(rule.shippingFee)} shipping anywhere in Pakistan`;
}

/** A longer sentence for policies and FAQs. */
export function shippingSentence(rule: ShippingRule): string {
  if (rule.shippingFee <= 0) return "Shipping is free on every order, anywhere in Pakistan.";
  if (rule.freeShippingThreshold !== null) {
    return `Shipping costs ${formatPrice(rule.shippingFee)} per order, and is free when your order comes to ${formatPrice(rule.freeShippingThreshold)} or more.`;
  }
  return `Shipping is a flat ${formatPrice(rule.shippingFee)} per order, anywhere in Pakistan.`;
}

/**
 * What the cart and checkout say about free shipping, from what the buyer pays for the items (the
 * subtotal less any discount, as shipping is charged): "Add Rs 450 more for free shipping", or that
 * the order ships free; null when the shop has no threshold (or ships everything free) or the cart is empty.
 */
export function freeShippingNudge(
  totals: { itemCount: number; subtotal: number; discountTotal?: number },
  rule: ShippingRule,
): string | null {
  if (totals.itemCount === 0 || rule.shippingFee <= 0 || rule.freeShippingThreshold === null) return null;
  const short = rule.freeShippingThreshold - (totals.subtotal - (totals.discountTotal ?? 0));
  return short <= 0 ? "Your order ships free" : `Add ${formatPrice(short)} more for free shipping`;
}
