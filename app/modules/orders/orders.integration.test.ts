import { unitsSold } from "~/modules/catalog/list-inventory.server";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, products, productVariants, users } from "~/schema";
import type { ShippingDetails } from "~/modules/checkout/checkout-schema";
import { placeOrder } from "~/flows/place-order.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { cancelOrder } from "~/flows/cancel-order.server";
import { getOrder, type OrderViewer } from "./get-order.server";
import { listOrders } from "./list-orders.server";
import { trackOrder } from "./track-order.server";

const TEE = { productId: "essential-crew-neck-tee", name: "Essential Crew Neck Tee", price: 1299 };

const shippingFor = (fullName: string, phone: string): ShippingDetails => ({
  fullName,
  email: "buyer@example.pk",
  phone,
  city: "Lahore",
  address: "12 Mall Road",
  postalCode: "54000",
  country: "Pakistan",
});

describe.each(DATABASE_KINDS)("orders on %s", (kind) => {
  const database = useTestDatabase(kind);
  let variantId: number;
  const buyerA: OrderViewer = { id: "buyer-a", role: "buyer" };
  const buyerB: OrderViewer = { id: "buyer-b", role: "buyer" };
  const seller: OrderViewer = { id: "owner", role: "seller" };

  beforeAll(async () => {
    await database.db.insert(users).values([
      { id: buyerA.id, name: "Ayesha", email: "ayesha@example.pk", role: "buyer" },
      { id: buyerB.id, name: "Bilal", email: "bilal@example.pk", role: "buyer" },
      { id: seller.id, name: "Owner", email: "owner@example.pk", role: "seller" },
    ]);
    const [variant] = await database.db
      .update(productVariants)
      .set({ stock: 20 })
      .where(
        and(
          eq(productVariants.productId, TEE.productId),
          eq(productVariants.color, "Black"),
          eq(productVariants.size, "M"),
        ),
      )
      .returning({ id: productVariants.id });
    variantId = variant.id;
  }, 300_000);
  const db = () => database.db;

  const stock = async () =>
    (
      await db().select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId))
    )[0].stock;
  const order = (viewer: OrderViewer, quantity: number, phone = "+923001234567", now?: Date) =>
    placeOrder(
      { db: db(), now },
      {
        userId: viewer.id,
        items: [{ productId: TEE.productId, color: "Black", size: "M", quantity }],
        shipping: shippingFor(viewer.id === buyerA.id ? "Ayesha Khan" : "Bilal Ahmed", phone),
      },
    );

  it("shows a buyer only their own orders, newest first, and the seller every order", async () => {
    const older = await order(buyerA, 1, undefined, new Date("2025-05-01T09:00:00Z"));
    const newer = await order(buyerA, 2, undefined, new Date("2025-05-02T09:00:00Z"));
    const other = await order(buyerB, 1, "+923331112222", new Date("2025-05-03T09:00:00Z"));

    const mine = await listOrders(db(), buyerA);
    expect(mine.map((o) => o.id)).toEqual([newer.orderId, older.orderId]);
    expect(mine[0]).toMatchObject({
      orderNumber: newer.orderNumber,
      status: "pending",
      paymentStatus: "unpaid",
      paymentMethod: "cod",
      subtotal: 2 * TEE.price,
      shippingFee: 200,
      total: 2 * TEE.price + 200,
      fullName: "Ayesha Khan",
      city: "Lahore",
      country: "Pakistan",
      itemCount: 2,
    });
    expect(mine[0].items).toEqual([
      {
        productId: TEE.productId,
        name: TEE.name,
        color: "Black",
        size: "M",
        price: TEE.price,
        quantity: 2,
        imageKey: expect.any(String),
      },
    ]);
    expect((await listOrders(db(), buyerB)).map((o) => o.id)).toEqual([other.orderId]);

    const all = await listOrders(db(), seller);
    expect(all.map((o) => o.id)).toEqual([other.orderId, newer.orderId, older.orderId]);
    expect(await listOrders(db(), { id: "nobody", role: "buyer" })).toEqual([]);
  });

  it("gets an order with its items and ship-to details for its buyer and the seller only", async () => {
    const placed = await order(buyerA, 1);
    const mine = await getOrder(db(), buyerA, placed.orderId);
    expect(mine).toMatchObject({
      id: placed.orderId,
      orderNumber: placed.orderNumber,
      userId: buyerA.id,
      status: "pending",
      fullName: "Ayesha Khan",
      phone: "+923001234567",
      address: "12 Mall Road",
      city: "Lahore",
      postalCode: "54000",
      subtotal: TEE.price,
      shippingFee: 200,
      total: TEE.price + 200,
      items: [
        {
          productId: TEE.productId,
          variantId,
          name: TEE.name,
          color: "Black",
          size: "M",
          price: TEE.price,
          quantity: 1,
        },
      ],
    });
    expect(mine!.deliveryFrom).toBeInstanceOf(Date);
    expect(await getOrder(db(), seller, placed.orderId)).toMatchObject({ id: placed.orderId });

    // Another buyer learns nothing, whatever id they try.
    expect(await getOrder(db(), buyerB, placed.orderId)).toBeNull();
    expect(await getOrder(db(), buyerA, randomUUID())).toBeNull();
    expect(await getOrder(db(), buyerA, "not-a-uuid")).toBeNull();
    expect(await getOrder(db(), seller, "1; drop table orders")).toBeNull();
  });

  it("lets a buyer cancel their own pending order, puts the stock back and refuses a second cancel", async () => {
    const placed = await order(buyerA, 3);
    const before = await stock();
    const [{ sold: salesBefore }] = await db()
      .select({ sold: unitsSold })
      .from(products)
      .where(eq(products.id, TEE.productId));

    await expect(cancelOrder({ db: db() }, buyerB, placed.orderId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await stock()).toBe(before);

    expect(await cancelOrder({ db: db() }, buyerA, placed.orderId)).toEqual({
      orderId: placed.orderId,
      orderNumber: placed.orderNumber,
      status: "cancelled",
    });
    expect(await stock()).toBe(before + 3);
    const [{ sold: sales }] = await db()
      .select({ sold: unitsSold })
      .from(products)
      .where(eq(products.id, TEE.productId));
    expect(sales).toBe(salesBefore - 3);
    expect(await getOrder(db(), buyerA, placed.orderId)).toMatchObject({
      status: "cancelled",
      paymentStatus: "unpaid",
    });

    await expect(cancelOrder({ db: db() }, buyerA, placed.orderId)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This order can no longer be cancelled",
    });
    expect(await stock()).toBe(before + 3);
  });

  it("puts stock back once when two cancels race", async () => {
    const placed = await order(buyerA, 2);
    const before = await stock();
    const results = await Promise.allSettled([
      cancelOrder({ db: db() }, buyerA, placed.orderId),
      cancelOrder({ db: db() }, buyerA, placed.orderId),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await stock()).toBe(before + 2);
  });

  it("lets a buyer cancel a confirmed order but not one the shop is preparing or has shipped", async () => {
    const confirmed = await order(buyerA, 1);
    await db().update(orders).set({ status: "confirmed" }).where(eq(orders.id, confirmed.orderId));
    await expect(cancelOrder({ db: db() }, buyerA, confirmed.orderId)).resolves.toMatchObject({ status: "cancelled" });

    for (const status of ["processing", "shipped", "delivered", "returned"] as const) {
      const placed = await order(buyerA, 1);
      await db().update(orders).set({ status }).where(eq(orders.id, placed.orderId));
      const before = await stock();
      await expect(cancelOrder({ db: db() }, buyerA, placed.orderId)).rejects.toMatchObject({ code: "CONFLICT" });
      expect(await stock()).toBe(before);
    }
    await expect(cancelOrder({ db: db() }, buyerA, "not-a-uuid")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(cancelOrder({ db: db() }, buyerA, randomUUID())).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("lets the seller cancel an order the shop is still preparing", async () => {
    const placed = await order(buyerB, 1, "+923331112222");
    await db().update(orders).set({ status: "processing" }).where(eq(orders.id, placed.orderId));
    const before = await stock();
    await expect(cancelOrder({ db: db() }, seller, placed.orderId)).resolves.toMatchObject({ status: "cancelled" });
    expect(await stock()).toBe(before + 1);
  });

  it("tracks an order only with its number and the phone used on it, however they are written", async () => {
    const placed = await order(buyerA, 2, "+923001234567");
    await db()
      .update(orders)
      .set({ status: "shipped", courierName: "TCS", trackingNumber: "TCS123456" })
      .where(eq(orders.id, placed.orderId));
    const digits = placed.orderNumber.slice(4);

    const expected = {
      orderNumber: placed.orderNumber,
      status: "shipped",
      paymentStatus: "unpaid",
      city: "Lahore",
      courierName: "TCS",
      trackingNumber: "TCS123456",
      items: [{ name: TEE.name, color: "Black", size: "M", quantity: 2 }],
    };
    for (const [number, phone] of [
      [placed.orderNumber, "+923001234567"],
      [placed.orderNumber.toLowerCase(), "0300-1234567"],
      [digits, "0300 1234567"],
      [` ORD ${digits} `, "+92 300 1234567"],
    ]) {
      const tracked = await trackOrder(db(), number, phone);
      expect(tracked).toMatchObject(expected);
      expect(tracked!.deliveryFrom).toBeInstanceOf(Date);
      // Nothing personal beyond the city on a page anyone can try numbers on.
      expect(tracked).not.toHaveProperty("fullName");
      expect(tracked).not.toHaveProperty("address");
    }

    expect(await trackOrder(db(), placed.orderNumber, "0300 7654321")).toBeNull();
    expect(await trackOrder(db(), placed.orderNumber, "")).toBeNull();
    expect(await trackOrder(db(), placed.orderNumber, "not a phone")).toBeNull();
    expect(await trackOrder(db(), "ORD-000000", "0300 1234567")).toBeNull();
    expect(await trackOrder(db(), "garbage", "0300 1234567")).toBeNull();
  });
});
