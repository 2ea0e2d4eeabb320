/**
 * The shop's time: Pakistan Standard Time, which is UTC+5 all year (no daylight saving), so a
 * calendar day starts at 19:00 UTC the evening before and a fixed offset is exact without a
 * time-zone library. This is the only file that names the zone (eslint.config.js keeps it so):
 * day boundaries, the dates and times the shop shows, working days and the owner's typed times
 * all come from here. Pure and free of Node APIs, so the server and the browser read the same.
 */

/** The IANA name of the shop's zone, for Intl and for SQL that needs it by name. */
export const SHOP_TIME_ZONE = "Asia/Karachi";
/** The zone's offset from UTC in milliseconds (UTC+5, the same all year). */
export const SHOP_UTC_OFFSET_MS = 5 * 60 * 60 * 1000;
/** The same offset in seconds, for SQL that shifts `extract(epoch from ...)` onto the shop's days. */
export const SHOP_UTC_OFFSET_SECONDS = SHOP_UTC_OFFSET_MS / 1000;
/** The offset as an ISO 8601 suffix: "2026-11-26T09:00:00+05:00" is 9 am in the shop. */
const SHOP_UTC_OFFSET_ISO = "+05:00";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Calendar days ("YYYY-MM-DD", the day on a wall calendar in Pakistan)

/** "2025-06-01": the shop's calendar day of an instant (RangeError for an invalid Date). */
export function shopDay(instant: Date): string {
  return new Date(instant.getTime() + SHOP_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant the shop day `daysBack` days before `now`'s day began (its midnight, 19:00 UTC the evening before). */
export function startOfShopDay(now: Date, daysBack = 0): Date {
  const local = new Date(now.getTime() + SHOP_UTC_OFFSET_MS);
  const midnightUtc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - daysBack);
  return new Date(midnightUtc - SHOP_UTC_OFFSET_MS);
}

/** The last `count` shop days up to and including today, oldest first. */
export function lastShopDays(now: Date, count: number): string[] {
  const start = startOfShopDay(now, count - 1);
  return Array.from({ length: count }, (_, i) => shopDay(new Date(start.getTime() + i * DAY_MS)));
}

/**
 * Midnight UTC of the calendar day "YYYY-MM-DD" (a plain date to step through and read the weekday
 * of), or null for anything that is not a real date.
 */
function calendarDay(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const midnightUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Date.UTC rolls 2026-02-30 over to 2 March: a date that does not read back the same is not real.
  if (Number.isNaN(midnightUtc) || new Date(midnightUtc).toISOString().slice(0, 10) !== day) return null;
  return midnightUtc;
}

function realCalendarDay(day: string): number {
  const midnightUtc = calendarDay(day);
  if (midnightUtc === null) throw new RangeError(`Not a calendar day: ${JSON.stringify(day)}`);
  return midnightUtc;
}

/**
 * The instants a shop day "YYYY-MM-DD" runs between: from its midnight (19:00 UTC the evening
 * before) up to, not including, the next one. Null for anything that is not a real date.
 */
export function shopDayRange(day: string): { start: Date; end: Date } | null {
  const midnightUtc = calendarDay(day);
  if (midnightUtc === null) return null;
  return {
    start: new Date(midnightUtc - SHOP_UTC_OFFSET_MS),
    end: new Date(midnightUtc - SHOP_UTC_OFFSET_MS + DAY_MS),
  };
}

/**
 * Noon in the shop on the day "YYYY-MM-DD", so the date reads the same in any nearby time zone;
 * an Invalid Date for anything that is not a real date.
 */
export function shopDayNoon(day: string): Date {
  const midnightUtc = calendarDay(day);
  return new Date(midnightUtc === null ? Number.NaN : midnightUtc + 12 * HOUR_MS - SHOP_UTC_OFFSET_MS);
}

// ---------------------------------------------------------------------------------------------
// Working days

/** Couriers do not deliver on Sunday: every other day "YYYY-MM-DD" is a working day (RangeError for a day that is not real). */
export function isWorkingDay(day: string): boolean {
  return new Date(realCalendarDay(day)).getUTCDay() !== 0;
}

/**
 * The day `workingDays` working days after `day` ("YYYY-MM-DD"), counted from the next day and
 * skipping Sundays. Public holidays are not known here, so they are not skipped.
 */
export function addWorkingDays(day: string, workingDays: number): string {
  let at = realCalendarDay(day);
  for (let counted = 0; counted < workingDays;) {
    at += DAY_MS;
    if (new Date(at).getUTCDay() !== 0) counted++;
  }
  return new Date(at).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Times the owner types (`<input type="datetime-local">`, courier files)

/** Shop time as a `datetime-local` value `YYYY-MM-DDTHH:mm`, or "" for no date. */
export function toShopDateTimeLocal(date: Date | string | null): string {
  if (!date) return "";
  return new Date(new Date(date).getTime() + SHOP_UTC_OFFSET_MS).toISOString().slice(0, 16);
}

/** A `datetime-local` value (`YYYY-MM-DDTHH:mm[:ss]`) read as shop time, or an ISO time with its own zone; null when unreadable. */
export function fromShopDateTimeLocal(value: string): Date | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const withZone = /([zZ]|[+-]\d\d:?\d\d)$/.test(trimmed)
    ? trimmed
    : `${trimmed.length === 16 ? `${trimmed}:00` : trimmed}${SHOP_UTC_OFFSET_ISO}`;
  const date = new Date(withZone);
  return Number.isNaN(date.getTime()) ? null : date;
}

// ---------------------------------------------------------------------------------------------
// Dates and times as the shop shows them, always in shop time, so the server and a browser abroad
// render the same text (no hydration drift). Each formatter is made once, on first use (building
// an Intl formatter per call, as toLocaleDateString with options does, is slow).

type Instant = Date | string;

function shopFormat(locale: string, options: Intl.DateTimeFormatOptions): (value: Instant) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (value) => {
    format ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: SHOP_TIME_ZONE });
    return format.format(typeof value === "string" ? new Date(value) : value);
  };
}

/** "26 Nov 2026". */
export const formatShopDate = shopFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });

/** "26 November 2026". */
export const formatShopDateLong = shopFormat("en-GB", { day: "numeric", month: "long", year: "numeric" });

/** "26 Nov". */
export const formatShopDayMonth = shopFormat("en-GB", { day: "numeric", month: "short" });

/** "Thu 26 Nov". */
export const formatShopWeekdayDayMonth = shopFormat("en-GB", { weekday: "short", day: "numeric", month: "short" });

/** "26 Nov 2026, 17:10" (24-hour clock). */
export const formatShopDateTime = shopFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "26 Nov 2026, 5:10 pm"; midnight is "12:00 am" (`hour12` alone gives "0:00 am" in en-GB). */
export const formatShopDateTimeAmPm = shopFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h12",
});

/**
 * "26 Nov 2026, 5:10 pm" with `hour12: true`, which en-GB reads as the 0-11 clock: 12:05 is
 * "0:05 pm" and midnight "0:00 am". The e-mail log's form; formatShopDateTimeAmPm reads 12:05 pm.
 */
export const formatShopDateTimeHour12 = shopFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

const sortableDateTime = shopFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** "2026-11-26 17:10", for files that sort by text (en-CA with `hour12: false`: midnight reads "24:00"). */
export function formatShopDateTimeSortable(value: Instant): string {
  // en-CA gives "2026-11-26, 17:10".
  return sortableDateTime(value).replace(",", "");
}

/** "Thu, 26 Nov" (en-PK, as the e-mails write it). */
export const formatShopWeekdayDayMonthPk = shopFormat("en-PK", { weekday: "short", day: "numeric", month: "short" });

/** "26-Nov-2026, 5:10 pm" (en-PK medium date, short time, as the e-mails write it). */
export const formatShopDateTimePk = shopFormat("en-PK", { dateStyle: "medium", timeStyle: "short" });

/** "14:02", the time of day in shop time (PKT, 24-hour): WhatsApp's message states on Orders. */
export const formatShopTime = shopFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
