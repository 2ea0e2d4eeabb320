import { z } from "~/lib/zod";

/** The refusal of a post to the order page that is not its one form. */
export const UNKNOWN_ACTION = "Unknown action";

/** The order page's one form: the owner's Cancel Booking on the shipment (a button). */
export const cancelBookingFormSchema = z.object({ intent: z.literal("cancel-booking") });
