import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { sendLowStockDigest } from "~/flows/send-low-stock-digest.server";
import { startPeriodicJob } from "./periodic-job";

export const LOW_STOCK_DIGEST_CHECK_MS = 10 * 60_000;

/**
 * The daily low-stock e-mail: a minute after start-up, then every ten minutes, each process asks
 * the flow; from 9:00 Pakistan time the first to find something low claims the day and sends it.
 */
export function startLowStockDigest(
  db: Db,
  logger: Pick<Logger, "info" | "error">,
  everyMs = LOW_STOCK_DIGEST_CHECK_MS,
): () => void {
  return startPeriodicJob(
    async () => {
      const result = await sendLowStockDigest({ db });
      if (result.sent)
        logger.info(
          { day: result.day, rows: result.rows, recipients: result.recipients.length },
          "low-stock digest queued",
        );
    },
    {
      everyMs,
      firstAfterMs: Math.min(60_000, everyMs),
      onError: (error) => logger.error({ err: error }, "the low-stock digest failed; trying again later"),
    },
  );
}
