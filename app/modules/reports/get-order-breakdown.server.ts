import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { ORDER_CHANNELS } from "~/db/schema/statuses";
import { averageOf, num, returnRate, rowsOf } from "./report-figures";
import type { ReportRange } from "./report-range";
import { inRange, VOID_ORDER } from "./report-sql";

export type BreakdownBy = "city" | "channel" | "code";

export type BreakdownRow = {
  /** The city, the channel or the discount code. */
  key: string;
  /** Every order placed in the range, whatever became of it. */
  orders: number;
  delivered: number;
  /** Refused at the door or returned after delivery (status returned). */
  returned: number;
  cancelled: number;
  /** returned / (delivered + returned), percent; null before any parcel finished. */
  returnRate: number | null;
  /** Discount codes' PKR off the orders not cancelled or returned (a cancelled or returned order gave its code's use back). */
  discountGiven: number;
  /** Those orders' delivered revenue (order-revenue.ts: total + store credit used − refunds). */
  revenue: number;
  /** Average days from placing to delivery over the delivered ones, one decimal. */
  averageDaysToDeliver: number | null;
};
export type BreakdownReport = { range: ReportRange; by: BreakdownBy; rows: BreakdownRow[]; totals: BreakdownRow };

const GROUPS = {
  city: sql`o.city`,
  channel: sql`o.channel`,
  code: sql`o.discount_code`,
} as const;

/**
 * Orders PLACED in the range grouped by ship-to city, channel or discount code, in two SQL
 * aggregates on orders(created_at): the orders' counts and sums, and their refunds. Revenue here
 * belongs to the day the order was placed (what became of the orders of that range); Profit counts
 * it on the delivery day. Every channel is listed, sales or not.
 */
export async function getOrderBreakdown(db: DbOrTx, range: ReportRange, by: BreakdownBy): Promise<BreakdownReport> {
  const group = GROUPS[by];
  const placed = sql`${inRange(sql`o.created_at`, range)}${by === "code" ? sql` and o.discount_code is not null` : sql``}`;
  const [figures, refunded] = await Promise.all([
    db.execute(sql`select ${group} as key, count(*)::int as orders,
        (count(*) filter (where o.status = 'delivered'))::int as delivered,
        (count(*) filter (where o.status = 'returned'))::int as returned,
        (count(*) filter (where o.status = 'cancelled'))::int as cancelled,
        coalesce(sum(o.discount_total) filter (where not ${VOID_ORDER}), 0)::bigint as discount,
        coalesce(sum(o.total + o.store_credit_used) filter (where o.status = 'delivered'), 0)::bigint as paid,
        coalesce(sum(extract(epoch from o.delivered_at - o.created_at)) filter (where o.status = 'delivered' and o.delivered_at is not null), 0)::float8 as seconds,
        (count(*) filter (where o.status = 'delivered' and o.delivered_at is not null))::int as timed
      from orders o where ${placed} group by 1`),
    db.execute(sql`select ${group} as key, sum(r.amount)::bigint as refunds
      from refunds r join orders o on o.id = r.order_id where ${placed} and o.status = 'delivered' group by 1`),
  ]);
  const refunds = new Map(rowsOf<Record<string, unknown>>(refunded).map((r) => [String(r.key), num(r.refunds)]));
  type Sums = Omit<BreakdownRow, "returnRate" | "averageDaysToDeliver"> & { seconds: number; timed: number };
  const sums = new Map<string, Sums>();
  if (by === "channel") for (const channel of ORDER_CHANNELS) sums.set(channel, emptySums(channel));
  for (const r of rowsOf<Record<string, unknown>>(figures)) {
    const key = String(r.key);
    sums.set(key, {
      key,
      orders: num(r.orders),
      delivered: num(r.delivered),
      returned: num(r.returned),
      cancelled: num(r.cancelled),
      discountGiven: num(r.discount),
      revenue: num(r.paid) - (refunds.get(key) ?? 0),
      seconds: num(r.seconds),
      timed: num(r.timed),
    });
  }
  const rows = [...sums.values()];
  if (by !== "channel") rows.sort((a, b) => b.orders - a.orders || b.revenue - a.revenue || a.key.localeCompare(b.key));
  const total = rows.reduce(
    (t, r) => ({
      ...t,
      orders: t.orders + r.orders,
      delivered: t.delivered + r.delivered,
      returned: t.returned + r.returned,
      cancelled: t.cancelled + r.cancelled,
      discountGiven: t.discountGiven + r.discountGiven,
      revenue: t.revenue + r.revenue,
      seconds: t.seconds + r.seconds,
      timed: t.timed + r.timed,
    }),
    emptySums("Total"),
  );
  return { range, by, rows: rows.map(finish), totals: finish(total) };
}

function emptySums(key: string) {
  return {
    key,
    orders: 0,
    delivered: 0,
    returned: 0,
    cancelled: 0,
    discountGiven: 0,
    revenue: 0,
    seconds: 0,
    timed: 0,
  };
}

function finish({
  seconds,
  timed,
  ...row
}: Omit<BreakdownRow, "returnRate" | "averageDaysToDeliver"> & { seconds: number; timed: number }): BreakdownRow {
  return {
    ...row,
    returnRate: returnRate(row.delivered, row.returned),
    averageDaysToDeliver: averageOf(seconds / 86400, timed),
  };
}
