import { and, count, desc, eq, gte, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orderItems, orders, products } from "~/db/schema";
import { ORDER_CHANNELS, type OrderChannel, type OrderStatus } from "~/db/schema/statuses";
import { lastKarachiDays, startOfKarachiDay } from "./karachi-days";

/** Days the charts cover, today included. */
export const OVERVIEW_DAYS = 30;
/** Orders that count for nothing (PRODUCT.md): no revenue, no units sold. */
const VOID_STATUSES: OrderStatus[] = ["cancelled", "returned"];
/** Taken but not yet handed to the courier. */
const OPEN_STATUSES: OrderStatus[] = ["pending", "confirmed", "processing"];

export type SellerOverview = {
  generatedAt: string;
  stats: {
    /** Sum of delivered orders' totals: cash actually collected. */
    totalRevenue: number;
    /** Shipped, not yet delivered: cash the couriers still have to collect. */
    codOutstanding: number;
    /** Pending, confirmed or processing: orders not yet shipped. */
    pendingValue: number;
    totalOrders: number;
    pendingOrders: number;
    /** Products that are not archived (active, draft and coming soon). */
    products: number;
  };
  /** Delivered revenue and orders per channel, every channel listed. */
  channels: { channel: OrderChannel; revenue: number; orders: number }[];
  recentOrders: { id: string; orderNumber: string; customerName: string; total: number; status: OrderStatus; createdAt: string }[];
  /** One row per Karachi day, oldest first, zeros included: orders placed that day, revenue delivered that day. */
  daily: { day: string; orders: number; revenue: number }[];
  /** Best sellers of the chart period by units in orders that were not cancelled or returned. */
  topProducts: { productId: string | null; name: string; units: number }[];
  /** Orders of the chart period per ship-to city, most first. */
  cities: { city: string; orders: number }[];
};

const int = (expression: ReturnType<typeof sql>) => expression.mapWith(Number);

/**
 * Everything the owner's Overview shows, in a handful of SQL aggregates (never every order in the
 * process). `now` fixes "today" so the charts' 30 Karachi days are testable.
 */
export async function getSellerOverview(db: DbOrTx, now: Date = new Date()): Promise<SellerOverview> {
  const since = startOfKarachiDay(now, OVERVIEW_DAYS - 1);
  const karachiDate = (column: unknown) => sql`to_char(${column} at time zone 'Asia/Karachi', 'YYYY-MM-DD')`;
  const deliveredOn = sql`coalesce(${orders.deliveredAt}, ${orders.createdAt})`;

  const [[totals], [productCount], channelRows, recent, placedPerDay, deliveredPerDay, top, cities] = await Promise.all([
    db
      .select({
        totalRevenue: int(sql`coalesce(sum(${orders.total}) filter (where ${orders.status} = 'delivered'), 0)`),
        codOutstanding: int(sql`coalesce(sum(${orders.total}) filter (where ${orders.status} = 'shipped'), 0)`),
        pendingValue: int(sql`coalesce(sum(${orders.total}) filter (where ${inArray(orders.status, OPEN_STATUSES)}), 0)`),
        totalOrders: count(),
        pendingOrders: int(sql`count(*) filter (where ${orders.status} = 'pending')`),
      })
      .from(orders),
    db.select({ n: count() }).from(products).where(ne(products.status, "archived")),
    db
      .select({ channel: orders.channel, revenue: int(sql`coalesce(sum(${orders.total}), 0)`), orders: count() })
      .from(orders)
      .where(eq(orders.status, "delivered"))
      .groupBy(orders.channel),
    db
      .select({ id: orders.id, orderNumber: orders.orderNumber, customerName: orders.fullName, total: orders.total, status: orders.status, createdAt: orders.createdAt })
      .from(orders)
      .orderBy(desc(orders.createdAt))
      .limit(5),
    db
      .select({ day: karachiDate(orders.createdAt).mapWith(String), orders: count() })
      .from(orders)
      .where(gte(orders.createdAt, since))
      .groupBy(sql`1`),
    db
      .select({ day: karachiDate(deliveredOn).mapWith(String), revenue: int(sql`sum(${orders.total})`) })
      .from(orders)
      .where(and(eq(orders.status, "delivered"), gte(deliveredOn, since)))
      .groupBy(sql`1`),
    db
      .select({
        productId: orderItems.productId,
        name: sql<string>`coalesce(max(${products.name}), max(${orderItems.name}))`,
        units: int(sql`sum(${orderItems.quantity})`),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(and(gte(orders.createdAt, since), notInArray(orders.status, VOID_STATUSES)))
      .groupBy(orderItems.productId)
      .orderBy(sql`3 desc`, sql`2`)
      .limit(5),
    db
      .select({ city: orders.city, orders: count() })
      .from(orders)
      .where(gte(orders.createdAt, since))
      .groupBy(orders.city)
      .orderBy(sql`2 desc`, orders.city)
      .limit(10),
  ]);

  const placed = new Map(placedPerDay.map((r) => [r.day, r.orders]));
  const delivered = new Map(deliveredPerDay.map((r) => [r.day, r.revenue]));
  const byChannel = new Map(channelRows.map((r) => [r.channel, r]));
  return {
    generatedAt: now.toISOString(),
    stats: { ...totals, products: productCount.n },
    channels: ORDER_CHANNELS.map((channel) => ({ channel, revenue: byChannel.get(channel)?.revenue ?? 0, orders: byChannel.get(channel)?.orders ?? 0 })),
    recentOrders: recent.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    daily: lastKarachiDays(now, OVERVIEW_DAYS).map((day) => ({ day, orders: placed.get(day) ?? 0, revenue: delivered.get(day) ?? 0 })),
    topProducts: top,
    cities,
  };
}



