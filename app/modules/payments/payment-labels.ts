import { PAYMENT_STATES, type PaymentState } from "~/db/schema/statuses";

export { PAYMENT_STATES };

/** Where an attempt to pay stands, in the owner's words (Dashboard -> Payments, its CSV). */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  started: "Started",
  paid: "Paid",
  declined: "Declined",
  expired: "Expired",
  needs_refund: "Paid, needs refund",
  refunded: "Refunded",
};
