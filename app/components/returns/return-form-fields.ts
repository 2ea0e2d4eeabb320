import { z } from "~/lib/zod";
import type { FormReply } from "~/lib/form-reply";
import { returnRequestInput } from "~/modules/returns/return-input";
import { MAX_RETURN_PHOTOS } from "~/modules/returns/return-rules";

/**
 * The names of the return request form's fields (`/orders/{id}/return`), shared by the form and the
 * route's action, and the form's schema, which reads it into the JSON body `POST /api/orders/{id}/returns`
 * takes, so the page and the API are checked by one schema (modules/returns/return-input.ts).
 */
export const RETURN_FORM_FIELDS = {
  quantity: (orderItemId: number) => `quantity.${orderItemId}`,
  kind: (orderItemId: number) => `kind.${orderItemId}`,
  exchange: (orderItemId: number) => `exchange.${orderItemId}`,
  /** Where a message about one item is shown (the returns module's field name for it). */
  itemError: (orderItemId: number) => `items.${orderItemId}`,
  items: "items",
  reason: "reason",
  reasonText: "reasonText",
  photos: "photos",
} as const;

/** A 4th photo, refused in the browser before sending (the server says the same, from modules/returns/return-input.ts). */
export const TOO_MANY_PHOTOS = `Please attach at most ${MAX_RETURN_PHOTOS} photos`;

/**
 * The message above a form the schema refused: the server says it with its refusal, the page when
 * the browser's check (the same schema) stops the submit.
 */
export const CHECK_FIELDS = "Please check the highlighted fields";

/** One item as the JSON API takes it. */
export type ReturnItemBody = { orderItemId: number; quantity: number; kind: string; exchangeVariantId?: number };

const ORDER_ITEM_ID = /^\d{1,9}$/;
// A posted field as text (an empty one arrives as none); each item's fields by its order item's id.
const textOf = (value: unknown) => (typeof value === "string" ? value : "");
const perItem = z.record(z.string(), z.unknown()).optional();

/**
 * The return request form (`quantity.{id}`, `kind.{id}`, `exchange.{id}`, the reason and its text)
 * read into the API's body and checked by its schema (modules/returns/return-input.ts): each line
 * with a quantity above 0 (0 means "keep it"), its Return or Exchange and the new variant (only for
 * an exchange). A message about the nth item sent goes beside that item's line (`items.{id}`), one
 * about no item above the lines (`items`).
 */
export const returnFormSchema = z
  .object({
    quantity: perItem,
    kind: perItem,
    exchange: perItem,
    reason: z.unknown().optional(),
    reasonText: z.unknown().optional(),
  })
  .transform((raw, ctx) => {
    const items: ReturnItemBody[] = [];
    for (const [id, value] of Object.entries(raw.quantity ?? {})) {
      const quantity = textOf(value).trim();
      if (!ORDER_ITEM_ID.test(id) || quantity === "" || quantity === "0") continue;
      const kind = textOf(raw.kind?.[id]);
      const variant = textOf(raw.exchange?.[id]);
      items.push({
        orderItemId: Number(id),
        quantity: Number(quantity),
        kind,
        ...(kind === "exchange" && variant !== "" ? { exchangeVariantId: Number(variant) } : {}),
      });
    }
    const parsed = returnRequestInput.safeParse({
      items,
      reason: textOf(raw.reason),
      reasonText: textOf(raw.reasonText),
    });
    if (parsed.success) return parsed.data;
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join(".") || "form"] ??= issue.message;
    for (const [field, message] of Object.entries(formErrors(fields, items)))
      ctx.addIssue({ code: "custom", path: field.split("."), message });
    return z.NEVER;
  });

/** What was typed in one field of a refused return form (`quantity.{id}` and the like are kept per item). */
export function keptReturnValue(reply: FormReply | null | undefined, name: string): string | undefined {
  const [field, id] = name.split(".");
  const value = reply?.initialValue?.[field];
  const typed = id === undefined ? value : (value as Record<string, unknown> | undefined)?.[id];
  return typeof typed === "string" ? typed : undefined;
}

/**
 * A refusal's fields (the schema's `items.0.kind`, the returns module's `items.{orderItemId}`) by the
 * form's fields: a message about the nth item sent goes beside that item's line.
 */
export function formErrors(
  fields: Record<string, string>,
  items: readonly { orderItemId: number }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const byIndex = /^items\.(\d+)\./.exec(key);
    const item = byIndex ? items[Number(byIndex[1])] : undefined;
    const field = item
      ? RETURN_FORM_FIELDS.itemError(item.orderItemId)
      : key === "form"
        ? RETURN_FORM_FIELDS.items
        : key;
    errors[field] ??= message;
  }
  return errors;
}
