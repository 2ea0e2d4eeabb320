import type { DbOrTx } from "~/db/client.server";
import { publishLiveEvent } from "~/db/live-events.server";
import { formatPrice } from "~/lib/money";
import { queueReturnEmails } from "~/modules/messages/return-emails.server";
import type { OrderActor } from "~/modules/orders/order-actor";
import type { OrderStatus } from "~/modules/orders/order-lifecycle";
import {
  closeReturnIfDone,
  lockReceivedReturnsOfReplacement,
  readReplacementCredit,
  readReturnMoney,
  recordReturnEvent,
} from "~/modules/returns/return-records.server";
import { grantStoreCredit } from "~/modules/store-credit/store-credit.server";

/** How the history tells that a replacement did not reach the buyer (or came back). */
function endedWords(from: OrderStatus, to: "cancelled" | "returned"): string {
  if (to === "cancelled") return "was cancelled";
  return from === "delivered" ? "was returned" : "was refused at the door";
}

/**
 * An exchange's replacement order just moved to cancelled or returned, inside that move's
 * transaction (the replacement's row locked). A request whose old item is already back (received)
 * would otherwise end with the buyer holding neither the old item nor the new one and nothing paid
 * back: what the old item was paid and the replacement had taken (its exchange credit) becomes the
 * buyer's store credit now, with a "credited" row in the order's history and the buyer's e-mail,
 * and the request closes when nothing is left to refund. Each request row is locked and read
 * after the lock, and a replacement ends only once, so this gives at most once. A request still
 * approved needs nothing here: receiving the old item then gives its whole paid value as credit,
 * and Reject ends it when the buyer kept it. Answers the requests closed.
 */
export async function creditEndedReplacement(
  tx: DbOrTx,
  actor: OrderActor,
  replacement: { id: string; from: OrderStatus; to: "cancelled" | "returned" },
  now: Date,
): Promise<string[]> {
  const requests = await lockReceivedReturnsOfReplacement(tx, replacement.id);
  if (requests.length === 0) return [];
  const { orderNumber, exchangeCredit } = await readReplacementCredit(tx, replacement.id);
  const words = `Replacement ${orderNumber} ${endedWords(replacement.from, replacement.to)}`;
  const closed: string[] = [];
  for (const request of requests) {
    const money = await readReturnMoney(tx, request);
    const owed = Math.min(money.paidExchanged, exchangeCredit);
    if (owed > 0 && request.userId) {
      await grantStoreCredit(tx, {
        userId: request.userId,
        amount: owed,
        kind: "exchange_difference",
        returnId: request.id,
        orderId: request.orderId,
        note: `${words} (${request.returnNumber})`,
      });
      await recordReturnEvent(tx, {
        returnId: request.id,
        orderId: request.orderId,
        step: "credited",
        actor,
        at: now,
        note: `${words}: ${formatPrice(owed)} added to store credit, what the old item was paid`,
      });
      await queueReturnEmails(tx, request.id, {
        step: "credited",
        method: "store_credit",
        amount: owed,
        reference: null,
      });
    } else if (owed > 0) {
      await recordReturnEvent(tx, {
        returnId: request.id,
        orderId: request.orderId,
        step: "credited",
        actor,
        at: now,
        note: `${words}: ${formatPrice(owed)} of store credit could not be given, the customer's account was deleted`,
      });
    }
    if (await closeReturnIfDone(tx, request, money, actor, now)) closed.push(request.id);
    if (request.userId) await publishLiveEvent(tx, { topic: "orders", userId: request.userId });
  }
  return closed;
}
