import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import type { OrderSource } from "~/db/schema/statuses";
import { num, percentOf, rowsOf } from "./report-figures";
import type { ReportRange } from "./report-range";
import { inRange } from "./report-sql";

/** Web orders placed in the range from one source (and one campaign, in `campaigns`). */
export type SourceRow = {
  /** ORDER_SOURCES' code; null: placed before sources were kept. */
  source: OrderSource | null;
  /** utm_campaign (`campaigns` only; null in `sources`). */
  campaign: string | null;
  orders: number;
  delivered: number;
  /** Refused at the door or returned after delivery (status returned). */
  returned: number;
  cancelled: number;
  /** delivered / (delivered + returned), percent; null before any parcel finished. */
  deliveryRate: number | null;
  /** Those orders' delivered revenue (the breakdown's rule: total + store credit used − refunds). */
  revenue: number;
};

export type SourceBreakdown = { sources: SourceRow[]; campaigns: SourceRow[] };

/**
 * Reports -> By channel's split of the website's orders (issue 44): orders PLACED in the range with
 * channel web, by where the buyer first came from and by campaign, with the same figures as the
 * channel rows. Two SQL aggregates on orders(created_at) grouped by (source, campaign): the orders'
 * counts and sums, and their refunds; a source's row is its campaigns' rows added up.
 */
export async function getSourceBreakdown(db: DbOrTx, range: ReportRange): Promise<SourceBreakdown> {
  const placed = sql`${inRange(sql`o.created_at`, range)} and o.channel = 'web'`;
  const [figures, refunded] = await Promise.all([
    db.execute(sql`select o.source, o.source_campaign as campaign, count(*)::int as orders,
        (count(*) filter (where o.status = 'delivered'))::int as delivered,
        (count(*) filter (where o.status = 'returned'))::int as returned,
        (count(*) filter (where o.status = 'cancelled'))::int as cancelled,
        coalesce(sum(o.total + o.store_credit_used) filter (where o.status = 'delivered'), 0)::bigint as paid
      from orders o where ${placed} group by 1, 2`),
    db.execute(sql`select o.source, o.source_campaign as campaign, sum(r.amount)::bigint as refunds
      from refunds r join orders o on o.id = r.order_id where ${placed} and o.status = 'delivered' group by 1, 2`),
  ]);
  const key = (source: unknown, campaign: unknown) => JSON.stringify([source ?? null, campaign ?? null]);
  const refunds = new Map(
    rowsOf<Record<string, unknown>>(refunded).map((r) => [key(r.source, r.campaign), num(r.refunds)]),
  );
  const campaigns: SourceRow[] = rowsOf<Record<string, unknown>>(figures).map((r) => {
    const delivered = num(r.delivered);
    const returned = num(r.returned);
    return {
      source: (r.source as OrderSource | null) ?? null,
      campaign: (r.campaign as string | null) ?? null,
      orders: num(r.orders),
      delivered,
      returned,
      cancelled: num(r.cancelled),
      deliveryRate: percentOf(delivered, delivered + returned),
      revenue: num(r.paid) - (refunds.get(key(r.source, r.campaign)) ?? 0),
    };
  });
  const bySource = new Map<string, SourceRow>();
  for (const c of campaigns) {
    const k = c.source ?? "";
    const s = bySource.get(k) ?? {
      ...c,
      campaign: null,
      orders: 0,
      delivered: 0,
      returned: 0,
      cancelled: 0,
      revenue: 0,
    };
    s.orders += c.orders;
    s.delivered += c.delivered;
    s.returned += c.returned;
    s.cancelled += c.cancelled;
    s.revenue += c.revenue;
    bySource.set(k, s);
  }
  const sources = [...bySource.values()].map((s) => ({
    ...s,
    deliveryRate: percentOf(s.delivered, s.delivered + s.returned),
  }));
  const order = (a: SourceRow, b: SourceRow) =>
    b.orders - a.orders ||
    b.revenue - a.revenue ||
    (a.source ?? "~").localeCompare(b.source ?? "~") ||
    (a.campaign ?? "").localeCompare(b.campaign ?? "");
  return {
    sources: sources.sort(order),
    campaigns: campaigns.filter((c) => c.campaign !== null).sort(order),
  };
}
