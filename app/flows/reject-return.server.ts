import { publishLiveEvent } from "~/db/live-events.server";
import { AppError } from "~/lib/errors";
import { queueReturnEmails } from "~/modules/messages/return-emails.server";
import type { OrderActor } from "~/modules/orders/order-actor";
import { STATUS_LABELS } from "~/modules/orders/order-lifecycle";
import { lockOrder } from "~/modules/orders/order-row-moves.server";
import { parseOrRefuse, rejectionInput } from "~/modules/returns/return-input";
import { deleteUnusedImages, imageKeys } from "~/modules/media/delete-unused-images.server";
import {
  assertReturnStatus,
  findReturn,
  lockReturn,
  recordReturnEvent,
  setReturnStatus,
  takeReturnPhotos,
} from "~/modules/returns/return-records.server";
import type { FlowContext } from "./flow-context";
import { applyOrderMove } from "./move-order.server";

export type RejectReturnResult = {
  returnId: string;
  returnNumber: string;
  status: "rejected";
  cancelledReplacement: string | null;
};

/** A replacement not yet on its way can still be called back. */
const REPLACEMENT_NOT_SHIPPED = ["pending", "confirmed", "processing"] as const;

/**
 * The owner says no, with a reason the buyer reads, in one transaction: from requested, or from
 * approved while the exchange's replacement has not shipped, or was cancelled or refused at the door
 * before the old item came back (the buyer kept it: the request ends here). A replacement not yet
 * shipped is then cancelled
 * through the order lifecycle (applyOrderMove: its stock goes back exactly once, its history and
 * live event), without its own cancellation e-mail: the rejection's e-mail tells the buyer. The
 * buyer's photos are not kept: the request's are taken off and their files deleted.
 */
export async function rejectReturn(
  { db, now = new Date() }: FlowContext,
  actor: OrderActor,
  returnId: string,
  reason: string,
): Promise<RejectReturnResult> {
  const { reason: why } = parseOrRefuse(rejectionInput, { reason });
  const found = await findReturn(db, returnId);
  return db.transaction(async (tx) => {
    // Orders first (the original, whose lock an approval also takes, then the replacement), then the request.
    await lockOrder(tx, found.orderId);
    const current = await findReturn(tx, returnId);
    const replacement = current.replacementOrderId ? await lockOrder(tx, current.replacementOrderId) : null;
    const request = await lockReturn(tx, returnId);
    assertReturnStatus(request, ["requested", "approved"]);

    let cancelledReplacement: string | null = null;
    // A replacement already cancelled or refused at the door (returned) has nothing to call back:
    // the buyer kept the old item, and rejecting ends the request.
    if (replacement && replacement.status !== "cancelled" && replacement.status !== "returned") {
      if (!(REPLACEMENT_NOT_SHIPPED as readonly string[]).includes(replacement.status)) {
        throw new AppError(
          "CONFLICT",
          `The replacement ${replacement.orderNumber} is already ${STATUS_LABELS[replacement.status].toLowerCase()}: it can no longer be called back, so this exchange cannot be rejected`,
        );
      }
      await applyOrderMove(tx, actor, replacement, "cancelled", {
        now,
        note: `Exchange ${request.returnNumber} rejected`,
        emails: null,
      });
      cancelledReplacement = replacement.orderNumber;
    }

    await setReturnStatus(tx, request.id, "rejected", now, { rejectionReason: why });
    // Photos are kept only for a request the shop accepts: a rejected one's are deleted.
    await deleteUnusedImages(tx, imageKeys(await takeReturnPhotos(tx, request.id)));
    const note = cancelledReplacement
      ? `${why} (replacement ${cancelledReplacement} cancelled, its stock put back)`
      : why;
    await recordReturnEvent(tx, {
      returnId: request.id,
      orderId: request.orderId,
      step: "rejected",
      actor,
      note,
      at: now,
    });
    await queueReturnEmails(tx, request.id, { step: "rejected" });
    if (request.userId) await publishLiveEvent(tx, { topic: "orders", userId: request.userId });
    return {
      returnId: request.id,
      returnNumber: request.returnNumber,
      status: "rejected" as const,
      cancelledReplacement,
    };
  });
}
