import { z } from "~/lib/zod";
import { checkCourier, courierFields } from "./courier-form";
import { checkRule, ruleFields } from "./routing-rule-form";

/** A row id as a form posts it. */
const rowId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * The one schema of Settings -> Couriers: every form posts an `intent`. The courier form (add, or
 * edit with its id) and the "add a rule" form are checked field by field, in the browser and in the
 * action; the buttons (switch a courier on or off, move or remove a rule) send ids only.
 */
export const courierSettingsSchema = z.discriminatedUnion("intent", [
  courierFields
    .extend({ intent: z.literal("add-courier") })
    .transform((v, ctx) => ({ intent: v.intent, courier: checkCourier(v, ctx) })),
  courierFields
    .extend({ intent: z.literal("edit-courier"), courierId: rowId })
    .transform((v, ctx) => ({ intent: v.intent, courierId: v.courierId, courier: checkCourier(v, ctx) })),
  z.object({
    intent: z.literal("toggle-courier"),
    courierId: rowId,
    active: z.enum(["true", "false"]).transform((v) => v === "true"),
  }),
  ruleFields
    .extend({ intent: z.literal("add-rule") })
    .transform((v, ctx) => ({ intent: v.intent, rule: checkRule(v, ctx) })),
  z.object({ intent: z.literal("remove-rule"), ruleId: rowId }),
  z.object({ intent: z.literal("move-rule-up"), ruleId: rowId }),
]);
export type CourierSettingsIntent = z.infer<typeof courierSettingsSchema>;
export type CourierSettingsIntentName = CourierSettingsIntent["intent"];

/** The fields that name the action and its rows: one of them wrong is an unknown action, not a typing mistake. */
export const COURIER_ACTION_FIELDS = ["intent", "courierId", "ruleId", "active"] as const;

export const UNKNOWN_COURIER_ACTION = "That action is not known. Please reload the page and try again.";
