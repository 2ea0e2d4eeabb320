import type { Server } from "node:http";
import type { Logger } from "pino";

/** How long requests in flight get to finish after SIGTERM before what is left is cut. */
export const DRAIN_TIMEOUT_MS = 10_000;
const IDLE_SWEEP_MS = 100;

export type DrainResult = { streams: number; cut: boolean };

/**
 * Takes an HTTP server out of service without breaking a request: it stops accepting connections,
 * ends the live event streams with a retry hint (browsers reconnect to another process), answers
 * what is in flight (up to `timeoutMs`, then cuts the rest) and closes keep-alive connections as
 * soon as they are idle, so a load balancer's next request goes elsewhere instead of failing.
 */
export async function drainHttpServer(
  server: Server,
  {
    closeStreams,
    timeoutMs = DRAIN_TIMEOUT_MS,
    logger,
  }: { closeStreams: () => number; timeoutMs?: number; logger: Pick<Logger, "info" | "warn"> },
): Promise<DrainResult> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A request that still arrives on an open keep-alive connection is answered, then that connection closes.
  server.prependListener("request", (_req, res) => res.setHeader("Connection", "close"));
  const streams = closeStreams();
  server.closeIdleConnections();
  // A connection becomes idle when its last response is sent: close it then, not after the keep-alive timeout.
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)));
  try {
    const cut = await Promise.race([closed.then(() => false as const), timedOut]);
    if (cut) {
      logger.warn({ timeoutMs }, "requests still running after the shutdown grace period: cutting them");
      server.closeAllConnections();
      await closed;
    }
    logger.info({ streams, cut }, "stopped serving");
    return { streams, cut };
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
}

/**
 * Runs `shutdown` once on SIGTERM or SIGINT, then exits 0 (1 if it failed). A second signal while
 * shutting down does not start it again.
 */
export function onShutdownSignal(
  shutdown: (signal: string) => Promise<void>,
  logger: Pick<Logger, "info" | "error">,
): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return void logger.info({ signal }, "already shutting down");
    stopping = true;
    logger.info({ signal }, "shutting down");
    shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
