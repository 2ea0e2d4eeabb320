import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import type { SecretBox } from "~/db/secret-box.server";
import { expireUnpaidOrders } from "~/flows/expire-unpaid-orders.server";
import type { PaymentGateways } from "~/modules/payments/payment-gateway";
import { startPeriodicJob } from "./periodic-job";

/** How often orders awaiting payment are checked for their time running out. */
export const PAYMENT_EXPIRY_CHECK_MS = 60_000;

/**
 * Orders awaiting online payment whose time has run out: checked with their gateway, then paid or
 * cancelled (stock back). Every process runs it; each order is settled under its row lock, so it
 * is cancelled (or paid) once whichever process gets there first.
 */
export function startPaymentExpiry(
  db: Db,
  deps: { gateways: PaymentGateways; box: SecretBox },
  logger: Pick<Logger, "info" | "error">,
  everyMs = PAYMENT_EXPIRY_CHECK_MS,
): () => void {
  return startPeriodicJob(() => expireUnpaidOrders({ db }, deps).then(() => undefined), {
    everyMs,
    firstAfterMs: Math.min(15_000, everyMs),
    onError: (error) => logger.error({ err: error }, "the sweep of unpaid orders failed; trying again shortly"),
  });
}
