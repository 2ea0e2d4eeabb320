import type { StoreCreditKind } from "~/db/schema/statuses";

/**
 * Store credit's pure rules, shared by the checkout page (browser), the place-order flow and the
 * buyer's credit page: how much of an order credit pays, and what each change to a balance says.
 */

/** The order asked for credit that is no longer there (spent by another order, or changed since the page showed it). */
export const STORE_CREDIT_CHANGED_MESSAGE = "Your store credit has changed: please check your order again";

/** Entries on one page of the buyer's store credit history. */
export const STORE_CREDIT_PAGE_SIZE = 20;

/**
 * The credit an order uses: all of what is due (items less discount, plus shipping) when the
 * balance covers it, otherwise the whole balance; cash on delivery pays the rest. Whole rupees.
 */
export function storeCreditToUse(balance: number, due: number): number {
  if (!Number.isSafeInteger(balance) || balance < 0)
    throw new RangeError(`A store credit balance must be a whole number of 0 or more, got ${balance}`);
  if (!Number.isSafeInteger(due) || due < 0)
    throw new RangeError(`What an order costs must be a whole number of 0 or more, got ${due}`);
  return Math.min(balance, due);
}

/** Why credit came back to the buyer: the order that spent it was cancelled, or returned before it was paid. */
export type GiveBackReason = "cancelled" | "returned";

export type StoreCreditEntryFacts = {
  kind: StoreCreditKind;
  orderNumber: string | null;
  returnNumber: string | null;
  note: string | null;
};

/** One line of the history in words: "Refund for RT-123456", "Spent on ORD-123456", "Given back: ORD-123456 cancelled". */
export function storeCreditEntryWords({ kind, orderNumber, returnNumber, note }: StoreCreditEntryFacts): string {
  switch (kind) {
    case "refund":
      return returnNumber ? `Refund for ${returnNumber}` : "Refund";
    case "exchange_difference":
      return returnNumber ? `Exchange difference ${returnNumber}` : "Exchange difference";
    case "spent":
      return `Spent on ${orderNumber ?? "an order"}`;
    case "restored":
      return `Given back: ${orderNumber ?? "an order"} ${note === "returned" ? "returned" : "cancelled"}`;
  }
}
