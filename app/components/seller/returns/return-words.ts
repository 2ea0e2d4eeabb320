import type { RefundMethod, ReturnCondition, ReturnReason, ReturnStatus } from "~/db/schema/statuses";

/** A request's state as the owner's pages word it (the queue's tabs say the same). */
export const RETURN_STATUS_WORDS: Record<ReturnStatus, string> = {
  requested: "New",
  approved: "Approved",
  received: "Received",
  closed: "Done",
  rejected: "Rejected",
};

/** Badge colours per state, like the orders' status badges. */
export const RETURN_STATUS_BADGES: Record<ReturnStatus, string> = {
  requested: "bg-amber-100 text-amber-900",
  approved: "bg-sky-100 text-sky-900",
  received: "bg-violet-100 text-violet-900",
  closed: "bg-emerald-100 text-emerald-900",
  rejected: "bg-red-100 text-red-900",
};

export const RETURN_REASON_WORDS: Record<ReturnReason, string> = {
  wrong_size: "Wrong size",
  defective: "Defective",
  not_as_pictured: "Not as pictured",
  changed_mind: "Changed my mind",
  other: "Other",
};

export const REFUND_METHOD_WORDS: Record<RefundMethod, string> = {
  store_credit: "Store credit",
  jazzcash: "JazzCash",
  easypaisa: "Easypaisa",
  bank_transfer: "Bank transfer",
  cash: "Cash",
};

export const CONDITION_WORDS: Record<ReturnCondition, string> = { resellable: "Resellable", damaged: "Damaged" };

/** "1 exchange, 2 returns": what a request holds, by kind (quantities counted). */
export function kindSummary(counts: { exchange: number; return: number }): string {
  const parts: string[] = [];
  if (counts.exchange > 0) parts.push(`${counts.exchange} ${counts.exchange === 1 ? "exchange" : "exchanges"}`);
  if (counts.return > 0) parts.push(`${counts.return} ${counts.return === 1 ? "return" : "returns"}`);
  return parts.join(", ") || "No items";
}
