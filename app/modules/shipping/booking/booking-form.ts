import { parseWeight } from "./parcel";
import { serialIdFrom } from "~/lib/serial-id";

export const CHOOSE_COURIER = "Choose the courier";
export const CHOOSE_ORDERS = "Tick the orders to book";

export type BookingFormResult =
  | { ok: true; courierId: number; orderIds: string[]; weights: Record<string, number> }
  | { ok: false; message: string; fields: Record<string, string> };

/**
 * The Book Shipments form: the courier, the ticked orders, and each order's weight as typed
 * (`weight-<orderId>`, in kg or with "g"). A weight that cannot be read is refused beside its order.
 */
export function parseBookingForm(form: FormData): BookingFormResult {
  const fields: Record<string, string> = {};
  const courierId = serialIdFrom(form.get("courierId")) ?? 0;
  if (!courierId) fields.courierId = CHOOSE_COURIER;
  const orderIds = form.getAll("orderIds").filter((v): v is string => typeof v === "string").slice(0, 200);
  const weights: Record<string, number> = {};
  for (const id of orderIds) {
    const typed = form.get(`weight-${id}`);
    if (typeof typed !== "string" || !typed.trim()) continue;
    const grams = parseWeight(typed);
    if (grams === null) fields[`weight-${id}`] = "Enter the weight in kg, e.g. 0.7 (or 700 g), up to 50 kg";
    else weights[id] = grams;
  }
  if (!orderIds.length) return { ok: false, message: CHOOSE_ORDERS, fields: { ...fields, orderIds: CHOOSE_ORDERS } };
  if (Object.keys(fields).length) return { ok: false, message: fields.courierId && Object.keys(fields).length === 1 ? CHOOSE_COURIER : "Nothing was booked: please correct the marked fields", fields };
  return { ok: true, courierId, orderIds, weights };
}
