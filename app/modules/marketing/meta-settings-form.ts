import { META_PURCHASE_MOMENTS, type MetaPurchaseMoment } from "~/db/schema/statuses";
import { z } from "~/lib/zod";

/**
 * Settings -> Marketing's Meta Pixel form (issue 44). The Conversions API token may be left empty
 * once saved (the stored one is kept); it is never sent back to the page, not even after a refusal.
 * An empty Pixel ID with "Remove" takes the Pixel off every page and stops reporting.
 */
export { META_PURCHASE_MOMENTS, type MetaPurchaseMoment };

export const META_PIXEL_FIELDS = ["pixelId", "accessToken", "testEventCode", "purchaseOn"] as const;

export const PURCHASE_MOMENT_LABELS: Record<MetaPurchaseMoment, string> = {
  confirmed: "When the order is confirmed (WhatsApp Confirm, your confirmation, or paid online)",
  delivered: "When the order is delivered",
};

export type MetaPixelInput = {
  pixelId: string;
  /** Null: keep the stored one. */
  accessToken: string | null;
  testEventCode: string | null;
  purchaseOn: MetaPurchaseMoment;
};

const optional = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

export const metaPixelSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save-pixel"),
    pixelId: z
      .string({ error: "Enter the Pixel ID from Events Manager" })
      .trim()
      .regex(/^\d{10,20}$/, "The Pixel ID is a number of 10 to 20 digits (Events Manager -> Data sources)"),
    accessToken: z.preprocess(
      optional,
      z
        .string()
        .trim()
        .regex(/^\S{20,2048}$/, "Paste the whole access token (a long code with no spaces)")
        .nullable()
        .default(null),
    ),
    testEventCode: z.preprocess(
      optional,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9]{4,40}$/, "Enter the code as Test events shows it, like TEST12345")
        .nullable()
        .default(null),
    ),
    purchaseOn: z.enum(META_PURCHASE_MOMENTS, { error: "Choose when a purchase counts" }),
  }),
  z.object({ intent: z.literal("remove-pixel") }),
]);
