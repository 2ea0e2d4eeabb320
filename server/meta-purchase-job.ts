import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { reportPurchasesToMeta } from "~/flows/report-purchases-to-meta.server";
import { startPeriodicJob } from "./periodic-job";

export const META_PURCHASE_CHECK_MS = 15_000;

/**
 * Queues the Purchases of orders that became real (confirmed or delivered, as Settings -> Marketing
 * says) for Meta's Conversions API: every 15 s, in every server process (the outbox keeps one per
 * order). The mail worker sends them. Meta takes a Purchase up to seven days late, so a pause costs nothing.
 */
export function startMetaPurchases(
  db: Db,
  publicUrl: string,
  logger: Pick<Logger, "info" | "error">,
  everyMs = META_PURCHASE_CHECK_MS,
): () => void {
  return startPeriodicJob(
    async () => {
      const queued = await reportPurchasesToMeta({ db }, publicUrl);
      if (queued > 0) logger.info({ queued }, "purchases queued for Meta's Conversions API");
    },
    {
      everyMs,
      firstAfterMs: Math.min(10_000, everyMs),
      onError: (error) => logger.error({ err: error }, "reporting purchases to Meta failed; trying again later"),
    },
  );
}
