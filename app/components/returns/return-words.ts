import type { OrderStatus } from "~/modules/orders/order-lifecycle";
import type { OrderReturnView } from "~/modules/returns/list-returns-for-order.server";
import { formatPrice } from "~/lib/money";
import { REFUND_METHOD_LABELS, RETURN_REASON_LABELS } from "~/modules/returns/return-rules";

/**
 * A return request as the order page shows it (buyer and owner alike): what was asked, what the
 * shop decided, the replacement order and the money given back, and each step with its time.
 */
export type ReturnCard = OrderReturnView;

const SHIPPED: readonly OrderStatus[] = ["shipped", "delivered"];

/**
 * The request's state in a few words: Requested, Approved, Rejected: {reason}, Item received,
 * Replacement shipped, Closed. What the money did is said by `moneyLines` beside it.
 */
export function returnHeadline(card: Pick<ReturnCard, "status" | "rejectionReason" | "replacement">): string {
  switch (card.status) {
    case "requested":
      return "Requested";
    case "rejected":
      return card.rejectionReason ? `Rejected: ${card.rejectionReason}` : "Rejected";
    case "approved":
      return card.replacement && SHIPPED.includes(card.replacement.status) ? "Replacement shipped" : "Approved";
    case "received":
      return "Item received";
    case "closed":
      return "Closed";
  }
}

/**
 * The store credit an exchange for a cheaper item gave, once the old item was received: what the
 * exchanged items were paid less what the replacement order took of it (its exchange credit).
 */
export function exchangeStoreCredit(card: Pick<ReturnCard, "status" | "receivedAt" | "items" | "replacement">): number {
  if (!card.replacement || !card.receivedAt || card.status === "rejected") return 0;
  const paidExchanged = card.items.filter((i) => i.kind === "exchange").reduce((n, i) => n + i.paidValue, 0);
  return Math.max(0, paidExchanged - card.replacement.exchangeCredit);
}

/** "Refunded Rs 1,299 by JazzCash", "Store credit Rs 500": each refund, then an exchange's credit. */
export function moneyLines(
  card: Pick<ReturnCard, "status" | "receivedAt" | "items" | "replacement" | "refunds">,
): string[] {
  const lines = card.refunds.map((r) =>
    r.method === "store_credit"
      ? `Store credit ${formatPrice(r.amount)}`
      : `Refunded ${formatPrice(r.amount)} by ${REFUND_METHOD_LABELS[r.method]}`,
  );
  const credit = exchangeStoreCredit(card);
  if (credit > 0) lines.push(`Store credit ${formatPrice(credit)} (the new item costs less)`);
  return lines;
}

/** "Wrong size", or "Other: the stitching came apart" with the buyer's own words. */
export function reasonWords(card: Pick<ReturnCard, "reason" | "reasonText">): string {
  const label = RETURN_REASON_LABELS[card.reason];
  return card.reasonText ? `${label}: ${card.reasonText}` : label;
}

/** "1 x Essential Tee (Black / M): exchange for Black / L". */
export function itemWords(item: ReturnCard["items"][number]): string {
  const what = `${item.quantity} x ${item.name} (${item.color} / ${item.size})`;
  if (item.kind === "exchange") return `${what}: exchange for ${item.exchangeColor} / ${item.exchangeSize}`;
  return `${what}: return`;
}

const STEP_WORDS: Record<string, string> = {
  requested: "Requested",
  approved: "Approved",
  rejected: "Rejected",
  received: "Item received",
  refunded: "Refunded",
  credited: "Store credit given",
  closed: "Closed",
};

/** A history step's name as people read it ("received" is "Item received"); unknown steps as written. */
export function stepWords(step: string): string {
  return STEP_WORDS[step] ?? step.charAt(0).toUpperCase() + step.slice(1).replace(/_/g, " ");
}
