import type { CheckoutActionData } from "./place-order-action.server";
import type { SentForm } from "./keep-on-failure";

/** SPEC.md section 8: the words a shopper sees when a request fails (the server errs, the network drops). */
export { GENERIC_FAILURE } from "./keep-on-failure";

/** Cart buttons, by the intent they post. */
export const CART_FAILURES = {
  add: "Failed to add item to cart.",
  update: "Failed to update quantity.",
  remove: "Failed to remove item.",
  clear: "Failed to clear cart.",
} as const;

export const PLACE_ORDER_FAILURE = "Failed to place order. Please try again.";
/** Place Order pressed after the session ended (signed out in another tab, expired). */
export const SIGN_IN_TO_ORDER = "Please sign in to place an order";

/** The owner's order status change (SPEC.md: seller order update). */
export const STATUS_UPDATE_FAILURE = "Something went wrong while updating order status";

type CartIntent = keyof typeof CART_FAILURES;

/** A cart button whose request failed: the cart's answer shape, toasted like its own refusals. */
export function cartFailure({ intent, values }: SentForm) {
  const known = (intent && intent in CART_FAILURES ? intent : "update") as CartIntent;
  return { intent: known, ok: false as const, message: CART_FAILURES[known], itemId: values.itemId };
}

/** Place Order whose request failed: the message above the form, and the form as typed. */
export function checkoutFailure({ values }: SentForm): CheckoutActionData {
  return { intent: "checkout", formError: PLACE_ORDER_FAILURE, fields: {}, values };
}
