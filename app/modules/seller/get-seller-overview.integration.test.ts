import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, orderItems, orders, products } from "~/schema";
import type { OrderChannel, OrderStatus } from "~/db/schema/statuses";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { getSellerOverview } from "~/flows/get-seller-overview.server";

// 2025-06-10 15:00 in Karachi. The chart covers 2025-05-12 .. 2025-06-10 (Karachi days).
const NOW = new Date("2025-06-10T10:00:00Z");
const at = (iso: string) => new Date(iso);

describe.each(DATABASE_KINDS)("seller overview on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "empty" });
  let n = 0;
  const db = () => database.db;

  async function order(o: {
    status: OrderStatus;
    total: number;
    createdAt: Date;
    city?: string;
    channel?: OrderChannel;
    deliveredAt?: Date;
    name?: string;
    items?: { productId: string; quantity: number }[];
    /** Store credit the order used: `total` stays the cash to collect. */
    storeCreditUsed?: number;
  }) {
    const storeCreditUsed = o.storeCreditUsed ?? 0;
    const id = randomUUID();
    const shippingFee = 200;
    n++;
    await db()
      .insert(orders)
      .values({
        id,
        orderNumber: `ORD-${String(100000 + n)}`,
        status: o.status,
        channel: o.channel ?? "web",
        paymentStatus: o.status === "delivered" ? "collected" : "unpaid",
        subtotal: o.total - shippingFee + storeCreditUsed,
        shippingFee,
        storeCreditUsed,
        total: o.total,
        fullName: o.name ?? `Customer ${n}`,
        email: "c@example.pk",
        phone: "+923001234567",
        address: "1 Street",
        city: o.city ?? "Karachi",
        deliveryFrom: o.createdAt,
        deliveryTo: o.createdAt,
        createdAt: o.createdAt,
        updatedAt: o.createdAt,
        deliveredAt: o.deliveredAt ?? null,
      });
    if (o.items?.length) {
      await db()
        .insert(orderItems)
        .values(
          o.items.map((i) => ({
            orderId: id,
            productId: i.productId,
            name: `name of ${i.productId}`,
            color: "Black",
            size: "M",
            price: 100,
            quantity: i.quantity,
          })),
        );
    }
    return id;
  }

  beforeAll(async () => {
    await db().insert(categories).values({ slug: "t-shirts", name: "T-Shirts" });
    await db()
      .insert(products)
      .values(
        ["tee", "polo", "hoodie", "cap", "sock", "scarf"].map((id) => ({
          id,
          name: `The ${id}`,
          categorySlug: "t-shirts",
          sizeSetId: 1,
          price: 1000,
        })),
      );
    await db()
      .insert(products)
      .values([
        {
          id: "draft-one",
          name: "Draft",
          categorySlug: "t-shirts",
          sizeSetId: 1,
          price: 1000,
          status: "draft" as const,
        },
        {
          id: "soon",
          name: "Soon",
          categorySlug: "t-shirts",
          sizeSetId: 1,
          price: 1000,
          status: "coming-soon" as const,
        },
        { id: "gone", name: "Gone", categorySlug: "t-shirts", sizeSetId: 1, price: 1000, status: "archived" as const },
      ]);
  }, 120_000);

  it("shows zeros and no orders on an empty shop, with every day and channel listed", async () => {
    const overview = await getSellerOverview({ db: db(), now: NOW });
    expect(overview.stats).toEqual({
      totalRevenue: 0,
      codOutstanding: 0,
      pendingValue: 0,
      totalOrders: 0,
      pendingOrders: 0,
      products: 8,
    });
    expect(overview.recentOrders).toEqual([]);
    expect(overview.daily).toHaveLength(30);
    expect(overview.daily.every((d) => d.orders === 0 && d.revenue === 0)).toBe(true);
    expect(overview.daily[0].day).toBe("2025-05-12");
    expect(overview.daily[29].day).toBe("2025-06-10");
    expect(overview.channels.map((c) => c.channel)).toEqual(["web", "phone", "whatsapp", "instagram"]);
    expect(overview.topProducts).toEqual([]);
    expect(overview.cities).toEqual([]);
  });

  it("counts revenue from delivered orders only, COD outstanding from shipped, pending value from unshipped", async () => {
    // Delivered: 3000 (web, delivered 9 June) + 5000 (whatsapp, delivered 10 June just after Karachi midnight).
    await order({
      status: "delivered",
      total: 3000,
      createdAt: at("2025-06-05T08:00:00Z"),
      deliveredAt: at("2025-06-09T08:00:00Z"),
      city: "Lahore",
      items: [{ productId: "tee", quantity: 2 }],
    });
    await order({
      status: "delivered",
      total: 5000,
      channel: "whatsapp",
      createdAt: at("2025-06-06T08:00:00Z"),
      deliveredAt: at("2025-06-09T19:30:00Z"),
      city: "Lahore",
      items: [{ productId: "polo", quantity: 5 }],
    });
    // Delivered long ago: counts in Total Revenue, not in the 30-day chart.
    await order({
      status: "delivered",
      total: 1000,
      channel: "phone",
      createdAt: at("2025-01-05T08:00:00Z"),
      deliveredAt: at("2025-01-08T08:00:00Z"),
      city: "Multan",
      items: [{ productId: "cap", quantity: 9 }],
    });
    await order({
      status: "shipped",
      total: 2200,
      channel: "instagram",
      createdAt: at("2025-06-08T08:00:00Z"),
      city: "Karachi",
      items: [{ productId: "tee", quantity: 1 }],
    });
    await order({
      status: "pending",
      total: 1200,
      createdAt: at("2025-06-10T09:00:00Z"),
      city: "Karachi",
      name: "Newest Customer",
      items: [{ productId: "hoodie", quantity: 1 }],
    });
    await order({
      status: "confirmed",
      total: 1300,
      createdAt: at("2025-06-09T09:00:00Z"),
      city: "Quetta",
      items: [{ productId: "sock", quantity: 1 }],
    });
    await order({
      status: "processing",
      total: 1400,
      createdAt: at("2025-06-09T10:00:00Z"),
      city: "Karachi",
      items: [{ productId: "scarf", quantity: 1 }],
    });
    // Cancelled and returned count for nothing (but are orders).
    await order({
      status: "cancelled",
      total: 90000,
      createdAt: at("2025-06-09T11:00:00Z"),
      city: "Peshawar",
      items: [{ productId: "cap", quantity: 50 }],
    });
    await order({
      status: "returned",
      total: 80000,
      createdAt: at("2025-06-01T11:00:00Z"),
      deliveredAt: at("2025-06-03T11:00:00Z"),
      city: "Peshawar",
      items: [{ productId: "cap", quantity: 40 }],
    });

    const overview = await getSellerOverview({ db: db(), now: NOW });
    expect(overview.stats).toEqual({
      totalRevenue: 3000 + 5000 + 1000,
      codOutstanding: 2200,
      pendingValue: 1200 + 1300 + 1400,
      totalOrders: 9,
      pendingOrders: 1,
      products: 8,
    });
    expect(overview.channels).toEqual([
      { channel: "web", revenue: 3000, orders: 1 },
      { channel: "phone", revenue: 1000, orders: 1 },
      { channel: "whatsapp", revenue: 5000, orders: 1 },
      { channel: "instagram", revenue: 0, orders: 0 },
    ]);

    const recent = overview.recentOrders;
    expect(recent).toHaveLength(5);
    expect(recent[0]).toMatchObject({ customerName: "Newest Customer", total: 1200, status: "pending" });
    expect(recent.map((o) => o.createdAt)).toEqual([...recent.map((o) => o.createdAt)].sort().reverse());
  });

  it("builds the per-day series in Karachi days, with zero days, revenue on the delivery day", async () => {
    const { daily } = await getSellerOverview({ db: db(), now: NOW });
    const day = (d: string) => daily.find((x) => x.day === d)!;
    expect(daily).toHaveLength(30);
    // 19:30 UTC on 9 June is 00:30 on 10 June in Karachi.
    expect(day("2025-06-09")).toEqual({ day: "2025-06-09", orders: 3, revenue: 3000 });
    expect(day("2025-06-10")).toEqual({ day: "2025-06-10", orders: 1, revenue: 5000 });
    expect(day("2025-06-05")).toEqual({ day: "2025-06-05", orders: 1, revenue: 0 });
    expect(day("2025-06-07")).toEqual({ day: "2025-06-07", orders: 0, revenue: 0 });
    // The returned order was placed on 1 June: an order that day, but no revenue.
    expect(day("2025-06-03").revenue).toBe(0);
    expect(daily.reduce((s, d) => s + d.orders, 0)).toBe(8);
  });

  it("ranks the top 5 products by units of live orders, and cities by orders", async () => {
    const { topProducts, cities } = await getSellerOverview({ db: db(), now: NOW });
    // cap: 9 units long ago (outside the period), 50 cancelled, 40 returned: not a best seller.
    expect(topProducts).toEqual([
      { productId: "polo", name: "The polo", units: 5 },
      { productId: "tee", name: "The tee", units: 3 },
      { productId: "hoodie", name: "The hoodie", units: 1 },
      { productId: "scarf", name: "The scarf", units: 1 },
      { productId: "sock", name: "The sock", units: 1 },
    ]);
    expect(cities).toEqual([
      { city: "Karachi", orders: 3 },
      { city: "Lahore", orders: 2 },
      { city: "Peshawar", orders: 2 },
      { city: "Quetta", orders: 1 },
    ]);
  });
  // Last: it adds the newest order, which the tests above do not count.
  it("lists each recent order's first 2 items as 'quantity x name' and '+N more items' for the rest", async () => {
    await order({
      status: "pending",
      total: 5000,
      createdAt: at("2025-06-10T10:00:00Z"),
      name: "Four Items",
      items: [
        { productId: "tee", quantity: 2 },
        { productId: "polo", quantity: 1 },
        { productId: "hoodie", quantity: 1 },
        { productId: "sock", quantity: 3 },
      ],
    });
    const { recentOrders } = await getSellerOverview({ db: db(), now: NOW });
    expect(recentOrders[0]).toMatchObject({
      customerName: "Four Items",
      items: [
        { quantity: 2, name: "name of tee" },
        { quantity: 1, name: "name of polo" },
      ],
      moreItems: 2,
    });
    expect(recentOrders[1]).toMatchObject({
      customerName: "Newest Customer",
      items: [{ quantity: 1, name: "name of hoodie" }],
      moreItems: 0,
    });
  });

  it("counts an order's store credit as revenue (money paid earlier), but only its cash as COD outstanding", async () => {
    const before = await getSellerOverview({ db: db(), now: NOW });
    // Rs 2,500 of goods: Rs 1,000 paid with store credit, Rs 1,500 collected in cash.
    await order({
      status: "delivered",
      total: 1500,
      storeCreditUsed: 1000,
      createdAt: at("2025-06-08T08:00:00Z"),
      deliveredAt: at("2025-06-08T12:00:00Z"),
    });
    // Wholly paid with credit and still on its way: nothing for the courier to collect.
    await order({ status: "shipped", total: 0, storeCreditUsed: 1700, createdAt: at("2025-06-09T08:00:00Z") });
    await order({ status: "pending", total: 300, storeCreditUsed: 900, createdAt: at("2025-06-09T09:00:00Z") });
    const after = await getSellerOverview({ db: db(), now: NOW });
    expect(after.stats.totalRevenue - before.stats.totalRevenue).toBe(2500);
    expect(after.stats.codOutstanding - before.stats.codOutstanding).toBe(0);
    expect(after.stats.pendingValue - before.stats.pendingValue).toBe(1200);
    const web = (o: typeof after) => o.channels.find((c) => c.channel === "web")!.revenue;
    expect(web(after) - web(before)).toBe(2500);
    const day = (o: typeof after) => o.daily.find((d) => d.day === "2025-06-08")!.revenue;
    expect(day(after) - day(before)).toBe(2500);
  });
});
