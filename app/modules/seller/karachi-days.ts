/**
 * Calendar days in Pakistan time. Asia/Karachi is UTC+5 all year (no daylight saving), so a day
 * starts at 19:00 UTC the evening before; a fixed offset keeps this exact without a time-zone library.
 */
const KARACHI_OFFSET_MS = 5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** "2025-06-01": the Karachi calendar day of an instant. */
export function karachiDay(instant: Date): string {
  return new Date(instant.getTime() + KARACHI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant the Karachi day `daysBack` days before `now`'s day began. */
export function startOfKarachiDay(now: Date, daysBack = 0): Date {
  const local = new Date(now.getTime() + KARACHI_OFFSET_MS);
  const midnightUtc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - daysBack);
  return new Date(midnightUtc - KARACHI_OFFSET_MS);
}

/** The last `count` Karachi days up to and including today, oldest first. */
export function lastKarachiDays(now: Date, count: number): string[] {
  const start = startOfKarachiDay(now, count - 1);
  return Array.from({ length: count }, (_, i) => karachiDay(new Date(start.getTime() + i * DAY_MS + KARACHI_OFFSET_MS)));
}

/**
 * The instants a Karachi calendar day "YYYY-MM-DD" runs between: from its midnight (19:00 UTC the
 * evening before) up to, not including, the next one. Null for anything that is not a real date.
 */
export function karachiDayRange(day: string): { start: Date; end: Date } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const midnightUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Date.UTC rolls 2026-02-30 over to 2 March: a date that does not read back the same is not real.
  if (Number.isNaN(midnightUtc) || new Date(midnightUtc).toISOString().slice(0, 10) !== day) return null;
  return { start: new Date(midnightUtc - KARACHI_OFFSET_MS), end: new Date(midnightUtc - KARACHI_OFFSET_MS + DAY_MS) };
}
