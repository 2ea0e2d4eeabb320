import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couriers, shipments } from "~/modules/shipping/tables";
import { DEFAULT_OVERDUE_DAYS } from "./discrepancy-words";

/** The cash one courier holds for the shop: COD of delivered parcels it has not yet paid for. */
export type CourierCash = {
  courierId: number;
  courierName: string;
  /** Delivered parcels with cash to collect and no settlement yet. */
  parcels: number;
  /** Their COD, in whole rupees. */
  amount: number;
  /** When the longest-waiting one was delivered (ISO), and how many whole days ago that is. */
  oldestDeliveredAt: string;
  oldestDays: number;
  /** Of those, the ones waiting longer than the shop's overdue days (Settings), and those days. */
  overdueParcels: number;
  overdueDays: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Cash with couriers (PRODUCT.md: collected, not settled): per courier, the COD of delivered
 * parcels no settlement has paid yet, most money first. Couriers owing nothing are left out. One
 * aggregate over the partial index shipments_unsettled_idx (courier_id, delivered_at where
 * settlement_id is null).
 */
export async function cashWithCouriers(db: DbOrTx, now: Date = new Date()): Promise<CourierCash[]> {
  const overdueDays = sql<number>`coalesce((select settlement_overdue_days from shop_settings where id = 1), ${DEFAULT_OVERDUE_DAYS})`;
  const rows = await db
    .select({
      courierId: shipments.courierId,
      courierName: couriers.name,
      parcels: sql<number>`count(*)`.mapWith(Number),
      amount: sql<number>`sum(${shipments.codAmount})`.mapWith(Number),
      oldest: sql<Date>`min(${shipments.deliveredAt})`.mapWith(shipments.deliveredAt),
      overdueParcels:
        sql<number>`count(*) filter (where ${shipments.deliveredAt} < ${now.toISOString()}::timestamptz - ${overdueDays} * interval '1 day')`.mapWith(
          Number,
        ),
      overdueDays: sql<number>`${overdueDays}`.mapWith(Number),
    })
    .from(shipments)
    .innerJoin(couriers, eq(couriers.id, shipments.courierId))
    .where(and(isNull(shipments.settlementId), isNotNull(shipments.deliveredAt), gt(shipments.codAmount, 0)))
    .groupBy(shipments.courierId, couriers.name)
    .orderBy(desc(sql`sum(${shipments.codAmount})`), asc(couriers.name));
  return rows.map(({ oldest, ...row }) => ({
    ...row,
    oldestDeliveredAt: oldest.toISOString(),
    oldestDays: Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / DAY_MS)),
  }));
}
