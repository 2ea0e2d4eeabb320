import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import type { SecretBoxes } from "~/db/secret-box.server";
import { bookDueParcels, cancelDueParcels } from "~/flows/book-parcels.server";
import type { Providers } from "~/integrations/providers.server";
import { startPeriodicJob } from "./periodic-job";

/** How often each process looks for parcels to book with an API courier (retries are 30 s apart at the soonest). */
export const COURIER_BOOKING_CHECK_MS = 15_000;
/** How long one pass may keep sending: well inside the claim's lease. */
const PASS_DEADLINE_MS = 45_000;

/**
 * The API couriers' booking worker, in every server process (like the mail worker): books the
 * requested parcels whose turn has come, and cancels at the courier the parcels of cancelled orders. Each parcel is claimed with SKIP LOCKED and a lease, so
 * two processes never send the same one, and a parcel whose earlier request may have reached the
 * courier is looked up before it is sent again.
 */
export function startCourierBooking(
  db: Db,
  providers: Providers,
  secretBoxes: SecretBoxes,
  logger: Pick<Logger, "info" | "warn" | "error">,
  everyMs = COURIER_BOOKING_CHECK_MS,
): () => void {
  return startPeriodicJob(
    async () => {
      const outcomes = await bookDueParcels({ db, providers, secretBoxes }, PASS_DEADLINE_MS);
      // Counts only: a courier's words may name the buyer; they are on the order's page.
      const count = (state: string) => outcomes.filter((o) => o.state === state).length;
      if (outcomes.length)
        logger.info(
          { booked: count("booked"), failed: count("failed"), waiting: count("requested") },
          "courier bookings sent",
        );
      const cancels = await cancelDueParcels({ db, providers, secretBoxes }, PASS_DEADLINE_MS);
      if (cancels.length)
        logger.info(
          {
            cancelled: cancels.filter((c) => c.state === "cancelled").length,
            refused: cancels.filter((c) => c.state === "refused").length,
            waiting: cancels.filter((c) => c.state === "waiting").length,
          },
          "cancelled orders' parcels sent to couriers",
        );
    },
    {
      everyMs,
      firstAfterMs: Math.min(5_000, everyMs),
      onError: (error) => logger.error({ err: error }, "the courier booking worker failed; trying again shortly"),
    },
  );
}
