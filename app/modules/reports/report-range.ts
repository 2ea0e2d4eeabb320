import { z } from "~/lib/zod";
import { shopDay, shopDayRange } from "~/lib/shop-time";

/**
 * A report's date range: two Pakistan calendar days, both included (lib/shop-time.ts). The owner
 * picks a preset (today, 7 days, 30 days, this month, last month) or types two dates; the choice
 * lives in the URL (`?range=last-month`, or `?from=2026-10-01&to=2026-10-31`) so a report can be
 * bookmarked, shared and downloaded as it is shown. Plain and pure: the page, the API and the tests
 * read it the same.
 */
export const RANGE_PRESETS = ["today", "7d", "30d", "this-month", "last-month"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET: RangePreset = "30d";
export const PRESET_LABELS: Record<RangePreset, string> = {
  today: "Today",
  "7d": "7 days",
  "30d": "30 days",
  "this-month": "This month",
  "last-month": "Last month",
};
/** Two years: a longer range is refused (the year's comparison needs no more). */
export const MAX_RANGE_DAYS = 731;

export type ReportRange = {
  /** The preset that made it, or "custom" for typed dates. */
  preset: RangePreset | "custom";
  /** First and last shop day, "YYYY-MM-DD", both included. */
  from: string;
  to: string;
  /** How many days it covers. */
  days: number;
};

export type RangeRefusal = { fields: { from?: string; to?: string }; values: { from: string; to: string } };

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The shop days a preset covers, `now` being "today" in Pakistan. */
export function presetRange(preset: RangePreset, now: Date): ReportRange {
  const today = shopDay(now);
  const t = dayNumber(today);
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const monthStart = (y: number, m: number) => Date.UTC(y, m - 1, 1) / DAY_MS;
  const span = (from: number, to: number): ReportRange => ({
    preset,
    from: dayOf(from),
    to: dayOf(to),
    days: to - from + 1,
  });
  switch (preset) {
    case "today":
      return span(t, t);
    case "7d":
      return span(t - 6, t);
    case "30d":
      return span(t - 29, t);
    case "this-month":
      return span(monthStart(year, month), t);
    case "last-month":
      return span(monthStart(month === 1 ? year - 1 : year, month === 1 ? 12 : month - 1), monthStart(year, month) - 1);
  }
}

const querySchema = z.object({
  range: z.string().optional(),
  from: z.string().trim().optional(),
  to: z.string().trim().optional(),
});

/**
 * The range a report's URL asks for: a known preset (other than custom) wins; otherwise typed dates
 * (`from`, `to`; one alone is both); nothing at all is the default, the last 30 days. Dates that are
 * not real, a `to` before `from` or a range over two years are refused per field, with what was typed.
 */
export function readReportRange(
  params: URLSearchParams,
  now: Date,
): { ok: true; range: ReportRange } | ({ ok: false } & RangeRefusal) {
  const query = querySchema.parse({
    range: params.get("range") ?? undefined,
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
  });
  const preset = RANGE_PRESETS.find((p) => p === query.range);
  if (preset) return { ok: true, range: presetRange(preset, now) };
  const typedFrom = query.from ?? "";
  const typedTo = query.to ?? "";
  if (!typedFrom && !typedTo) return { ok: true, range: presetRange(DEFAULT_PRESET, now) };
  const from = typedFrom || typedTo;
  const to = typedTo || typedFrom;
  const fields: RangeRefusal["fields"] = {};
  if (!shopDayRange(from)) fields.from = "Enter a real date, for example 2026-10-01";
  if (!shopDayRange(to)) fields.to = "Enter a real date, for example 2026-10-31";
  if (!fields.from && !fields.to) {
    const days = dayNumber(to) - dayNumber(from) + 1;
    if (days < 1) fields.to = "The end date must be on or after the start date";
    else if (days > MAX_RANGE_DAYS)
      fields.to = `A report covers at most ${MAX_RANGE_DAYS} days: choose an end date closer to the start`;
    else return { ok: true, range: { preset: "custom", from, to, days } };
  }
  return { ok: false, fields, values: { from: typedFrom, to: typedTo } };
}

/** The instants the range runs between: from its first day's midnight in Pakistan up to, not including, the midnight after its last. */
export function rangeInstants(range: Pick<ReportRange, "from" | "to">): { start: Date; end: Date } {
  const first = shopDayRange(range.from);
  const last = shopDayRange(range.to);
  if (!first || !last) throw new RangeError(`Not a range: ${range.from} to ${range.to}`);
  return { start: first.start, end: last.end };
}

/** Every day of the range, oldest first. */
export function rangeDays(range: Pick<ReportRange, "from" | "to">): string[] {
  const first = dayNumber(range.from);
  return Array.from({ length: dayNumber(range.to) - first + 1 }, (_, i) => dayOf(first + i));
}

/** The shop day of a day number as SQL groups it (days since 1970 in Pakistan time). */
export function dayFromNumber(n: number): string {
  return dayOf(n);
}

/** A chart shows days up to two months, weeks beyond (a year of days would be 365 slivers on a phone). */
export function chartStep(range: Pick<ReportRange, "days">): "day" | "week" {
  return range.days <= 62 ? "day" : "week";
}

/** The Monday that starts the week of `day` (the shop's week runs Monday to Sunday). */
export function weekStart(day: string): string {
  const n = dayNumber(day);
  // 1 January 1970 was a Thursday: day 0 is weekday 3 counted from Monday.
  const fromMonday = (((n + 3) % 7) + 7) % 7;
  return dayOf(n - fromMonday);
}

/** The URL query of a range, as the page's links and the CSV link carry it. */
export function rangeQuery(range: ReportRange): string {
  return range.preset === "custom" ? `from=${range.from}&to=${range.to}` : `range=${range.preset}`;
}
