/** SPEC.md section 8: the words a shopper sees when a request fails (the server errs, the network drops). */

/** What any action that fails says, unless it has words of its own. */
export const GENERIC_FAILURE = "An error occurred. Please try again.";

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
