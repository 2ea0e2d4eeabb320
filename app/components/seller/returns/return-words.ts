import type { ReturnStatus } from "~/modules/returns/return-rules";

/**
 * A request's state as the owner's pages word it: the queue's filters say the same ("New" for a
 * request waiting for a decision, "Done" once closed). The reasons, kinds, conditions and refund
 * methods are the returns module's words (modules/returns/return-rules.ts).
 */
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

/** Badge colours per queue stage (modules/returns/return-queue.ts: the filter a request falls in). */
export const RETURN_STAGE_BADGES: Record<"new" | "approved" | "waiting" | "received" | "done" | "rejected", string> = {
  new: "bg-amber-100 text-amber-900",
  approved: "bg-sky-100 text-sky-900",
  waiting: "bg-indigo-100 text-indigo-900",
  received: "bg-violet-100 text-violet-900",
  done: "bg-emerald-100 text-emerald-900",
  rejected: "bg-red-100 text-red-900",
};
