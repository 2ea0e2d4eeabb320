import { z } from "~/lib/zod";
import { SELECTION_MAX } from "./order-selection";
import { orderStatusInput } from "./order-status-input";

/**
 * The Orders tab's two forms, by the `intent` each posts: one order's status select (with courier
 * and tracking number when shipping) and the bulk move of the selected orders. Which orders the
 * bulk move takes is read from the same post by readOrderSelection (ticked boxes, or every order
 * matching the filter) and checked with `selectedOrderIds` once resolved.
 */

export const ORDERS_FORM_NOT_UNDERSTOOD = "Something was missing from the form. Please try again.";

// A field as posted (conform leaves an empty one out).
const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value : ""));

/** One order's "Update Status". */
export const orderStatusFormSchema = z.object({
  intent: z.literal("status"),
  orderId: text.pipe(z.string().max(100)),
  ...orderStatusInput.shape,
});

/** "Move selected to": the status to move to is `to` (the form also carries the filter's own `status` for "all that match"). */
export const bulkMoveFormSchema = z.object({ intent: z.literal("bulk"), to: orderStatusInput.shape.status });

/** The orders a bulk move takes, once its selection is resolved. */
export const selectedOrderIds = z
  .array(z.string().max(100))
  .min(1, "Please select at least one order")
  .max(SELECTION_MAX, `Please select at most ${SELECTION_MAX} orders`);

/** Every form of the Orders tab, by its intent. */
export const ordersTabFormSchema = z.discriminatedUnion("intent", [orderStatusFormSchema, bulkMoveFormSchema], {
  error: ORDERS_FORM_NOT_UNDERSTOOD,
});
