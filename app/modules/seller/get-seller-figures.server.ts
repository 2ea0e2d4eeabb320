import { and, count, desc, eq, gte, inArray, isNull, ne, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { discountRedemptions } from "~/modules/promotions/reads";
import { orderItems, orders } from "~/modules/orders/reads";
import { products } from "~/modules/catalog/reads";
import { refunds } from "~/modules/returns/reads";
import { ORDER_CHANNELS, type OrderChannel, type OrderStatus } from "~/db/schema/statuses";
import { lastShopDays, SHOP_UTC_OFFSET_SECONDS, startOfShopDay } from "~/lib/shop-time";
import { ITEMS_SHOWN } from "~/modules/orders/more-items";
import { countsAsRevenue, orderRevenue } from "~/modules/orders/order-revenue";

/** Days the charts cover, today included. */
export const OVERVIEW_DAYS = 30;
/** Orders that count for nothing (PRODUCT.md): no revenue, no units sold. */
const VOID_STATUSES: OrderStatus[] = ["cancelled", "returned"];
/** Taken but not yet handed to the courier. */
const OPEN_STATUSES: OrderStatus[] = ["pending", "confirmed", "processing"];

export type SellerFigures = {
  generatedAt: string;
  stats: {
    /** What delivered orders brought in (modules/orders/order-revenue.ts): cash collected plus store credit spent, less refunds. */
    totalRevenue: number;
    /** Shipped, not yet delivered: cash the couriers still have to collect. */
    codOutstanding: number;
    /** Pending, confirmed or processing: orders not yet shipped, at their revenue (cash and store credit). */
    pendingValue: number;
    totalOrders: number;
    pendingOrders: number;
    /** Products that are not archived (active, draft and coming soon). */
    products: number;
  };
  /** Delivered revenue and orders per channel, every channel listed. */
  channels: { channel: OrderChannel; revenue: number; orders: number }[];
  /** The newest orders, each with its first items ('quantity x name') and how many it leaves out. */
  recentOrders: {
    id: string;
    orderNumber: string;
    customerName: string;
    total: number;
    status: OrderStatus;
    createdAt: string;
    items: { quantity: number; name: string }[];
    moreItems: number;
  }[];
  /** One row per shop day (Pakistan time), oldest first, zeros included: orders placed that day, revenue of the orders delivered that day (refunds included). */
  daily: { day: string; orders: number; revenue: number }[];
  /** Best sellers of the chart period by units in orders that were not cancelled or returned. */
  topProducts: { productId: string | null; name: string; units: number }[];
  /** Orders of the chart period per ship-to city, most first. */
  cities: { city: string; orders: number }[];
  /** Discount codes over the chart period: PKR taken off, and orders that used one (a cancelled or returned order gave its use back). */
  discounts: { given: number; orders: number };
};

const int = (expression: ReturnType<typeof sql>) => expression.mapWith(Number);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Everything the owner's Overview shows, in nine SQL aggregates (never every order in the process):
 * one pass over all orders grouped by status and channel gives the cards and the channel split; one
 * pass over the chart period grouped by day and city gives orders per day and per city, and discounts
 * given one more over the period's code uses; refunds are summed by their order's status and channel,
 * and by delivery day, so revenue is the one rule of order-revenue.ts applied to the sums (cash with
 * couriers and the returns figures are other modules', added by the get-seller-overview flow). `now`
 * fixes "today" so the charts' 30 shop days are testable.
 */
export async function getSellerFigures(db: DbOrTx, now: Date = new Date()): Promise<SellerFigures> {
  const since = startOfShopDay(now, OVERVIEW_DAYS - 1);
  // A shop day as a whole number (days since 1970 in shop time): cheaper to group by than formatted text.
  const dayNumber = (column: unknown) =>
    int(sql`floor((extract(epoch from ${column}) + ${sql.raw(String(SHOP_UTC_OFFSET_SECONDS))}) / 86400)`);

  const [byStatus, refundedByStatus, [productCount], recent, placed, delivered, refundedByDay, top, [discounts]] =
    await Promise.all([
      db
        .select({
          status: orders.status,
          channel: orders.channel,
          orders: count(),
          total: int(sql`coalesce(sum(${orders.total}), 0)`),
          storeCreditUsed: int(sql`coalesce(sum(${orders.storeCreditUsed}), 0)`),
        })
        .from(orders)
        .groupBy(orders.status, orders.channel),
      db
        .select({ status: orders.status, channel: orders.channel, refunded: int(sql`sum(${refunds.amount})`) })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .groupBy(orders.status, orders.channel),
      db.select({ n: count() }).from(products).where(ne(products.status, "archived")),
      db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          customerName: orders.fullName,
          total: orders.total,
          status: orders.status,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .orderBy(desc(orders.createdAt))
        .limit(5),
      db
        .select({ day: dayNumber(orders.createdAt), city: orders.city, orders: count() })
        .from(orders)
        .where(gte(orders.createdAt, since))
        .groupBy(sql`1`, orders.city),
      db
        .select({
          day: dayNumber(orders.deliveredAt),
          total: int(sql`sum(${orders.total})`),
          storeCreditUsed: int(sql`sum(${orders.storeCreditUsed})`),
        })
        .from(orders)
        .where(and(eq(orders.status, "delivered"), gte(orders.deliveredAt, since)))
        .groupBy(sql`1`),
      db
        .select({ day: dayNumber(orders.deliveredAt), refunded: int(sql`sum(${refunds.amount})`) })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(and(eq(orders.status, "delivered"), gte(orders.deliveredAt, since)))
        .groupBy(sql`1`),
      db
        .select({
          productId: orderItems.productId,
          name: sql<string>`max(${orderItems.name})`,
          units: int(sql`sum(${orderItems.quantity})`),
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(gte(orders.createdAt, since), notInArray(orders.status, VOID_STATUSES)))
        .groupBy(orderItems.productId)
        .orderBy(sql`3 desc`, sql`2`)
        .limit(5),
      db
        .select({ given: int(sql`coalesce(sum(${discountRedemptions.amount}), 0)`), orders: count() })
        .from(discountRedemptions)
        .where(and(gte(discountRedemptions.createdAt, since), isNull(discountRedemptions.releasedAt))),
    ]);

  const stats = {
    totalRevenue: 0,
    codOutstanding: 0,
    pendingValue: 0,
    totalOrders: 0,
    pendingOrders: 0,
    products: productCount.n,
  };
  const channels = ORDER_CHANNELS.map((channel) => ({ channel, revenue: 0, orders: 0 }));
  for (const row of byStatus) {
    stats.totalOrders += row.orders;
    if (row.status === "pending") stats.pendingOrders += row.orders;
    if (row.status === "shipped") stats.codOutstanding += row.total;
    if (OPEN_STATUSES.includes(row.status)) stats.pendingValue += orderRevenue(row);
    if (countsAsRevenue(row.status)) {
      const refunded =
        refundedByStatus.find((r) => r.status === row.status && r.channel === row.channel)?.refunded ?? 0;
      const revenue = orderRevenue({ total: row.total, storeCreditUsed: row.storeCreditUsed, refunded });
      stats.totalRevenue += revenue;
      const channel = channels.find((c) => c.channel === row.channel);
      if (channel) {
        channel.revenue += revenue;
        channel.orders += row.orders;
      }
    }
  }

  const dayKey = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
  const ordersPerDay = new Map<string, number>();
  const ordersPerCity = new Map<string, number>();
  for (const row of placed) {
    ordersPerDay.set(dayKey(row.day), (ordersPerDay.get(dayKey(row.day)) ?? 0) + row.orders);
    ordersPerCity.set(row.city, (ordersPerCity.get(row.city) ?? 0) + row.orders);
  }
  const refundedPerDay = new Map(refundedByDay.map((r) => [r.day, r.refunded]));
  const revenuePerDay = new Map(
    delivered.map((r) => [
      dayKey(r.day),
      orderRevenue({ total: r.total, storeCreditUsed: r.storeCreditUsed, refunded: refundedPerDay.get(r.day) ?? 0 }),
    ]),
  );
  // Current names for the five best sellers (an order keeps the name it was sold under).
  const ids = top.map((t) => t.productId).filter((id): id is string => id !== null);
  const names = new Map(
    ids.length
      ? (await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids))).map(
          (p) => [p.id, p.name],
        )
      : [],
  );
  const recentItems = await firstItemsOf(
    db,
    recent.map((o) => o.id),
  );

  return {
    generatedAt: now.toISOString(),
    stats,
    channels,
    recentOrders: recent.map((o) => ({
      ...o,
      createdAt: o.createdAt.toISOString(),
      ...(recentItems.get(o.id) ?? { items: [], moreItems: 0 }),
    })),
    daily: lastShopDays(now, OVERVIEW_DAYS).map((day) => ({
      day,
      orders: ordersPerDay.get(day) ?? 0,
      revenue: revenuePerDay.get(day) ?? 0,
    })),
    topProducts: top.map((t) => ({
      productId: t.productId,
      name: (t.productId && names.get(t.productId)) || t.name,
      units: t.units,
    })),
    cities: [...ordersPerCity]
      .map(([city, n]) => ({ city, orders: n }))
      .sort((a, b) => b.orders - a.orders || a.city.localeCompare(b.city))
      .slice(0, 10),
    discounts: { given: discounts?.given ?? 0, orders: discounts?.orders ?? 0 },
  };
}

/** Each order's first items in the order they were added, and how many more it has: one query for the few orders on the overview. */
async function firstItemsOf(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<string, { items: { quantity: number; name: string }[]; moreItems: number }>> {
  const byOrder = new Map<string, { items: { quantity: number; name: string }[]; moreItems: number }>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ orderId: orderItems.orderId, quantity: orderItems.quantity, name: orderItems.name })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(orderItems.id);
  for (const row of rows) {
    const entry = byOrder.get(row.orderId) ?? { items: [], moreItems: 0 };
    if (entry.items.length < ITEMS_SHOWN) entry.items.push({ quantity: row.quantity, name: row.name });
    else entry.moreItems += 1;
    byOrder.set(row.orderId, entry);
  }
  return byOrder;
}
