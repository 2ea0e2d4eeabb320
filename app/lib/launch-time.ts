/** A time as the owner reads it: Pakistan time, e.g. "12 Oct 2025, 9:00 pm". */
const karachi = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Karachi", day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", hour12: true });

export function formatPakistanTime(date: Date | string): string {
  return karachi.format(new Date(date));
}

/** Pakistan time (UTC+5, no daylight saving) as a `datetime-local` value `YYYY-MM-DDTHH:mm`, or "". */
export function toPakistanLocal(date: Date | string | null): string {
  if (!date) return "";
  return new Date(new Date(date).getTime() + 5 * 60 * 60 * 1000).toISOString().slice(0, 16);
}
