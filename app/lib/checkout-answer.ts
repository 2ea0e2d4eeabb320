import type { FormReply } from "./form-reply";

/** The totals of the checkout form's summary (the server's, never the browser's). */
export type CheckoutTotals = {
  itemCount: number;
  subtotal: number;
  discountTotal?: number;
  shippingFee: number;
  total: number;
};

/**
 * What Place Order and Apply answer on /cart and /checkout: the one form shape (a refusal's
 * messages and what was typed; after a good Apply, what was typed alone) with the checkout's own
 * news beside it.
 */
export type CheckoutAnswer = FormReply & {
  checkout: true;
  /** After Apply: the code's line, and the totals with it. */
  discount?: { code: string; amount: number } | null;
  totals?: CheckoutTotals;
  /** The cart those totals are for: once the cart changes (a quantity, another tab) they no longer hold. */
  cartVersion?: string;
  /** Place Order was refused because the total is no longer the one shown: the page's prices are read again. */
  pricesChanged?: boolean;
  /** Place Order was refused because the shop asks this order an advance: the amount to pay online now. */
  advance?: number;
};

/** True for a checkout form's answer (a cart button's answers are not). */
export function isCheckoutAnswer(answer: unknown): answer is CheckoutAnswer {
  return typeof answer === "object" && answer !== null && (answer as CheckoutAnswer).checkout === true;
}
