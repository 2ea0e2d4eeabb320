import { CART_FAILURES, PLACE_ORDER_FAILURE } from "~/lib/failure-messages";
import type { SentForm } from "./keep-on-failure";
import type { CheckoutAnswer } from "~/lib/checkout-answer";
import { refusalOf } from "./form-reply";

/** The answers a failed request gets in place of the action's own (see keep-on-failure.ts). */

type CartIntent = keyof typeof CART_FAILURES;

/** A cart button whose request failed: the cart's answer shape, toasted like its own refusals. */
export function cartFailure({ intent, values }: SentForm) {
  const known = (intent && intent in CART_FAILURES ? intent : "update") as CartIntent;
  return { intent: known, ok: false as const, message: CART_FAILURES[known], itemId: values.itemId };
}

/** Place Order whose request failed: the message above the form, and the form as typed. */
export function checkoutFailure({ values }: SentForm): CheckoutAnswer {
  return { ...refusalOf(values, PLACE_ORDER_FAILURE), checkout: true };
}
