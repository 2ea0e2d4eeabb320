import type { SecretBox } from "~/db/secret-box.server";
import type { OrderActor } from "~/modules/orders/order-actor";
import { markCourierSync } from "~/modules/shipping/tracking/claim-courier-sync.server";
import { connectedApiCouriers } from "~/modules/shipping/tracking/courier-sync-states.server";
import { runCourierSync, type CourierSyncOutcome } from "~/modules/shipping/tracking/run-courier-sync.server";
import { providersOf, type FlowContext } from "./flow-context";
import { orderDesk } from "./move-order.server";

/**
 * Sync now (the Shipping page): asks one API courier, or every connected one, about its open
 * parcels and its payments in the request, through the same steps as the job (tracking moves
 * orders through the delivery import's rules; payments are recorded as the COD import records
 * them), and answers what each did, or the courier's words when it failed. The courier is marked as
 * asked, so the job does not ask again at once.
 */
export async function syncCourierParcels(
  ctx: FlowContext,
  box: SecretBox,
  actor: OrderActor,
  courierId: number | null,
): Promise<CourierSyncOutcome[]> {
  const apis = providersOf(ctx, "syncCourierParcels").couriers.api;
  const outcomes: CourierSyncOutcome[] = [];
  for (const { id } of await connectedApiCouriers(ctx.db, courierId)) {
    const now = ctx.now ?? new Date();
    const deps = { db: ctx.db, apis, box, desk: orderDesk, now };
    const tracked = await markCourierSync(ctx.db, "tracking", id, now);
    if (!tracked) continue;
    const tracking = await runCourierSync(deps, tracked, "tracking", actor);
    // A courier that failed is not asked again in the same request (its failure stays shown).
    const checked = tracking.ok ? await markCourierSync(ctx.db, "payments", id, now) : null;
    const payments = checked ? await runCourierSync(deps, checked, "payments", actor) : null;
    outcomes.push(mergeOutcomes(tracking, payments));
  }
  return outcomes;
}

/** One line per courier: its tracking and payments together, or the first failure in the courier's words. */
function mergeOutcomes(tracking: CourierSyncOutcome, payments: CourierSyncOutcome | null): CourierSyncOutcome {
  if (!tracking.ok) return tracking;
  if (!payments) return tracking;
  if (!payments.ok) return payments;
  return { ...tracking, payments: payments.payments };
}
