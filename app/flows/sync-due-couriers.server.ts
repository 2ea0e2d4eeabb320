import type { SecretBox } from "~/db/secret-box.server";
import { claimCourierSync, type SyncWhat } from "~/modules/shipping/tracking/claim-courier-sync.server";
import { runCourierSync, type CourierSyncOutcome } from "~/modules/shipping/tracking/run-courier-sync.server";
import { providersOf, type FlowContext } from "./flow-context";
import { orderDesk } from "./move-order.server";

/** Couriers synced per tick and kind at most, so one tick stays short; the rest are due on the next. */
export const COURIERS_PER_TICK = 5;

/**
 * The courier sync job's tick (server/courier-sync-job.ts, every minute in each process): claims
 * API couriers due for tracking, then for payments, one at a time with SKIP LOCKED (however many
 * processes run it, each courier is asked once per period), and syncs each. The orders' history
 * names the courier's tracking as who moved them.
 */
export async function syncDueCouriers(ctx: FlowContext, box: SecretBox): Promise<CourierSyncOutcome[]> {
  const apis = providersOf(ctx, "syncDueCouriers").couriers.api;
  const outcomes: CourierSyncOutcome[] = [];
  for (const what of ["tracking", "payments"] as SyncWhat[]) {
    for (let i = 0; i < COURIERS_PER_TICK; i++) {
      const now = ctx.now ?? new Date();
      const courier = await claimCourierSync(ctx.db, what, now);
      if (!courier) break;
      const actor = { id: null, name: `${courier.name} ${what === "tracking" ? "tracking" : "payment status"}` };
      outcomes.push(await runCourierSync({ db: ctx.db, apis, box, desk: orderDesk, now }, courier, what, actor));
    }
  }
  return outcomes;
}
