import { isKarachi } from "~/lib/cities";
import { addWorkingDays, formatShopWeekdayDayMonth, shopDay, shopDayNoon } from "~/lib/shop-time";

export const KARACHI_DELIVERY_DAYS = { minDays: 3, maxDays: 5 } as const;
export const ELSEWHERE_DELIVERY_DAYS = { minDays: 5, maxDays: 7 } as const;

export type DeliveryEstimate = { from: Date; to: Date; minDays: number; maxDays: number };

/**
 * The delivery window for an order: Karachi 3-5 working days, elsewhere 5-7, counted from the day
 * after it was placed (Pakistan time), Sundays skipped. Each end is noon in Pakistan on its day, so
 * the date reads the same in any nearby time zone. Public holidays are not known here, so they are not skipped.
 */
export function estimateDelivery(city: string, placedAt: Date): DeliveryEstimate {
  const { minDays, maxDays } = isKarachi(city) ? KARACHI_DELIVERY_DAYS : ELSEWHERE_DELIVERY_DAYS;
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
