import { MAX_RETURN_PHOTOS } from "~/modules/returns/return-rules";

/**
 * The names of the return request form's fields (`/orders/{id}/return`), shared by the form and the
 * route's action, and the form read into the JSON body `POST /api/orders/{id}/returns` takes, so the
 * page and the API are checked by one schema (modules/returns/return-input.ts).
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

/**
 * A 4th photo, refused in the browser before sending (the server says the same, from
 * modules/returns/return-input.ts, which the page's bundle does not load: it holds zod).
 */
export const TOO_MANY_PHOTOS = `Please attach at most ${MAX_RETURN_PHOTOS} photos`;

/** One item as the JSON API takes it. */
export type ReturnItemBody = { orderItemId: number; quantity: number; kind: string; exchangeVariantId?: number };

export type ReturnFormBody = {
  /** The body for the shared schema: the items with a quantity above 0, the reason and its text. */
  body: { items: ReturnItemBody[]; reason: string; reasonText: string };
  /** The text of every field as sent, to put back in the form after a refusal. */
  values: Record<string, string>;
};

const QUANTITY_FIELD = /^quantity\.(\d{1,9})$/;

/**
 * Reads the posted form into the API's body: each line with a quantity above 0 (0 means "keep
 * it"), its Return or Exchange and the new variant (only for an exchange), the reason and its
 * text. Nothing is judged here: a line with no choice or an exchange with no variant is refused by
 * the schema, beside that line.
 */
export function readReturnForm(form: FormData): ReturnFormBody {
  const values: Record<string, string> = {};
  for (const [key, value] of form)
    if (typeof value === "string" && key !== RETURN_FORM_FIELDS.photos) values[key] = value;
  const items: ReturnItemBody[] = [];
  for (const key of Object.keys(values)) {
    const match = QUANTITY_FIELD.exec(key);
    if (!match || values[key].trim() === "" || values[key].trim() === "0") continue;
    const orderItemId = Number(match[1]);
    const kind = values[RETURN_FORM_FIELDS.kind(orderItemId)] ?? "";
    const variant = values[RETURN_FORM_FIELDS.exchange(orderItemId)] ?? "";
    items.push({
      orderItemId,
      quantity: Number(values[key]),
      kind,
      ...(kind === "exchange" && variant !== "" ? { exchangeVariantId: Number(variant) } : {}),
    });
  }
  return {
    body: {
      items,
      reason: values[RETURN_FORM_FIELDS.reason] ?? "",
      reasonText: values[RETURN_FORM_FIELDS.reasonText] ?? "",
    },
    values,
  };
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
