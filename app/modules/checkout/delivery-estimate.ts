import { addWorkingDays, formatShopWeekdayDayMonth, shopDay, shopDayNoon } from "~/lib/shop-time";

export type DeliveryEstimate = { from: Date; to: Date; minDays: number; maxDays: number };

/** What the shop promises (its Settings): working days in the shop's own city and elsewhere in Pakistan. */
export type DeliveryPromise = {
  city: string;
  localDeliveryMinDays: number;
  localDeliveryMaxDays: number;
  nationalDeliveryMinDays: number;
  nationalDeliveryMaxDays: number;
};

/** The demo shop's promise (and a new shop's defaults): Karachi 3-5 working days, elsewhere 5-7. */
export const DEFAULT_DELIVERY_PROMISE: DeliveryPromise = {
  city: "Karachi",
  localDeliveryMinDays: 3,
  localDeliveryMaxDays: 5,
  nationalDeliveryMinDays: 5,
  nationalDeliveryMaxDays: 7,
};

const sameCity = (a: string, b: string) => typeof a === "string" && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The working days promised to a city: the shop's city gets the local range, the rest of Pakistan the national one. */
export function deliveryDaysFor(city: string, promise: DeliveryPromise): { minDays: number; maxDays: number } {
  return sameCity(city, promise.city)
    ? { minDays: promise.localDeliveryMinDays, maxDays: promise.localDeliveryMaxDays }
    : { minDays: promise.nationalDeliveryMinDays, maxDays: promise.nationalDeliveryMaxDays };
}

/**
 * The delivery window for an order: the shop's city gets its local range of working days (3-5 in
 * the demo shop's Karachi), elsewhere the national one (5-7), counted from the day after it was
 * placed (Pakistan time), Sundays skipped. Each end is noon in Pakistan on its day, so the date
 * reads the same in any nearby time zone. Public holidays are not known here, so they are not skipped.
 */
export function estimateDelivery(
  city: string,
  placedAt: Date,
  promise: DeliveryPromise = DEFAULT_DELIVERY_PROMISE,
): DeliveryEstimate {
  const { minDays, maxDays } = deliveryDaysFor(city, promise);
  const placedDay = shopDay(placedAt);
  return {
    from: shopDayNoon(addWorkingDays(placedDay, minDays)),
    to: shopDayNoon(addWorkingDays(placedDay, maxDays)),
    minDays,
    maxDays,
  };
}

/** "Wed 26 Nov – Fri 28 Nov", always in Pakistan time, so the server and a browser abroad show the same days. */
export function formatDeliveryRange({ from, to }: { from: Date; to: Date }): string {
  const first = formatShopWeekdayDayMonth(from);
  const last = formatShopWeekdayDayMonth(to);
  return first === last ? first : `${first} – ${last}`;
}
