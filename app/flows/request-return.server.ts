import { publishLiveEvent } from "~/db/live-events.server";
import { AppError } from "~/lib/errors";
import { queueReturnEmails } from "~/modules/messages/return-emails.server";
import { lockOrder } from "~/modules/orders/order-row-moves.server";
import { createReturnRequest, type NewReturnRequest } from "~/modules/returns/create-return-request.server";
import type { FlowContext } from "./flow-context";

export type RequestReturnInput = NewReturnRequest & { userId: string; orderId: string };

export type RequestReturnResult = { returnId: string; returnNumber: string };

/**
 * A buyer asks to return or exchange items of their delivered order (the order page and
 * POST /api/orders/{id}/returns), in one transaction with the order row locked: refused with the
 * reason outside the return window, beyond the quantities not already asked for, or for an
 * exchange out of stock; someone else's order is "not found". Writes the request, its items and
 * history row, and queues the buyer's e-mail and the shop's notice.
 */
export async function requestReturn(
  { db, now = new Date() }: FlowContext,
  input: RequestReturnInput,
): Promise<RequestReturnResult> {
  const { userId, orderId, ...request } = input;
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    // Someone else's order is "not found" too: its id reveals nothing.
    if (order.userId !== userId) throw new AppError("NOT_FOUND", "Order not found");
    const created = await createReturnRequest(tx, order, userId, request, now);
    await queueReturnEmails(tx, created.returnId, { step: "requested" });
    await publishLiveEvent(tx, { topic: "orders", userId });
    return created;
  });
}
