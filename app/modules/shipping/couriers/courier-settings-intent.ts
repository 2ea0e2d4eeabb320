import { z } from "zod";

/** A row id as a form posts it. */
const rowId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * Every form of Settings -> Couriers posts an `intent`; the courier and rule fields themselves are
 * read by parseCourierForm and parseRuleForm.
 */
export const courierSettingsIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-courier") }),
  z.object({ intent: z.literal("edit-courier"), courierId: rowId }),
  z.object({
    intent: z.literal("toggle-courier"),
    courierId: rowId,
    active: z.enum(["true", "false"]).transform((v) => v === "true"),
  }),
  z.object({ intent: z.literal("add-rule") }),
  z.object({ intent: z.literal("remove-rule"), ruleId: rowId }),
  z.object({ intent: z.literal("move-rule-up"), ruleId: rowId }),
]);
export type CourierSettingsIntent = z.infer<typeof courierSettingsIntentSchema>;
export type CourierSettingsIntentName = CourierSettingsIntent["intent"];

export const UNKNOWN_COURIER_ACTION = "That action is not known. Please reload the page and try again.";

/** The posted form's intent with its ids, or null for anything else (an old page, a tampered post). */
export function parseCourierSettingsIntent(form: Record<string, unknown>): CourierSettingsIntent | null {
  const parsed = courierSettingsIntentSchema.safeParse(form);
  return parsed.success ? parsed.data : null;
}
