import type { SecretBox } from "~/db/secret-box.server";
import type { OrderActor } from "~/modules/orders/order-actor";
import { CourierApiError } from "~/modules/shipping/couriers/courier-api";
import type { AdviceInput } from "~/modules/shipping/tracking/advice-form";
import { adviceNote } from "~/modules/shipping/tracking/advice-form";
import { openCourierCredentials } from "~/modules/shipping/tracking/courier-credentials.server";
import {
  PROBLEM_ANSWERED,
  problemToAdvise,
  recordAdvice,
  recordAdviceError,
} from "~/modules/shipping/tracking/delivery-problems.server";
import { providersOf, type FlowContext } from "./flow-context";
import { orderDesk } from "./move-order.server";

export type AdviceOutcome = { ok: true; says: string } | { ok: false; message: string };

/**
 * The owner's answer to a failed delivery (Delivery problems): sent to the courier as shipper
 * advice (re-attempt or return, with the remark), outside any transaction; when the courier takes
 * it, written on the parcel and in the order's history. When it refuses or cannot be reached,
 * nothing changes but the courier's words kept beside the parcel.
 */
export async function adviseCourier(
  ctx: FlowContext,
  box: SecretBox,
  actor: OrderActor,
  input: Pick<AdviceInput, "shipmentId" | "advice" | "remarks">,
): Promise<AdviceOutcome> {
  const apis = providersOf(ctx, "adviseCourier").couriers.api;
  const parcel = await problemToAdvise(ctx.db, input.shipmentId);
  const opened = await openCourierCredentials(ctx.db, box, parcel.courierId);
  const api = opened ? apis[opened.kind] : undefined;
  if (!opened || !api) {
    const message = `${parcel.courierName} is not connected through its API: give the advice on its portal, or connect it in Settings → Couriers`;
    await recordAdviceError(ctx.db, parcel.shipmentId, message);
    return { ok: false, message };
  }
  // A courier that publishes no shipper advice (TCS) takes it on its portal: the owner gives it
  // there, and the answer is recorded here so the parcel leaves the queue with the owner's words.
  const inPortal = !api.offers.advise;
  if (!inPortal) {
    try {
      await api.advise(opened.credentials, parcel.trackingNumber, input.advice, input.remarks);
    } catch (error) {
      if (!(error instanceof CourierApiError)) throw error;
      const message = `${parcel.courierName}: ${error.message}`;
      await recordAdviceError(ctx.db, parcel.shipmentId, message);
      return { ok: false, message };
    }
  }
  const written = await recordAdvice(ctx.db, orderDesk, actor, {
    ...parcel,
    advice: input.advice,
    remarks: input.remarks,
    now: ctx.now ?? new Date(),
  });
  if (!written) return { ok: false, message: PROBLEM_ANSWERED };
  const says = adviceNote(parcel.courierName, input.advice, input.remarks);
  return { ok: true, says: inPortal ? `Recorded (given on ${parcel.courierName}'s portal): ${says}` : says };
}
