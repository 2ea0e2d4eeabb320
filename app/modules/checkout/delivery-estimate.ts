import { isKarachi } from "~/lib/cities";

/** Pakistan Standard Time is UTC+5 all year (no daylight saving), so a fixed offset is exact. */
const PKT_OFFSET_MS = 5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const KARACHI_DELIVERY_DAYS = { minDays: 3, maxDays: 5 } as const;
export const ELSEWHERE_DELIVERY_DAYS = { minDays: 5, maxDays: 7 } as const;

export type DeliveryEstimate = { from: Date; to: Date; minDays: number; maxDays: number };

/** Midnight UTC of the Pakistan calendar day `instant` falls on: a plain date to step through. */
function pktCalendarDay(instant: Date): number {
  const shifted = instant.getTime() + PKT_OFFSET_MS;
  return shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS);
}

/** The calendar day `workingDays` working days after `startDay`; couriers do not deliver on Sunday. */
function addWorkingDays(startDay: number, workingDays: number): number {
  let day = startDay;
  for (let counted = 0; counted < workingDays; ) {
    day += DAY_MS;
    if (new Date(day).getUTCDay() !== 0) counted++;
  }
  return day;
}

/** Noon in Pakistan on that calendar day, so the date reads the same in any nearby time zone. */
function atNoonPkt(day: number): Date {
  return new Date(day + 12 * 60 * 60 * 1000 - PKT_OFFSET_MS);
}

/**
 * The delivery window for an order: Karachi 3-5 working days, elsewhere 5-7, counted from the day
 * after it was placed (Pakistan time). Public holidays are not known here, so they are not skipped.
 */
export function estimateDelivery(city: string, placedAt: Date): DeliveryEstimate {
  const { minDays, maxDays } = isKarachi(city) ? KARACHI_DELIVERY_DAYS : ELSEWHERE_DELIVERY_DAYS;
  const placedDay = pktCalendarDay(placedAt);
  return {
    from: atNoonPkt(addWorkingDays(placedDay, minDays)),
    to: atNoonPkt(addWorkingDays(placedDay, maxDays)),
    minDays,
    maxDays,
  };
}

// Always in Pakistan time, so the server and a browser abroad show the same days.
const dayFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Karachi", weekday: "short", day: "numeric", month: "short" });

/** "Wed 26 Nov – Fri 28 Nov". */
export function formatDeliveryRange({ from, to }: { from: Date; to: Date }): string {
  const first = dayFormat.format(from);
  const last = dayFormat.format(to);
  return first === last ? first : `${first} – ${last}`;
}
