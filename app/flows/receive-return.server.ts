import { queueMessages } from "~/modules/messages/outbox.server";
import { publishLiveEvent } from "~/db/live-events.server";
import { formatPrice } from "~/lib/money";
import { putStockBack } from "~/modules/catalog/variant-stock.server";
import { queueReturnEmails } from "~/modules/messages/return-emails.server";
import { announceRestock, stockBeforeChange } from "~/modules/notify-me/announce-restock.server";
import type { OrderActor } from "~/modules/orders/order-actor";
import { lockOrder } from "~/modules/orders/order-row-moves.server";
import { exchangeCreditDue, receiveItems, type ItemCondition } from "~/modules/returns/receive-items.server";
import {
  assertReturnStatus,
  closeReturnIfDone,
  findReturn,
  lockReturn,
  readReturnMoney,
  recordReturnEvent,
  setReturnStatus,
} from "~/modules/returns/return-records.server";
import { receivedNote } from "~/modules/returns/return-rules";
import { grantStoreCredit } from "~/modules/store-credit/store-credit.server";
import type { FlowContext } from "./flow-context";

export type ReceiveReturnResult = {
  returnId: string;
  returnNumber: string;
  /** Closed when nothing is left to refund and the replacement (if any) is delivered. */
  status: "received" | "closed";
  resellable: number;
  damaged: number;
  /** Units put back in stock. */
  restocked: number;
  /** Store credit given now for an exchange's lower price. */
  storeCredit: number;
};

/**
 * The old items are back: the owner says, per item, resellable or damaged, in one transaction with
 * the request locked (from approved only). Resellable items put the ORIGINAL variant's stock back
 * exactly once (receiveItems writes each item only while it has no condition; Notify Me hears of
 * what is buyable again); damaged ones do not and are counted. An exchange at a lower price gives
 * its difference as store credit now. A request with nothing left to refund whose replacement is
 * delivered (or that has none) closes. History rows ("received", "credited", "closed") and the
 * buyer's e-mail.
 */
export async function receiveReturn(
  { db, now = new Date() }: FlowContext,
  actor: OrderActor,
  returnId: string,
  conditions: ItemCondition[],
): Promise<ReceiveReturnResult> {
  const found = await findReturn(db, returnId);
  return db.transaction(async (tx) => {
    // The lock order of every step: the original order, the replacement (whose status decides the
    // credit below, and whose cancellation credits a received request), then the request.
    await lockOrder(tx, found.orderId);
    const current = await findReturn(tx, returnId);
    if (current.replacementOrderId) await lockOrder(tx, current.replacementOrderId);
    const request = await lockReturn(tx, returnId);
    assertReturnStatus(request, ["approved"]);
    const money = await readReturnMoney(tx, request);
    const received = await receiveItems(tx, money, { conditions }, now);
    const before = await stockBeforeChange(tx, received.productIds);
    await putStockBack(tx, received.byVariant);
    await announceRestock(tx, before, queueMessages);

    await setReturnStatus(tx, request.id, "received", now);
    await recordReturnEvent(tx, {
      returnId: request.id,
      orderId: request.orderId,
      step: "received",
      actor,
      at: now,
      note: receivedNote(received.resellable, received.damaged, received.notRestocked),
    });

    const due = await exchangeCreditDue(tx, request.replacementOrderId, money.paidExchanged);
    const credit = request.userId ? due : 0;
    if (due > 0 && !request.userId) {
      await recordReturnEvent(tx, {
        returnId: request.id,
        orderId: request.orderId,
        step: "credited",
        actor,
        at: now,
        note: `${formatPrice(due)} of store credit could not be given: the customer's account was deleted`,
      });
    }
    if (credit > 0 && request.userId) {
      await grantStoreCredit(tx, {
        userId: request.userId,
        amount: credit,
        kind: "exchange_difference",
        returnId: request.id,
        orderId: request.orderId,
        note: `Exchange difference ${request.returnNumber}`,
      });
      await recordReturnEvent(tx, {
        returnId: request.id,
        orderId: request.orderId,
        step: "credited",
        actor,
        at: now,
        note: `${formatPrice(credit)} added to store credit: the exchange's lower price`,
      });
    }

    const closed = await closeReturnIfDone(tx, { ...request, status: "received" }, money, actor, now);
    await queueReturnEmails(tx, request.id, {
      step: "received",
      resellable: received.resellable,
      damaged: received.damaged,
      storeCredit: credit > 0 ? credit : null,
    });
    if (request.userId) await publishLiveEvent(tx, { topic: "orders", userId: request.userId });
    const restocked = [...received.byVariant.values()].reduce((a, b) => a + b, 0);
    return {
      returnId: request.id,
      returnNumber: request.returnNumber,
      status: closed ? ("closed" as const) : ("received" as const),
      resellable: received.resellable,
      damaged: received.damaged,
      restocked,
      storeCredit: credit,
    };
  });
}
