import { CART_FAILURES, PLACE_ORDER_FAILURE } from "~/lib/failure-messages";
import type { SentForm } from "./keep-on-failure";
import type { CheckoutAnswer } from "~/lib/checkout-answer";
import { refusalOf } from "./form-reply";

/** The answers a failed request gets in place of the action's own (see keep-on-failure.ts). */

type CartIntent = keyof typeof CART_FAILURES;

/** A cart button whose request failed: a refusal like its own (the intent and item kept), toasted the same way. */
export function cartFailure({ intent, values }: SentForm) {
  const known = (intent && intent in CART_FAILURES ? intent : "update") as CartIntent;
  return refusalOf(values, CART_FAILURES[known]);
}

/** Place Order whose request failed: the message above the form, and the form as typed. */
export function checkoutFailure({ values }: SentForm): CheckoutAnswer {
  return { ...refusalOf(values, PLACE_ORDER_FAILURE), checkout: true };
}
