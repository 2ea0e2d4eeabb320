import { sql, type SQL } from "drizzle-orm";
import { SHOP_UTC_OFFSET_SECONDS } from "~/lib/shop-time";
import { rangeInstants, type ReportRange } from "./report-range";

/**
 * SQL pieces the reports share (no database access here: fragments only). A shop day is a whole
 * number (days since 1970 in Pakistan time), cheaper to group by than formatted text, as the
 * Overview groups it.
 */
export function shopDayNumber(column: SQL): SQL {
  return sql`floor((extract(epoch from ${column}) + ${sql.raw(String(SHOP_UTC_OFFSET_SECONDS))}) / 86400)::int`;
}

/** `column` within the range: from its first midnight, up to, not including, the midnight after its last day. */
export function inRange(column: SQL, range: Pick<ReportRange, "from" | "to">): SQL {
  const { start, end } = rangeInstants(range);
  return sql`${column} >= ${start.toISOString()}::timestamptz and ${column} < ${end.toISOString()}::timestamptz`;
}

/** Orders that count for nothing in sales (as the Overview's top products): cancelled or returned. */
export const VOID_ORDER = sql`o.status in ('cancelled', 'returned')`;
