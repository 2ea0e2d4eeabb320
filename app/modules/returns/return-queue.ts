/**
 * The owner's Returns queue (Dashboard -> Returns): its filters, each request in exactly one of
 * them besides "all".
 *
 * - new: asked, waiting for Approve or Reject (status requested).
 * - approved: approved exchanges whose replacement has not left yet (pending, confirmed or
 *   processing): the shop still has to send the new size.
 * - waiting: approved, waiting for the old item to come back: a return only (the buyer sends it),
 *   or an exchange whose replacement is shipped or delivered (the rider collects the old item at the
 *   door), or whose replacement was cancelled.
 * - received: the old item is back; a refund (or the replacement's delivery) is still to come.
 * - done: closed. rejected: said no to.
 */
export const RETURN_QUEUE_FILTERS = ["new", "approved", "waiting", "received", "done", "rejected", "all"] as const;
export type ReturnQueueFilter = (typeof RETURN_QUEUE_FILTERS)[number];

export const RETURN_QUEUE_FILTER_LABELS: Record<ReturnQueueFilter, string> = {
  new: "New",
  approved: "Approved",
  waiting: "Waiting for the item",
  received: "Received",
  done: "Done",
  rejected: "Rejected",
  all: "All",
};

export const RETURN_QUEUE_PAGE_SIZE = 20;

/** A filter from a query string; anything unknown is "new", the queue's first tab. */
export function readReturnQueueFilter(value: string | null | undefined): ReturnQueueFilter {
  return (RETURN_QUEUE_FILTERS as readonly string[]).includes(value ?? "") ? (value as ReturnQueueFilter) : "new";
}
