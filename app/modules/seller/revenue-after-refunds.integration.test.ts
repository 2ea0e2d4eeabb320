import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { orders, refunds, returnRequests, users } from "~/schema";
import type { OrderChannel, OrderStatus, RefundMethod } from "~/db/schema/statuses";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { getSellerFigures } from "./get-seller-figures.server";

// 2025-06-10 15:00 in Karachi.
const NOW = new Date("2025-06-10T10:00:00Z");
const at = (iso: string) => new Date(iso);

/** Revenue after returns (order-revenue.ts): refunds come off their delivered order, store credit spent counts in. */
describe.each(DATABASE_KINDS)("revenue after refunds on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "empty" });
  const db = () => database.db;
  let n = 0;

  async function order(o: {
    status: OrderStatus;
    total: number;
    storeCreditUsed?: number;
    channel?: OrderChannel;
    deliveredAt?: Date;
  }) {
    const id = randomUUID();
    n++;
    const storeCreditUsed = o.storeCreditUsed ?? 0;
    await db()
      .insert(orders)
      .values({
        id,
        orderNumber: `ORD-${String(200000 + n)}`,
        status: o.status,
        channel: o.channel ?? "web",
        paymentStatus: o.status === "delivered" ? "collected" : "unpaid",
        subtotal: o.total + storeCreditUsed,
        shippingFee: 0,
        storeCreditUsed,
        total: o.total,
        fullName: `Customer ${n}`,
        email: "c@example.pk",
        phone: "+923001234567",
        address: "1 Street",
        city: "Karachi",
        deliveryFrom: NOW,
        deliveryTo: NOW,
        createdAt: at("2025-06-01T08:00:00Z"),
        deliveredAt: o.deliveredAt ?? null,
      });
    return id;
  }

  async function refund(orderId: string, amount: number, method: RefundMethod = "jazzcash") {
    const [request] = await db()
      .insert(returnRequests)
      .values({ returnNumber: `RT-${String(300000 + n++)}`, orderId, reason: "wrong_size", status: "received" })
      .returning();
    await db().insert(refunds).values({ returnId: request.id, orderId, method, amount, recordedByName: "Owner" });
  }

  it("takes refunds off delivered orders, counts store credit spent, and leaves other orders' refunds out", async () => {
    await db().insert(users).values({ id: "buyer-1", name: "Buyer", email: "b@example.pk", role: "buyer" });
    // Delivered 9 June, Rs 3,000, half refunded by JazzCash.
    const half = await order({ status: "delivered", total: 3000, deliveredAt: at("2025-06-09T08:00:00Z") });
    await refund(half, 1500);
    // Delivered 9 June on WhatsApp, Rs 2,000 and returned and refunded in full as store credit: no revenue.
    const whole = await order({
      status: "delivered",
      total: 2000,
      channel: "whatsapp",
      deliveredAt: at("2025-06-09T09:00:00Z"),
    });
    await refund(whole, 2000, "store_credit");
    // Delivered 10 June: Rs 500 cash and Rs 2,000 of store credit spent.
    await order({ status: "delivered", total: 500, storeCreditUsed: 2000, deliveredAt: at("2025-06-10T06:00:00Z") });
    // A returned (void) order with a refund counts for nothing, and its refund takes nothing off the others.
    const voided = await order({ status: "returned", total: 4000, deliveredAt: at("2025-06-05T08:00:00Z") });
    await refund(voided, 4000, "cash");

    const figures = await getSellerFigures(db(), NOW);
    expect(figures.stats.totalRevenue).toBe(1500 + 0 + 2500);
    expect(figures.channels.find((c) => c.channel === "web")).toEqual({
      channel: "web",
      revenue: 1500 + 2500,
      orders: 2,
    });
    expect(figures.channels.find((c) => c.channel === "whatsapp")).toEqual({
      channel: "whatsapp",
      revenue: 0,
      orders: 1,
    });
    const day = (d: string) => figures.daily.find((x) => x.day === d)!.revenue;
    expect(day("2025-06-09")).toBe(1500);
    expect(day("2025-06-10")).toBe(2500);
    expect(day("2025-06-05")).toBe(0);
  });
});
