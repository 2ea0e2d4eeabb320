import { z } from "~/lib/zod";
import { parseLaunchAt } from "./product-input";

/**
 * The Products list's buttons (Dashboard -> Products), one schema by the `intent` each posts: a
 * row's delete, activate, deactivate or restore, and the launch panel's launch now or schedule (a
 * product by id or a category by slug, in `id`). Each form also posts `returnTo`, the view to
 * come back to.
 */

export const UNKNOWN_ACTION = "Unknown action";
export const INVALID_LAUNCH_AT = "Choose a valid launch date and time";

const id = z.string().trim().min(1).max(100);
const returnTo = z.unknown().optional();

/** When to launch: a date and time in the shop's time, or blank to clear it (null). */
const launchAt = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const typed = typeof value === "string" ? value : "";
    if (typed.length > 40) {
      ctx.addIssue({ code: "custom", message: UNKNOWN_ACTION });
      return z.NEVER;
    }
    if (!typed.trim()) return null;
    const at = parseLaunchAt(typed);
    if (!at) ctx.addIssue({ code: "custom", message: INVALID_LAUNCH_AT });
    return at;
  });

/** Every button of the Products list, by its intent. */
export const inventoryFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id, returnTo }),
  z.object({ intent: z.literal("activate"), id, returnTo }),
  z.object({ intent: z.literal("deactivate"), id, returnTo }),
  z.object({ intent: z.literal("restore"), id, returnTo }),
  z.object({ intent: z.literal("launch-product"), id, returnTo }),
  z.object({ intent: z.literal("launch-category"), id, returnTo }),
  z.object({ intent: z.literal("schedule-product"), id, launchAt, returnTo }),
  z.object({ intent: z.literal("schedule-category"), id, launchAt, returnTo }),
]);
