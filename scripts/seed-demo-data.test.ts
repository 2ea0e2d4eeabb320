import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  couriers,
  orderItems,
  orders,
  orderStatusHistory,
  productImages,
  products,
  settlements,
  shipments,
  shippingDiscrepancies,
} from "~/schema";
import { getSellerOverview } from "~/flows/get-seller-overview.server";
import { cashWithCouriers } from "~/modules/shipping/settlements/cash-with-couriers.server";
import { courierStatusKind } from "~/modules/shipping/imports/courier-status";
import { deliveryRates } from "~/modules/shipping/settlements/delivery-rates.server";
import { listDiscrepancies } from "~/modules/shipping/settlements/discrepancies.server";
import { DATABASE_KINDS, useTestDatabase } from "../tests/factories/test-database";
import { seedDemoData } from "./seed-demo-data";

const NOW = new Date("2025-06-10T10:00:00Z");
type SqlQuery = ReturnType<typeof sql>;

describe.each(DATABASE_KINDS)("demo data on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  // Both drivers answer raw SQL with { rows }.
  const rows = async <T>(query: SqlQuery) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;

  it("adds products with variants and reused photos, and orders whose totals add up", async () => {
    const result = await seedDemoData(db(), { products: 20, orders: 200, now: NOW });
    expect(result).toMatchObject({ products: 20, orders: 200 });
    const [{ demo }] = await db()
      .select({ demo: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`${products.id} like 'demo-%'`);
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
    const [{ negative }] = await rows<{ negative: number }>(
      sql`select count(*)::int as negative from product_variants where stock < 0`,
    );
    expect(negative).toBe(0);

    // Payment follows the status; every order has its history ending in its status.
    const placed = await db()
      .select({
        id: orders.id,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        deliveredAt: orders.deliveredAt,
        createdAt: orders.createdAt,
      })
      .from(orders);
    expect(placed).toHaveLength(200);
    for (const o of placed) {
      if (o.status === "delivered") expect(["collected", "settled"]).toContain(o.paymentStatus);
      if (["pending", "confirmed", "processing", "shipped", "cancelled"].includes(o.status))
        expect(o.paymentStatus).toBe("unpaid");
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
    const [{ firstMoves }] = await rows<{ firstMoves: number }>(
      sql`select count(*)::int as "firstMoves" from order_status_history where from_status is null`,
    );
    expect(firstMoves).toBe(200);
    expect((await db().select().from(orderItems)).every((i) => i.quantity > 0)).toBe(true);
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(orderStatusHistory),
    ).toEqual([{ n: result.history }]);

    // The overview reads the demo shop.
    const overview = await getSellerOverview({ db: db(), now: NOW });
    expect(overview.stats.totalOrders).toBe(200);
    expect(overview.stats.totalRevenue).toBeGreaterThan(0);
    expect(overview.cities.length).toBeGreaterThan(3);
  });

  it("ships every shipped order with one of three couriers, with tracking numbers and courier statuses that tell its story", async () => {
    expect((await db().select({ name: couriers.name }).from(couriers)).map((c) => c.name).sort()).toEqual([
      "Leopards",
      "PostEx",
      "TCS",
    ]);
    // A parcel for every order that reached shipped, none for the others; the order names the parcel's courier and tracking number.
    const [{ unshipped, missing, mismatched }] = await rows<{
      unshipped: number;
      missing: number;
      mismatched: number;
    }>(sql`
      select
        count(*) filter (where s.id is not null and not exists (select 1 from order_status_history h where h.order_id = o.id and h.to_status = 'shipped'))::int as unshipped,
        count(*) filter (where s.id is null and exists (select 1 from order_status_history h where h.order_id = o.id and h.to_status = 'shipped'))::int as missing,
        count(*) filter (where s.id is not null and (o.courier_name <> c.name or o.tracking_number <> s.tracking_number or o.total <> s.cod_amount
          or o.delivered_at is distinct from s.delivered_at or s.booked_at > coalesce(s.delivered_at, s.returned_at, now())))::int as mismatched
      from orders o left join shipments s on s.order_id = o.id left join couriers c on c.id = s.courier_id`);
    expect({ unshipped, missing, mismatched }).toEqual({ unshipped: 0, missing: 0, mismatched: 0 });
    const parcels = await db().select().from(shipments);
    expect(parcels.length).toBeGreaterThan(100);
    for (const p of parcels) {
      expect(p.trackingNumber).toMatch(/^[A-Z0-9]{10,14}$/);
      expect(p.estimatedCharge).toBeGreaterThan(150);
      expect(courierStatusKind(p.lastCourierStatus ?? "")).toBe(
        p.deliveredAt ? "delivered" : p.returnedAt ? "returned" : "other",
      );
    }
    const [{ unordered }] = await rows<{ unordered: number }>(sql`
      select count(*)::int as unordered from shipments s where s.last_courier_status_at <> (select max(e.at) from shipment_events e where e.shipment_id = s.id)`);
    expect(unordered).toBe(0);

    // The views read realistic figures.
    const rates = await deliveryRates(db(), { days: 90, by: "courier", now: NOW });
    expect(rates.rows.map((r) => r.label).sort()).toEqual(["Leopards", "PostEx", "TCS"]);
    for (const row of rates.rows) {
      expect(row.deliveryRate).toBeGreaterThan(60);
      expect(row.avgDaysToDeliver).toBeGreaterThan(0.5);
      expect(row.avgDaysToDeliver).toBeLessThan(8);
    }
    expect((await deliveryRates(db(), { days: 30, by: "city", now: NOW })).rows.length).toBeGreaterThan(3);
  });

  it("settles most delivered parcels weekly, with totals that add up but for the discrepancies it records", async () => {
    const stored = await db().select().from(settlements);
    expect(stored.length).toBeGreaterThan(5);
    const parcels = await db().select().from(shipments);
    for (const s of stored) {
      const paid = parcels.filter((p) => p.settlementId === s.id);
      expect(paid.length).toBeGreaterThan(0);
      expect(s.paidOn < "2025-06-10").toBe(true);
      expect(s.expectedTotal).toBe(paid.reduce((sum, p) => sum + (p.deliveredAt ? p.codAmount : 0), 0));
      expect(s.chargesTotal).toBe(paid.reduce((sum, p) => sum + p.chargedAmount!, 0));
      expect(paid.every((p) => p.netPaid === p.collectedAmount! - p.chargedAmount!)).toBe(true);
    }
    // Delivered more than 17 days ago: nearly all paid for.
    const old = parcels.filter((p) => p.deliveredAt && p.deliveredAt.getTime() < NOW.getTime() - 17 * 86_400_000);
    expect(old.filter((p) => p.settlementId !== null).length / old.length).toBeGreaterThan(0.9);
    // Settled orders are the delivered ones a settlement paid for.
    const [{ wrong }] = await rows<{ wrong: number }>(sql`
      select count(*)::int as wrong from orders o left join shipments s on s.order_id = o.id
      where (o.payment_status = 'settled') <> (o.status = 'delivered' and s.settlement_id is not null)`);
    expect(wrong).toBe(0);

    const discrepancies = await db().select().from(shippingDiscrepancies);
    const kinds = new Set(discrepancies.map((d) => d.kind));
    expect([...kinds].sort()).toEqual([
      "amount-differs",
      "charge-above-estimate",
      "not-delivered",
      "not-settled",
      "total-differs",
    ]);
    for (const d of discrepancies.filter((x) => x.kind === "amount-differs")) {
      const parcel = parcels.find((p) => p.orderId === d.orderId)!;
      expect(d).toMatchObject({
        expected: parcel.codAmount,
        actual: parcel.collectedAmount,
        settlementId: parcel.settlementId,
      });
      expect(d.expected! - d.actual!).toBeGreaterThan(0);
      expect(d.expected! - d.actual!).toBeLessThanOrEqual(100);
    }
    expect(
      discrepancies.every(
        (d) => d.createdAt.getTime() <= NOW.getTime() && (!d.resolvedAt || d.resolvedAt.getTime() <= NOW.getTime()),
      ),
    ).toBe(true);
    const list = await listDiscrepancies(db(), { status: "open" });
    expect(list.open).toBeGreaterThan(0);
    expect(list.resolved).toBeGreaterThan(0);

    // Cash with couriers: the recent deliveries, a little of it overdue.
    const cash = await cashWithCouriers(db(), NOW);
    expect(cash.length).toBe(3);
    expect(cash.reduce((s, c) => s + c.amount, 0)).toBeGreaterThan(0);
  });

  it("refuses a database that already has orders unless forced", async () => {
    await expect(seedDemoData(db(), { products: 1, orders: 1, now: NOW })).rejects.toThrow(
      /already has 200 orders.*--force/,
    );
    const forced = await seedDemoData(db(), { products: 2, orders: 10, now: NOW, force: true, seed: 99 });
    expect(forced).toMatchObject({ products: 2, orders: 10 });
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orders);
    expect(n).toBe(210);
    // The couriers are the same three; every parcel has its own tracking number.
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(couriers),
    ).toEqual([{ n: 3 }]);
  });
});
