/** A time as the owner reads it: Pakistan time, e.g. "12 Oct 2025, 9:00 pm" (midnight is "12:00 am": `hour12` alone gives "0:00 am" in en-GB). */
const karachi = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Karachi", day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", hourCycle: "h12" });

export function formatPakistanTime(date: Date | string): string {
  return karachi.format(new Date(date));
}

/** Pakistan time (UTC+5, no daylight saving) as a `datetime-local` value `YYYY-MM-DDTHH:mm`, or "". */
export function toPakistanLocal(date: Date | string | null): string {
  if (!date) return "";
  return new Date(new Date(date).getTime() + 5 * 60 * 60 * 1000).toISOString().slice(0, 16);
}

/** A `datetime-local` value read as Pakistan time (UTC+5, no daylight saving), or an ISO time with its zone; null when unreadable. */
export function fromPakistanLocal(value: string): Date | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const withZone = /([zZ]|[+-]\d\d:?\d\d)$/.test(trimmed) ? trimmed : `${trimmed.length === 16 ? `${trimmed}:00` : trimmed}+05:00`;
  const date = new Date(withZone);
  return Number.isNaN(date.getTime()) ? null : date;
}
