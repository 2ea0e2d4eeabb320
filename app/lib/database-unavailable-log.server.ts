import { storageFault } from "./errors";
import { logger } from "./logger.server";

const EVERY_MS = 10_000;
let lastLogged = 0;
let lastReason = "";

/**
 * Says in the log why visitors are getting 503s: a full or failing disk by name, else the lost
 * connection. Once per 10 s (or when the reason changes): an outage must not flood the log.
 */
export function logDatabaseUnavailable(error: unknown, now = Date.now()): void {
  const disk = storageFault(error);
  const reason = disk ?? "the database cannot be reached";
  if (reason === lastReason && now - lastLogged < EVERY_MS) return;
  lastLogged = now;
  lastReason = reason;
  logger.error({ err: error, storage: Boolean(disk) }, `Database unavailable, answering 503: ${reason}`);
}
