import { data, type AppLoadContext } from "react-router";
import { syncCourierParcels } from "~/flows/sync-courier-parcels.server";
import type { SessionUser } from "~/modules/accounts/session-user.server";
import { courierSyncText } from "~/modules/shipping/tracking/run-courier-sync.server";
import { SYNC_NOW_INTENT, syncNowFormSchema, type SyncNowAnswer } from "~/modules/shipping/tracking/sync-now-form";
import { parseSubmission } from "./form-reply";

/**
 * Sync now on the Shipping page (`intent=sync-now`, optional `courierId`): the couriers' tracking
 * and payments asked in the request, and one line per courier of what moved or the courier's words.
 */
export async function syncNowAction(
  context: AppLoadContext,
  user: Pick<SessionUser, "id" | "name" | "email">,
  form: FormData,
) {
  const actor = { id: user.id, name: user.name || user.email };
  // The form is only its intent and an optional courier: a bad courier id asks every courier.
  const submission = parseSubmission(form, syncNowFormSchema);
  const courierId = submission.status === "success" ? submission.value.courierId : null;
  const outcomes = await syncCourierParcels(context, context.secretBoxes["courier-credentials"], actor, courierId);
  const lines = outcomes.length
    ? outcomes.map(courierSyncText)
    : ["No courier is connected through its API: connect PostEx, Leopards, TCS, Trax or M&P in Settings → Couriers."];
  return data<SyncNowAnswer>({ intent: SYNC_NOW_INTENT, ok: outcomes.every((o) => o.ok), lines });
}
