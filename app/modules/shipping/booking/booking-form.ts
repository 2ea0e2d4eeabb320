import { parseWeight } from "./parcel";
import { serialIdFrom } from "~/lib/serial-id";

export const CHOOSE_COURIER = "Choose the courier";
export const CHOOSE_ORDERS = "Tick the orders to book";

export type BookingFormResult =
  | { ok: true; couriers: Record<string, number>; orderIds: string[]; weights: Record<string, number> }
  | { ok: false; message: string; fields: Record<string, string> };

/**
 * The Book Shipments form: the ticked orders, each one's courier (`courier-<orderId>`, the routing
 * rules' pick unless changed) and weight as typed (`weight-<orderId>`, in kg or with "g"). The
 * form's `courierId` ("set all to"), when there is one, goes to every row without a choice of its
 * own: no courier, or still the one the page started it on (`start-courier-<orderId>`, the routing
 * rules' suggestion); a row the owner changed keeps its courier. A missing courier or a weight
 * that cannot be read is refused beside its order.
 */
export function parseBookingForm(form: FormData): BookingFormResult {
  const fields: Record<string, string> = {};
  const all = serialIdFrom(form.get("courierId"));
  const orderIds = form
    .getAll("orderIds")
    .filter((v): v is string => typeof v === "string")
    .slice(0, 200);
  const weights: Record<string, number> = {};
  const couriers: Record<string, number> = {};
  for (const id of orderIds) {
    const own = serialIdFrom(form.get(`courier-${id}`));
    const untouched = own === null || own === serialIdFrom(form.get(`start-courier-${id}`));
    const courierId = all && untouched ? all : own;
    if (courierId) couriers[id] = courierId;
    else fields[`courier-${id}`] = CHOOSE_COURIER;
    const typed = form.get(`weight-${id}`);
    if (typeof typed !== "string" || !typed.trim()) continue;
    const grams = parseWeight(typed);
    if (grams === null) fields[`weight-${id}`] = "Enter the weight in kg, e.g. 0.7 (or 700 g), up to 50 kg";
    else weights[id] = grams;
  }
  if (!orderIds.length) return { ok: false, message: CHOOSE_ORDERS, fields: { ...fields, orderIds: CHOOSE_ORDERS } };
  if (Object.keys(fields).length)
    return { ok: false, message: "Nothing was booked: please correct the marked fields", fields };
  return { ok: true, couriers, orderIds, weights };
}
