import { z } from "~/lib/zod";
import { SHIPPER_ADVICE } from "~/db/schema/statuses";

export const ADVISE_INTENT = "advise";
export const REMARKS_MAX = 200;
export const REMARKS_TOO_LONG = `Keep the remark to ${REMARKS_MAX} characters`;

/** A Delivery problems row's form: re-attempt or return, with an optional remark for the courier. */
export const adviceFormSchema = z.object({
  intent: z.literal(ADVISE_INTENT),
  shipmentId: z.coerce.number().int().positive(),
  advice: z.enum(SHIPPER_ADVICE, { error: "Choose Re-attempt or Return to shop" }),
  remarks: z.string().trim().max(REMARKS_MAX, REMARKS_TOO_LONG).default(""),
});
export type AdviceInput = z.infer<typeof adviceFormSchema>;

/** The history note and the owner's words for an advice sent ("Asked PostEx to re-attempt delivery: customer will be home after 5"). */
export function adviceNote(courierName: string, advice: (typeof SHIPPER_ADVICE)[number], remarks: string): string {
  const asked =
    advice === "reattempt"
      ? `Asked ${courierName} to re-attempt delivery`
      : `Asked ${courierName} to return the parcel to the shop`;
  return remarks ? `${asked}: ${remarks}` : asked;
}
