import { z } from "~/lib/zod";
import { MAX_LINE_QUANTITY } from "~/modules/cart/order-limits";
import { ENTERED_CHANNELS, type EnteredChannel } from "./order-channel";
import { parseShippingForm, type ShippingDetails, type ShippingFormErrors } from "~/modules/checkout/checkout-schema";

/** Item rows the form shows; without JavaScript this many, with it the owner adds more. */
export const OWNER_ORDER_ROWS = 3;
export const OWNER_ORDER_MAX_ROWS = 20;

export type OwnerOrderItem = { productId: string; color: string; size: string; quantity: number };
export type OwnerOrderRowValues = { productId: string; color: string; size: string; quantity: string };
export type OwnerOrderValues = {
  channel: string;
  fullName: string;
  email: string;
  phone: string;
  city: string;
  cityOther: string;
  address: string;
  postalCode: string;
  items: OwnerOrderRowValues[];
};
export type OwnerOrderErrors = ShippingFormErrors & { channel?: string; items?: string; rows?: Record<number, string> };

/** An order the form describes, ready for placeOrder. */
export type OwnerOrder = { channel: EnteredChannel; shipping: ShippingDetails; items: OwnerOrderItem[] };
type OwnerOrderRead =
  ({ ok: true } & OwnerOrder) | { ok: false; formError: string; fields: OwnerOrderErrors; values: OwnerOrderValues };

const str = (v: unknown) => (typeof v === "string" ? v : "");
const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`;
const quantity = z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY);

/** Reads the rows `items[0].productId`, `items[0].color`, ... that the form posts. */
function readRows(form: Record<string, unknown>): OwnerOrderRowValues[] {
  const rows: OwnerOrderRowValues[] = [];
  for (let i = 0; i < OWNER_ORDER_MAX_ROWS; i++) {
    const row = {
      productId: str(form[`items[${i}].productId`]).trim(),
      color: str(form[`items[${i}].color`]).trim(),
      size: str(form[`items[${i}].size`]).trim(),
      quantity: str(form[`items[${i}].quantity`]).trim(),
    };
    if (row.productId || row.color || row.size || (row.quantity && row.quantity !== "1") || i < OWNER_ORDER_ROWS)
      rows.push(row);
  }
  // Trailing empty rows beyond the form's fixed ones are noise.
  while (rows.length > OWNER_ORDER_ROWS && !rows[rows.length - 1].productId) rows.pop();
  return rows;
}

function readOwnerOrder(form: Record<string, unknown>): OwnerOrderRead {
  const values: OwnerOrderValues = {
    channel: str(form.channel),
    fullName: str(form.fullName),
    email: str(form.email),
    phone: str(form.phone),
    city: str(form.city),
    cityOther: str(form.cityOther),
    address: str(form.address),
    postalCode: str(form.postalCode),
    items: readRows(form),
  };
  const fields: OwnerOrderErrors = {};
  const channel = ENTERED_CHANNELS.find((c) => c === values.channel);
  if (!channel) fields.channel = "Please choose where the order came from";

  const rows: Record<number, string> = {};
  const items: OwnerOrderItem[] = [];
  values.items.forEach((row, i) => {
    if (!row.productId) {
      if (row.color || row.size) rows[i] = "Please choose a product";
      return;
    }
    if (!row.color || !row.size) rows[i] = "Please select color and size";
    const qty = quantity.safeParse(row.quantity || "1");
    if (!qty.success) rows[i] = QUANTITY_MESSAGE;
    if (rows[i] === undefined && qty.success)
      items.push({ productId: row.productId, color: row.color, size: row.size, quantity: qty.data });
  });
  if (Object.keys(rows).length > 0) fields.rows = rows;
  else if (items.length === 0) fields.items = "Please add at least one item";

  const shipping = parseShippingForm(form, { emailOptional: true });
  if (!shipping.ok) Object.assign(fields, shipping.fields);
  if (!shipping.ok || !channel || Object.keys(fields).length > 0) {
    const formError = !shipping.ok ? shipping.formError : "Please correct the highlighted fields";
    return { ok: false, formError, fields, values };
  }
  return { ok: true, channel, shipping: shipping.data, items };
}

/** The item rows as flat names again (`items[0].productId`): conform reads them into a list. */
function flatRows(raw: Record<string, unknown>): Record<string, unknown> {
  const { items, ...rest } = raw;
  if (!Array.isArray(items)) return raw;
  const flat: Record<string, unknown> = { ...rest };
  items.forEach((row, i) => {
    if (row && typeof row === "object")
      for (const [key, value] of Object.entries(row)) flat[`items[${i}].${key}`] = value;
  });
  return flat;
}

/**
 * The owner's "new order" form (a customer who called, wrote on WhatsApp or Instagram): the
 * checkout's shipping rules with the e-mail optional, a channel, and item rows (a row without a
 * product is ignored). Prices and stock are checked by placeOrder, as for any order. The one schema
 * the action parses with and the page checks with; a row's message is on `items[i]`.
 */
export const ownerOrderFormSchema = z.looseObject({}).transform((raw, ctx): OwnerOrder => {
  const read = readOwnerOrder(flatRows(raw));
  if (read.ok) return { channel: read.channel, shipping: read.shipping, items: read.items };
  const { rows, ...fields } = read.fields;
  ctx.addIssue({ code: "custom", path: [], message: read.formError });
  for (const [field, message] of Object.entries(fields))
    if (message) ctx.addIssue({ code: "custom", path: [field], message });
  for (const [i, message] of Object.entries(rows ?? {}))
    ctx.addIssue({ code: "custom", path: ["items", Number(i)], message });
  return z.NEVER;
});

/** A row's message in a refusal or a check of the form. */
export const rowErrorName = (i: number) => `items[${i}]`;

/** The rows a refused form had, as typed. */
export function keptOwnerOrderRows(initialValue: Record<string, unknown> | null | undefined): OwnerOrderRowValues[] {
  const items = Array.isArray(initialValue?.items) ? (initialValue.items as Record<string, unknown>[]) : [];
  return items.map((row) => ({
    productId: str(row?.productId),
    color: str(row?.color),
    size: str(row?.size),
    quantity: str(row?.quantity),
  }));
}
