import { z } from "~/lib/zod";
import { ORDER_STATUSES } from "./order-lifecycle";

export const COURIER_MAX = 60;
export const TRACKING_MAX = 60;

// Blank means "not given": the form always posts the fields, the API may leave them out.
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .optional()
    .nullable()
    .transform((v) => v || undefined);

/** A status change from the owner's form or PATCH /api/orders/{id}. */
export const orderStatusInput = z.object({
  status: z.enum(ORDER_STATUSES, { error: "Please choose a status" }),
  courierName: optionalText(COURIER_MAX, "Courier name"),
  trackingNumber: optionalText(TRACKING_MAX, "Tracking number"),
});
export type OrderStatusInput = {
  status: z.output<typeof orderStatusInput>["status"];
  courierName?: string;
  trackingNumber?: string;
};
