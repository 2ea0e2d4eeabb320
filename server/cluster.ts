import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import type { Logger } from "pino";
import type { Env } from "~/lib/env.server";

/** A worker that lived this long before dying was healthy: its replacement starts at once. */
const HEALTHY_LIFETIME_MS = 30_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** The primary's last resort when a worker ignores SIGTERM (each worker drains for at most 10 s). */
const WORKER_STOP_TIMEOUT_MS = 20_000;

export const isClusterWorker = () => cluster.isWorker;

/**
 * How many server processes to run. PostgreSQL: WEB_CONCURRENCY, or one per core. PGlite: one,
 * whatever was asked, because the embedded database can be opened by one process only.
 */
export function processCount(
  env: Pick<Env, "DATABASE_URL" | "WEB_CONCURRENCY">,
  logger: { warn: (obj: object, msg: string) => void },
): number {
  if (!env.DATABASE_URL) {
    if (env.WEB_CONCURRENCY && env.WEB_CONCURRENCY > 1) {
      logger.warn(
        { WEB_CONCURRENCY: env.WEB_CONCURRENCY },
        `WEB_CONCURRENCY=${env.WEB_CONCURRENCY} is ignored: the embedded PGlite database can be opened by one process only, ` +
          "so the shop runs as one process. Set DATABASE_URL to a PostgreSQL database to run several.",
      );
    }
    return 1;
  }
  return env.WEB_CONCURRENCY ?? os.availableParallelism();
}

/** The wait before replacing a dead worker: none after a healthy life, then 1, 2, 4... up to 30 s while they keep dying. */
export function restartDelayMs(quickDeaths: number): number {
  return quickDeaths <= 1 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** (quickDeaths - 2));
}

/**
 * The primary process: forks `workers` copies of this program (each runs the shop and shares the
 * port; the primary hands them connections), replaces any that dies, and on SIGTERM/SIGINT passes
 * the signal on and exits once they all have. It serves nothing itself and holds no database.
 */
export function runPrimary({
  workers,
  logger,
}: {
  workers: number;
  logger: Pick<Logger, "info" | "warn" | "error" | "fatal">;
}): void {
  const startedAt = new Map<Worker, number>();
  let listening = false;
  let stopping = false;
  let quickDeaths = 0;
  let pendingRestarts = new Set<NodeJS.Timeout>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on("listening", () => {
    listening = true;
  });

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) {
        logger.info("every worker has stopped");
        process.exit(0);
      }
      return;
    }
    // No worker ever came up (port taken, database unreachable, bad build): retrying will not help.
    if (!listening) {
      logger.fatal({ workerPid: worker.process.pid, code, signal }, "a worker failed to start; stopping the shop");
      stopping = true;
      for (const w of startedAt.keys()) w.process.kill("SIGTERM");
      process.exitCode = 1;
      if (startedAt.size === 0) process.exit(1);
      return;
    }
    quickDeaths = lived >= HEALTHY_LIFETIME_MS ? 1 : quickDeaths + 1;
    const delay = restartDelayMs(quickDeaths);
    logger.error(
      { workerPid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delay },
      "a worker died; starting another",
    );
    const timer = setTimeout(() => {
      pendingRestarts.delete(timer);
      if (!stopping) fork();
    }, delay);
    pendingRestarts.add(timer);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const timer of pendingRestarts) clearTimeout(timer);
    pendingRestarts = new Set();
    logger.info({ signal, workers: startedAt.size }, "shutting down: asking every worker to finish its requests");
    if (startedAt.size === 0) process.exit(0);
    for (const worker of startedAt.keys()) worker.process.kill(signal);
    setTimeout(() => {
      logger.warn({ workers: startedAt.size }, "workers still running after the stop timeout: killing them");
      for (const worker of startedAt.keys()) worker.process.kill("SIGKILL");
    }, WORKER_STOP_TIMEOUT_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  logger.info({ workers }, `starting ${workers} server processes`);
  for (let i = 0; i < workers; i++) fork();
}
