import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { nextLaunchAt, runDueLaunches } from "~/flows/launch-products.server";
import { startPeriodicJob } from "./periodic-job";

export const LAUNCH_CHECK_MS = 60_000;

/**
 * Puts scheduled products and collections on sale when their time comes: once at start-up, then
 * every minute, and to the second for a launch due before the next minute's check (a midnight
 * launch opens at midnight, not up to a minute later). Each run is one atomic update per table, so
 * several server processes can all run it and each item still launches once.
 */
export function startLauncher(db: Db, logger: Pick<Logger, "info" | "error">, everyMs = LAUNCH_CHECK_MS): () => void {
  let wake: NodeJS.Timeout | undefined;
  const run = async () => {
    const launched = await runDueLaunches({ db });
    if (launched.products.length + launched.categories.length > 0) {
      logger.info(
        { products: launched.products.map((p) => p.id), categories: launched.categories.map((c) => c.slug) },
        "scheduled launch",
      );
    }
    const next = await nextLaunchAt({ db });
    clearTimeout(wake);
    if (next && next.getTime() - Date.now() < everyMs) {
      wake = setTimeout(
        () => void run().catch((error) => logger.error({ err: error }, "scheduled launches failed")),
        Math.max(0, next.getTime() - Date.now()),
      );
      wake.unref();
    }
  };
  const stop = startPeriodicJob(run, {
    everyMs,
    onError: (error) => logger.error({ err: error }, "scheduled launches failed; trying again in a minute"),
  });
  return () => {
    stop();
    clearTimeout(wake);
  };
}
