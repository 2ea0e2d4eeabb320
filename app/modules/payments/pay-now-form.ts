import { z } from "~/lib/zod";
import { PAYMENT_GATEWAYS } from "~/db/schema/statuses";

/** The order page's Pay with ... buttons: which gateway the buyer pays the order (or its advance) with. */
export const payNowFormSchema = z.object({
  intent: z.literal("pay"),
  gateway: z.enum(PAYMENT_GATEWAYS, { error: "Choose how to pay online" }),
});
