import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import type { SecretBox } from "~/db/secret-box.server";
import { syncDueCouriers } from "~/flows/sync-due-couriers.server";
import type { Providers } from "~/integrations/providers.server";
import { courierSyncText } from "~/modules/shipping/tracking/run-courier-sync.server";
import { startPeriodicJob } from "./periodic-job";

export const COURIER_SYNC_CHECK_MS = 60_000;

/**
 * Tracking and payments from the couriers' APIs: every minute each process asks the flow, which
 * claims the couriers due (each courier's own period, six hours for payments) with SKIP LOCKED, so
 * however many processes run, a courier is asked once. Logs what moved and a courier's failure in
 * its own words (never a credential: clients keep them out of their errors).
 */
export function startCourierSync(
  db: Db,
  providers: Providers,
  box: SecretBox,
  logger: Pick<Logger, "info" | "warn" | "error">,
  everyMs = COURIER_SYNC_CHECK_MS,
): () => void {
  return startPeriodicJob(
    async () => {
      for (const outcome of await syncDueCouriers({ db, providers }, box)) {
        if (outcome.ok) logger.info({ courierId: outcome.courierId, what: outcome.what }, courierSyncText(outcome));
        else logger.warn({ courierId: outcome.courierId, what: outcome.what }, courierSyncText(outcome));
      }
    },
    {
      everyMs,
      firstAfterMs: Math.min(30_000, everyMs),
      onError: (error) => logger.error({ err: error }, "the courier sync failed; trying again next minute"),
    },
  );
}
