import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderItems, orders, orderStatusHistory, productImages, products } from "~/db/schema";
import { getSellerOverview } from "~/modules/seller/get-seller-overview.server";
import { DATABASE_KINDS, useTestDatabase } from "../tests/factories/test-database";
import { seedDemoData } from "./seed-demo-data";

const NOW = new Date("2025-06-10T10:00:00Z");
type SqlQuery = ReturnType<typeof sql>;

describe.each(DATABASE_KINDS)("demo data on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  // Both drivers answer raw SQL with { rows }.
  const rows = async <T,>(query: SqlQuery) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;

  it("adds products with variants and reused photos, and orders whose totals add up", async () => {
    const result = await seedDemoData(db(), { products: 20, orders: 200, now: NOW });
    expect(result).toMatchObject({ products: 20, orders: 200 });
    const [{ demo }] = await db().select({ demo: sql<number>`count(*)::int` }).from(products).where(sql`${products.id} like 'demo-%'`);
    expect(demo).toBe(20);
    const [{ withoutImages }] = await rows<{ withoutImages: number }>(sql`
      select count(*)::int as "withoutImages" from products p where p.id like 'demo-%' and not exists (select 1 from product_images i where i.product_id = p.id)`);
    expect(withoutImages).toBe(0);
    const [image] = await db().select().from(productImages).where(eq(productImages.productId, "demo-0001"));
    expect(image.sources.length).toBeGreaterThan(0);

    // Order total = items + shipping, for every order.
    const mismatched = await rows(sql`
      select o.id from orders o join order_items i on i.order_id = o.id
      group by o.id having o.subtotal <> sum(i.price * i.quantity)::int or o.total <> o.subtotal + o.shipping_fee`);
    expect(mismatched).toEqual([]);
    const [{ negative }] = await rows<{ negative: number }>(sql`select count(*)::int as negative from product_variants where stock < 0`);
    expect(negative).toBe(0);

    // Payment follows the status; every order has its history ending in its status.
    const placed = await db().select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus, deliveredAt: orders.deliveredAt, createdAt: orders.createdAt }).from(orders);
    expect(placed).toHaveLength(200);
    for (const o of placed) {
      if (o.status === "delivered") expect(o.paymentStatus).toBe("collected");
      if (["pending", "confirmed", "processing", "shipped", "cancelled"].includes(o.status)) expect(o.paymentStatus).toBe("unpaid");
      if (o.status === "delivered") expect(o.deliveredAt).not.toBeNull();
      expect(o.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(o.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - 91 * 86_400_000);
    }
    const statuses = new Set(placed.map((o) => o.status));
    expect(statuses.has("delivered") && statuses.has("pending") && statuses.has("cancelled")).toBe(true);
    expect(placed.filter((o) => o.status === "delivered").length).toBeGreaterThan(placed.length / 2);
    const [last] = await rows<{ bad: number }>(sql`
      select count(*)::int as bad from orders o where o.status <> (select h.to_status from order_status_history h where h.order_id = o.id order by h.created_at desc, h.id desc limit 1)`);
    expect(last.bad).toBe(0);
    const [{ firstMoves }] = await rows<{ firstMoves: number }>(sql`select count(*)::int as "firstMoves" from order_status_history where from_status is null`);
    expect(firstMoves).toBe(200);
    expect((await db().select().from(orderItems)).every((i) => i.quantity > 0)).toBe(true);
    expect(await db().select({ n: sql<number>`count(*)::int` }).from(orderStatusHistory)).toEqual([{ n: result.history }]);

    // The overview reads the demo shop.
    const overview = await getSellerOverview(db(), NOW);
    expect(overview.stats.totalOrders).toBe(200);
    expect(overview.stats.totalRevenue).toBeGreaterThan(0);
    expect(overview.cities.length).toBeGreaterThan(3);
  });

  it("refuses a database that already has orders unless forced", async () => {
    await expect(seedDemoData(db(), { products: 1, orders: 1, now: NOW })).rejects.toThrow(/already has 200 orders.*--force/);
    const forced = await seedDemoData(db(), { products: 2, orders: 10, now: NOW, force: true, seed: 99 });
    expect(forced).toMatchObject({ products: 2, orders: 10 });
    const [{ n }] = await db().select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(n).toBe(210);
  });
});
