import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { remindForgottenCarts } from "~/flows/remind-forgotten-carts.server";
import { startPeriodicJob } from "./periodic-job";

export const CART_REMINDER_CHECK_MS = 10 * 60_000;

/**
 * Sends the forgotten-cart reminders that have come due: a minute after start-up, then every ten
 * minutes. Every server process runs it; each reminder is claimed with one upsert, so it goes once.
 */
export function startCartReminders(
  db: Db,
  logger: Pick<Logger, "info" | "error">,
  everyMs = CART_REMINDER_CHECK_MS,
): () => void {
  return startPeriodicJob(
    async () => {
      const queued = await remindForgottenCarts({ db });
      if (queued > 0) logger.info({ queued }, "forgotten-cart reminders queued");
    },
    {
      everyMs,
      firstAfterMs: Math.min(60_000, everyMs),
      onError: (error) => logger.error({ err: error }, "forgotten-cart reminders failed; trying again later"),
    },
  );
}
