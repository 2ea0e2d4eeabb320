import { z } from "~/lib/zod";
import { REFUND_METHODS, RETURN_CONDITIONS, RETURN_ITEM_KINDS, RETURN_REASONS } from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";
import { MAX_RETURN_PHOTOS, REASON_TEXT_MAX, REFUND_REFERENCE_MAX, REJECTION_REASON_MAX } from "./return-rules";

/**
 * The inputs of a return's steps as zod schemas: the buyer's request, the owner's rejection, receipt
 * and refund. The pages and the API parse with them (their messages are the fields' messages), and
 * the steps parse again, so a caller that skips them is still refused.
 */

const wholeNumber = (message: string) => z.coerce.number({ error: message }).int(message);

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .optional()
    .nullable()
    .transform((v) => v || null);

/** One line of the request: `quantity` units of an order item, sent back for money or exchanged for `exchangeVariantId`. */
export const returnItemInput = z
  .object({
    orderItemId: wholeNumber("Please choose an item").positive("Please choose an item"),
    quantity: wholeNumber("Please enter a whole quantity of at least 1").min(
      1,
      "Please enter a whole quantity of at least 1",
    ),
    kind: z.enum(RETURN_ITEM_KINDS, { error: "Please choose return or exchange" }),
    exchangeVariantId: wholeNumber("Please choose the size or colour you want instead")
      .positive()
      .optional()
      .nullable(),
  })
  .refine((item) => item.kind !== "exchange" || item.exchangeVariantId, {
    message: "Please choose the size or colour you want instead",
    path: ["exchangeVariantId"],
  });
export type ReturnItemInput = z.output<typeof returnItemInput>;

export const REASON_TEXT_NEEDED = "Please tell us what is wrong";

/** What the buyer asks (the photos are stored first by the route, app/http/receive-photos.server.ts). */
export const returnRequestInput = z
  .object({
    items: z
      .array(returnItemInput, { error: "Please choose at least one item" })
      .min(1, "Please choose at least one item")
      .max(50, "Too many items"),
    reason: z.enum(RETURN_REASONS, { error: "Please choose a reason" }),
    reasonText: optionalText(REASON_TEXT_MAX, "Your note"),
  })
  .refine((r) => r.reason !== "other" || r.reasonText, { message: REASON_TEXT_NEEDED, path: ["reasonText"] });
export type ReturnRequestInput = z.input<typeof returnRequestInput>;

export const TOO_MANY_PHOTOS = `Please attach at most ${MAX_RETURN_PHOTOS} photos`;

/** The owner's "no", which the buyer reads. */
export const rejectionInput = z.object({
  reason: z
    .string({ error: "Please say why, the customer will read it" })
    .trim()
    .min(1, "Please say why, the customer will read it")
    .max(REJECTION_REASON_MAX, `Please keep it to ${REJECTION_REASON_MAX} characters`),
});

/** Each item of the request as it came back. */
export const receiveInput = z.object({
  conditions: z
    .array(
      z.object({
        returnItemId: wholeNumber("Unknown item").positive("Unknown item"),
        condition: z.enum(RETURN_CONDITIONS, { error: "Please say whether it is resellable or damaged" }),
      }),
    )
    .min(1, "Please say how each item came back"),
});
export type ReceiveInput = z.output<typeof receiveInput>;

/** A refund as the owner recorded it (the shop never sends money itself). */
export const refundInput = z.object({
  method: z.enum(REFUND_METHODS, { error: "Please choose how it was refunded" }),
  amount: wholeNumber("Please enter a whole number of rupees above 0").positive(
    "Please enter a whole number of rupees above 0",
  ),
  reference: optionalText(REFUND_REFERENCE_MAX, "Reference"),
});
export type RefundInput = z.input<typeof refundInput>;

/** Parses with `schema`, or throws a VALIDATION AppError whose fields are the schema's messages (first per field). */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join(".") || "form"] ??= issue.message;
  const first = parsed.error.issues[0]?.message ?? "Please check the highlighted fields";
  throw new AppError("VALIDATION", first, fields);
}
