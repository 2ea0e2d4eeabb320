import { and, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couriers, shipments } from "~/modules/shipping/tables";
import { orders } from "~/modules/orders/reads";
import { startOfShopDay } from "~/lib/shop-time";
import { deliveryRate, type RateGrouping, type RateWindow } from "./rates-query";

/** One courier's (or city's) figures over the window, or the whole shop's. */
export type RateRow = {
  /** The courier's name or the city. */
  label: string;
  /** Parcels booked in the window; of them, delivered, and returned to the shop undelivered (RTO). */
  booked: number;
  delivered: number;
  returned: number;
  /** delivered / (delivered + returned), a whole percent; null while none has finished. */
  deliveryRate: number | null;
  /** Days from booking to delivery, on average (one decimal); null with nothing delivered. */
  avgDaysToDeliver: number | null;
  /** What the courier charged per delivered parcel, on average (whole rupees; the estimate until charged). */
  avgCostPerDelivered: number | null;
};

export type DeliveryRates = {
  days: RateWindow;
  by: RateGrouping;
  /** The first instant counted (the start of the shop day `days - 1` days before today). */
  since: string;
  /** Most parcels first. */
  rows: RateRow[];
  /** Every parcel of the window together; null when none was booked. */
  total: RateRow | null;
};

const int = (expression: SQL) => sql<number>`${expression}`.mapWith(Number);
const nullableNumber = (expression: SQL) =>
  sql<number | null>`${expression}`.mapWith((v: unknown) => (v === null ? null : Number(v)));

/**
 * Delivery and return rates over the parcels booked in the last `days` days (shop days, today
 * included), per courier or per city of the order, and for the whole shop (one query: GROUP BY
 * ROLLUP). A parcel delivered and later sent back by the buyer counts as delivered: the courier did
 * its job; returned (RTO) is back with the shop without being delivered.
 */
export async function deliveryRates(
  db: DbOrTx,
  { days, by, now = new Date() }: { days: RateWindow; by: RateGrouping; now?: Date },
): Promise<DeliveryRates> {
  const since = startOfShopDay(now, days - 1);
  const delivered = sql`${shipments.deliveredAt} is not null`;
  const group = by === "courier" ? sql`${couriers.name}` : sql`${orders.city}`;
  const figures = {
    label: sql<string | null>`${group}`,
    isTotal: sql<number>`grouping(${group})`.mapWith(Number),
    booked: int(sql`count(*)`),
    delivered: int(sql`count(*) filter (where ${delivered})`),
    returned: int(
      sql`count(*) filter (where ${shipments.returnedAt} is not null and ${shipments.deliveredAt} is null)`,
    ),
    avgDaysToDeliver: nullableNumber(
      sql`round((avg(extract(epoch from ${shipments.deliveredAt} - ${shipments.bookedAt})) filter (where ${delivered}) / 86400)::numeric, 1)`,
    ),
    avgCostPerDelivered: nullableNumber(
      sql`round(avg(coalesce(${shipments.chargedAmount}, ${shipments.estimatedCharge})) filter (where ${delivered}))`,
    ),
  };
  const window = and(gte(shipments.bookedAt, since), lte(shipments.bookedAt, now));
  const rows =
    by === "courier"
      ? await db
          .select(figures)
          .from(shipments)
          .innerJoin(couriers, eq(couriers.id, shipments.courierId))
          .where(window)
          .groupBy(sql`rollup((${couriers.id}, ${couriers.name}))`)
      : await db
          .select(figures)
          .from(shipments)
          .innerJoin(orders, eq(orders.id, shipments.orderId))
          .where(window)
          .groupBy(sql`rollup(${orders.city})`);

  const toRow = (row: (typeof rows)[number]): RateRow => ({
    label: row.label ?? "",
    booked: row.booked,
    delivered: row.delivered,
    returned: row.returned,
    deliveryRate: deliveryRate(row.delivered, row.returned),
    avgDaysToDeliver: row.avgDaysToDeliver,
    avgCostPerDelivered: row.avgCostPerDelivered,
  });
  // ROLLUP gives its grand-total row even over no rows at all.
  const total = rows.find((r) => r.isTotal === 1 && r.booked > 0);
  return {
    days,
    by,
    since: since.toISOString(),
    rows: rows
      .filter((r) => r.isTotal === 0)
      .map(toRow)
      .sort((a, b) => b.booked - a.booked || a.label.localeCompare(b.label)),
    total: total ? { ...toRow(total), label: by === "courier" ? "All couriers" : "All cities" } : null,
  };
}
