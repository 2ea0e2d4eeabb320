import { z } from "~/lib/zod";
import { refundInput, rejectionInput } from "./return-input";
import { RETURN_CONDITION_LABELS, type ReturnCondition } from "./return-rules";

/**
 * The forms of a return request's page (Dashboard -> Returns -> a request), one schema each, by
 * the `intent` its button posts: the action parses with `returnFormsSchema`, the page checks the
 * typed ones in the browser with the same schemas. The flows parse their inputs again.
 */

export const RETURN_FORM_NOT_UNDERSTOOD = "Something was missing from the form. Please try again.";
export const CHOOSE_CONDITION = "Please choose resellable or damaged";

/** The radio of a received item: `conditions.{returnItemId}` (the step's own field key for it). */
export const conditionField = (returnItemId: number) => `conditions.${returnItemId}`;

// A field as posted (conform leaves an empty one out).
const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value : ""));

export const approveFormSchema = z.object({ intent: z.literal("approve") });

/** Reject, with the reason the buyer reads. */
export const rejectFormSchema = z.object({ intent: z.literal("reject"), reason: rejectionInput.shape.reason });

const isCondition = (value: unknown): value is ReturnCondition =>
  typeof value === "string" && Object.hasOwn(RETURN_CONDITION_LABELS, value);

/** Received: resellable or damaged for each item of the request (`itemIds`, the request's items). */
export const receiveFormSchema = z
  .object({
    intent: z.literal("receive"),
    itemIds: text,
    conditions: z.record(z.string(), z.unknown()).optional(),
  })
  .transform(({ intent, itemIds, conditions }, ctx) => {
    const ids = itemIds
      .split(",")
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0);
    const chosen: { returnItemId: number; condition: ReturnCondition }[] = [];
    for (const returnItemId of ids) {
      const condition = conditions?.[String(returnItemId)];
      if (isCondition(condition)) chosen.push({ returnItemId, condition });
      else ctx.addIssue({ code: "custom", path: ["conditions", String(returnItemId)], message: CHOOSE_CONDITION });
    }
    return { intent, conditions: chosen };
  });

/** Record refund: method, whole rupees, reference, and the showing's idempotency key. */
export const refundFormSchema = z.object({
  intent: z.literal("refund"),
  method: refundInput.shape.method,
  amount: refundInput.shape.amount,
  reference: refundInput.shape.reference,
  idempotencyKey: text,
});

/** Every form of the request's page, by its intent. */
export const returnFormsSchema = z.discriminatedUnion(
  "intent",
  [approveFormSchema, rejectFormSchema, receiveFormSchema, refundFormSchema],
  { error: RETURN_FORM_NOT_UNDERSTOOD },
);
export type ReturnFormIntent = z.output<typeof returnFormsSchema>["intent"];
