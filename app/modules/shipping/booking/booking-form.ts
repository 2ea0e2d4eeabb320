import { z } from "~/lib/zod";
import { parseWeight } from "./parcel";
import { serialIdFrom } from "~/lib/serial-id";
import { isUuid } from "~/lib/uuid";

export const CHOOSE_COURIER = "Choose the courier";
export const CHOOSE_ORDERS = "Tick the orders to book";

export const BOOKING_REFUSED = "Nothing was booked: please correct the marked fields";

/** The refusal of a row's Try again or Cancel booking whose order is not one (404). */
export const ORDER_NOT_FOUND = "Order not found";

const rowOrderId = z.string(ORDER_NOT_FOUND).refine(isUuid, ORDER_NOT_FOUND);

/**
 * A failed booking's own buttons on Book Shipments, Try again (`retry`) and Cancel booking
 * (`cancelBooking`): each posts its order as its value, read as `{ intent, orderId }` (see
 * `bookingRowForm`), so a refusal keeps both and the page knows whose it is.
 */
export const bookingRowFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retry"), orderId: rowOrderId }),
  z.object({ intent: z.literal("cancel-booking"), orderId: rowOrderId }),
]);
export type BookingRowIntent = z.infer<typeof bookingRowFormSchema>["intent"];

/** A row button's post as the row form (`{ intent, orderId }`), or null for the booking form itself. */
export function bookingRowForm(form: FormData): URLSearchParams | null {
  const retry = form.get("retry");
  const cancel = form.get("cancelBooking");
  if (typeof retry === "string") return new URLSearchParams({ intent: "retry", orderId: retry });
  if (typeof cancel === "string") return new URLSearchParams({ intent: "cancel-booking", orderId: cancel });
  return null;
}

/**
 * The Book Shipments form: the ticked orders, each one's courier (`courier-<orderId>`, the routing
 * rules' pick unless changed) and weight as typed (`weight-<orderId>`, in kg or with "g"). The
 * form's `courierId` ("set all to"), when there is one, goes to every row without a choice of its
 * own: no courier, or still the one the page started it on (`start-courier-<orderId>`, the routing
 * rules' suggestion); a row the owner changed keeps its courier. A missing courier or a weight
 * that cannot be read is refused beside its order, with the form's message. The fields are named by
 * order, so the form is read as one record (values as sent: an empty weight stays empty).
 */
export const bookingFormSchema = z.record(z.string(), z.unknown()).transform((form, ctx) => {
  const sent = (name: string) => (typeof form[name] === "string" ? form[name] : null);
  const fields: Record<string, string> = {};
  const all = serialIdFrom(sent("courierId"));
  const orderIds = [form.orderIds]
    .flat()
    .filter((v): v is string => typeof v === "string")
    .slice(0, 200);
  const weights: Record<string, number> = {};
  const couriers: Record<string, number> = {};
  for (const id of orderIds) {
    const own = serialIdFrom(sent(`courier-${id}`));
    const untouched = own === null || own === serialIdFrom(sent(`start-courier-${id}`));
    const courierId = all && untouched ? all : own;
    if (courierId) couriers[id] = courierId;
    else fields[`courier-${id}`] = CHOOSE_COURIER;
    const typed = sent(`weight-${id}`);
    if (!typed?.trim()) continue;
    const grams = parseWeight(typed);
    if (grams === null) fields[`weight-${id}`] = "Enter the weight in kg, e.g. 0.7 (or 700 g), up to 50 kg";
    else weights[id] = grams;
  }
  const refuse = (message: string, marked: Record<string, string>) => {
    ctx.addIssue({ code: "custom", path: [], message });
    for (const [name, text] of Object.entries(marked)) ctx.addIssue({ code: "custom", path: [name], message: text });
    return z.NEVER;
  };
  if (!orderIds.length) return refuse(CHOOSE_ORDERS, { ...fields, orderIds: CHOOSE_ORDERS });
  if (Object.keys(fields).length) return refuse(BOOKING_REFUSED, fields);
  return { couriers, orderIds, weights };
});
