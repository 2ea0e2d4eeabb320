import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { runDueLaunches } from "~/flows/launch-products.server";
import { startPeriodicJob } from "./periodic-job";

export const LAUNCH_CHECK_MS = 60_000;

/**
 * Puts scheduled products and collections on sale when their time comes: once at start-up, then
 * every minute. Each run is one atomic update per table, so several server processes can all run
 * it and each item still launches once.
 */
export function startLauncher(db: Db, logger: Pick<Logger, "info" | "error">, everyMs = LAUNCH_CHECK_MS): () => void {
  return startPeriodicJob(
    async () => {
      const launched = await runDueLaunches({ db });
      if (launched.products.length + launched.categories.length > 0) {
        logger.info(
          { products: launched.products.map((p) => p.id), categories: launched.categories.map((c) => c.slug) },
          "scheduled launch",
        );
      }
    },
    {
      everyMs,
      onError: (error) => logger.error({ err: error }, "scheduled launches failed; trying again in a minute"),
    },
  );
}
