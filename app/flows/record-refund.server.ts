import { publishLiveEvent } from "~/db/live-events.server";
import { AppError } from "~/lib/errors";
import { queueReturnEmails } from "~/modules/messages/return-emails.server";
import type { OrderActor } from "~/modules/orders/order-actor";
import { lockOrder, markOrderRefunded } from "~/modules/orders/order-row-moves.server";
import { normalizeIdempotencyKey } from "~/modules/checkout/order-request";
import { findRefundByKey, insertRefund, orderRefundedInFull } from "~/modules/returns/record-refund-row.server";
import { parseOrRefuse, refundInput, type RefundInput } from "~/modules/returns/return-input";
import {
  assertReturnStatus,
  closeReturnIfDone,
  findReturn,
  lockReturn,
  readReturnMoney,
  recordReturnEvent,
} from "~/modules/returns/return-records.server";
import { checkRefundAmount, NOTHING_PAID_MESSAGE, refundNote, refundRoom } from "~/modules/returns/return-rules";
import { grantStoreCredit } from "~/modules/store-credit/store-credit.server";
import type { FlowContext } from "./flow-context";

export type RecordRefundResult = {
  returnId: string;
  returnNumber: string;
  refundId: number;
  /** Closed once the refunds reach the ceiling (and the replacement, if any, is delivered). */
  status: "received" | "closed";
  /** What may still be refunded for this request. */
  left: number;
  /** The order's whole paid value is refunded: its payment status is now refunded. */
  orderRefunded: boolean;
};

export const NO_ACCOUNT_FOR_CREDIT = "This customer has no account any more: please refund by another method";
export const REFUND_KEY_REUSED_MESSAGE = "This idempotency key was already used for a different refund";

/**
 * The owner records a refund for a received request (the shop never sends money itself), in one
 * transaction with the order and then the request locked: whole rupees above 0, never past the
 * paid value of the request's returned items less what was refunded (an unpaid order has nothing to
 * refund). By store credit, the credit is given in the same transaction; other methods are only
 * recorded. A "refunded" or "credited" history row, the buyer's e-mail; the request closes at the
 * ceiling, and the order's payment becomes refunded when all its paid value is. With an
 * idempotency key (the refund form's, or the API's Idempotency-Key header) a second submit of the
 * same refund records nothing and answers the first (`created: false`); the same key with another
 * method, amount or reference is refused (422).
 */
export async function recordRefund(
  { db, now = new Date() }: FlowContext,
  actor: OrderActor,
  returnId: string,
  input: RefundInput,
  { idempotencyKey }: { idempotencyKey?: string | null } = {},
): Promise<RecordRefundResult & { created: boolean }> {
  const refund = parseOrRefuse(refundInput, input);
  const key = normalizeIdempotencyKey(idempotencyKey);
  const found = await findReturn(db, returnId);
  return db.transaction(async (tx) => {
    await lockOrder(tx, found.orderId);
    const request = await lockReturn(tx, returnId);
    // A double submit or a retry: the twin waited for these locks, so the first's refund is there.
    const earlier = key ? await findRefundByKey(tx, request.id, key) : null;
    if (earlier) {
      if (
        earlier.method !== refund.method ||
        earlier.amount !== refund.amount ||
        earlier.reference !== refund.reference
      ) {
        throw new AppError("IDEMPOTENCY_KEY_REUSED", REFUND_KEY_REUSED_MESSAGE);
      }
      const { room, order } = await readReturnMoney(tx, request);
      return {
        returnId: request.id,
        returnNumber: request.returnNumber,
        refundId: earlier.id,
        status: request.status === "closed" ? ("closed" as const) : ("received" as const),
        left: room.left,
        orderRefunded: order.paymentStatus === "refunded",
        created: false,
      };
    }
    if (request.status === "approved")
      throw new AppError("CONFLICT", "Mark the items received before recording a refund");
    const money = await readReturnMoney(tx, request);
    // An unpaid order says so whatever the request's status (it closes at receipt: nothing to refund).
    if (!money.room.paid) throw new AppError("CONFLICT", NOTHING_PAID_MESSAGE, { amount: NOTHING_PAID_MESSAGE });
    assertReturnStatus(request, ["received"]);
    checkRefundAmount(refund.amount, money.room);
    if (refund.method === "store_credit" && !request.userId)
      throw new AppError("VALIDATION", NO_ACCOUNT_FOR_CREDIT, { method: NO_ACCOUNT_FOR_CREDIT });

    const refundId = await insertRefund(tx, {
      returnId: request.id,
      orderId: request.orderId,
      ...refund,
      idempotencyKey: key,
      actor,
      at: now,
    });
    if (refund.method === "store_credit" && request.userId) {
      await grantStoreCredit(tx, {
        userId: request.userId,
        amount: refund.amount,
        kind: "refund",
        returnId: request.id,
        orderId: request.orderId,
        note: `Refund for ${request.returnNumber}`,
      });
    }
    const step = refund.method === "store_credit" ? "credited" : "refunded";
    await recordReturnEvent(tx, {
      returnId: request.id,
      orderId: request.orderId,
      step,
      actor,
      at: now,
      note: refundNote(refund.method, refund.amount, refund.reference),
    });

    const room = refundRoom(money.room.ceiling, money.room.refunded + refund.amount, money.order.paymentStatus);
    const closed = await closeReturnIfDone(tx, request, { room }, actor, now);
    const orderRefunded = await orderRefundedInFull(tx, request.orderId);
    if (orderRefunded) await markOrderRefunded(tx, request.orderId, now);
    await queueReturnEmails(tx, request.id, {
      step,
      method: refund.method,
      amount: refund.amount,
      reference: refund.reference,
    });
    if (request.userId) await publishLiveEvent(tx, { topic: "orders", userId: request.userId });
    return {
      returnId: request.id,
      returnNumber: request.returnNumber,
      refundId,
      status: closed ? ("closed" as const) : ("received" as const),
      left: room.left,
      orderRefunded,
      created: true,
    };
  });
}
