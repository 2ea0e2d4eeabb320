import { fromShopDateTimeLocal } from "~/lib/shop-time";
import { z } from "~/lib/zod";
import { LAUNCH_LIMIT_RANGE } from "./launch-rules";

/**
 * Products -> Launch's forms, one schema (issue 43): save a launch (new, or `id` to change one) and
 * call one off. The opening time is typed in Pakistan time (a datetime-local field).
 */

export const NAME_MESSAGE = "Enter a name for the launch (up to 80 characters)";
export const OPENS_MESSAGE = "Enter the date and time it opens (Pakistan time)";
export const LIMIT_MESSAGE = `Enter a whole number from ${LAUNCH_LIMIT_RANGE.min} to ${LAUNCH_LIMIT_RANGE.max}, or leave it empty for no limit`;
export const PRODUCTS_MESSAGE = "Choose at least one product";

const id = z.coerce.number().int().positive();

/** One or many of a repeated field (ticked boxes) as a list; none is an empty list. */
const ticked = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => [...new Set((v === undefined ? [] : Array.isArray(v) ? v : [v]).filter(Boolean))]);

const saveSchema = z.object({
  intent: z.literal("save"),
  id: id.optional(),
  name: z
    .string({ error: NAME_MESSAGE })
    .transform((v) => v.trim())
    .refine((v) => v.length >= 1 && v.length <= 80, NAME_MESSAGE),
  opensAt: z
    .string({ error: OPENS_MESSAGE })
    .transform((v) => fromShopDateTimeLocal(v))
    .refine((v) => v !== null && !Number.isNaN(v.getTime()), OPENS_MESSAGE)
    .transform((v) => v!),
  perBuyerLimit: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    // A refine, not a piped z.string(): conform reads an empty field as missing in every z.string().
    .refine((v) => v === "" || /^\d{1,2}$/.test(v), LIMIT_MESSAGE)
    .transform((v) => (v === "" ? null : Number(v)))
    .refine((n) => n === null || (n >= LAUNCH_LIMIT_RANGE.min && n <= LAUNCH_LIMIT_RANGE.max), LIMIT_MESSAGE),
  waitingRoom: z
    .string()
    .optional()
    .transform((v) => v === "on"),
  productIds: ticked.refine((ids) => ids.length > 0 && ids.length <= 200, PRODUCTS_MESSAGE),
});

const deleteSchema = z.object({ intent: z.literal("delete"), id });

export const launchFormSchema = z.discriminatedUnion("intent", [saveSchema, deleteSchema]);
export type LaunchForm = z.output<typeof launchFormSchema>;
