import { unitsSold } from "~/modules/catalog/list-inventory.server";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  cartItems,
  orderItems,
  orders,
  orderStatusHistory,
  productImages,
  products,
  productVariants,
  shopSettings,
  users,
} from "~/schema";
import { OUTBOX_CHANNEL } from "~/modules/messages/outbox.server";
import { LIVE_CHANNEL, parseLiveEvent } from "~/db/live-event";
import { AppError } from "~/lib/errors";
import { BLOCKED_PHONE_MESSAGE } from "~/modules/orders/cod-risk";
import { ORDER_NUMBER_PATTERN } from "~/modules/orders/order-number";
import { DATABASE_KINDS, useTestDatabase } from "../../tests/factories/test-database";
import { createTestBuyer } from "../../tests/factories/test-users";
import type { ShippingDetails } from "../modules/checkout/checkout-schema";
import { placeOrder } from "~/flows/place-order.server";

// Order numbers are random; a test can queue the ones it wants to force a collision.
const queuedOrderNumbers = vi.hoisted(() => [] as string[]);
vi.mock(import("~/modules/orders/order-number"), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    generateOrderNumber: (...args) => queuedOrderNumbers.shift() ?? actual.generateOrderNumber(...args),
  };
});

const SHIPPING: ShippingDetails = {
  fullName: "Ayesha Khan",
  email: "ayesha@example.pk",
  phone: "+923001234567",
  city: "Karachi",
  address: "House 12, Street 4, DHA Phase 6",
  postalCode: null,
  country: "Pakistan",
};

const TEE = { productId: "essential-crew-neck-tee", name: "Essential Crew Neck Tee", price: 1299 };
const CHINO = { productId: "slim-chino-trousers", name: "Slim Chino Trousers", price: 3299 };

describe.each(DATABASE_KINDS)("placing an order on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;

  const createBuyer = () => createTestBuyer(db(), "Test Buyer");

  /** Sets a variant's stock and returns its id. */
  async function setStock(productId: string, color: string, size: string, stock: number): Promise<number> {
    const [row] = await db()
      .update(productVariants)
      .set({ stock })
      .where(
        and(eq(productVariants.productId, productId), eq(productVariants.color, color), eq(productVariants.size, size)),
      )
      .returning({ id: productVariants.id });
    return row.id;
  }

  async function stockOf(variantId: number): Promise<number> {
    const [row] = await db()
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId));
    return row.stock;
  }

  /** Units sold as the owner's inventory counts them: order lines of orders not cancelled or returned. */
  async function salesOf(productId: string): Promise<number> {
    const [row] = await db().select({ sold: unitsSold }).from(products).where(eq(products.id, productId));
    return row.sold;
  }

  async function addToCartRow(userId: string, productId: string, variantId: number, quantity: number) {
    await db().insert(cartItems).values({ userId, productId, variantId, quantity, priceWhenAdded: 1 });
  }

  const cartOf = (userId: string) => db().select().from(cartItems).where(eq(cartItems.userId, userId));
  const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));

  it("orders the cart: totals from the database, stock taken, cart emptied, pending and unpaid", async () => {
    const buyer = await createBuyer();
    const tee = await setStock(TEE.productId, "Black", "M", 10);
    const chinoVariant = await setStock(CHINO.productId, "Brown", "M", 4);
    await addToCartRow(buyer, TEE.productId, tee, 2);
    await addToCartRow(buyer, CHINO.productId, chinoVariant, 1);
    const salesBefore = await salesOf(TEE.productId);
    const now = new Date("2025-06-02T10:00:00Z"); // a Monday

    const result = await placeOrder({ db: db(), now }, { userId: buyer, shipping: SHIPPING });

    expect(result.created).toBe(true);
    expect(result.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
    const [order] = await db().select().from(orders).where(eq(orders.id, result.orderId));
    const subtotal = 2 * TEE.price + CHINO.price;
    expect(order).toMatchObject({
      userId: buyer,
      orderNumber: result.orderNumber,
      status: "pending",
      paymentStatus: "unpaid",
      paymentMethod: "cod",
      subtotal,
      shippingFee: 200,
      total: subtotal + 200,
      phone: "+923001234567",
      city: "Karachi",
      fullName: "Ayesha Khan",
    });
    expect(order.deliveryFrom.getTime()).toBeGreaterThan(now.getTime());
    expect(order.deliveryTo.getTime()).toBeGreaterThan(order.deliveryFrom.getTime());
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, result.orderId));
    expect(items.map((i) => [i.name, i.color, i.size, i.price, i.quantity]).sort()).toEqual([
      [TEE.name, "Black", "M", TEE.price, 2],
      [CHINO.name, "Brown", "M", CHINO.price, 1],
    ]);
    expect(items.every((i) => typeof i.imageKey === "string" && i.imageKey.length > 0)).toBe(true);
    expect(await stockOf(tee)).toBe(8);
    expect(await stockOf(chinoVariant)).toBe(3);
    expect(await salesOf(TEE.productId)).toBe(salesBefore + 2);
    expect(await cartOf(buyer)).toHaveLength(0);
  });

  it("refuses an empty cart", async () => {
    const buyer = await createBuyer();
    await expect(placeOrder({ db: db() }, { userId: buyer, shipping: SHIPPING })).rejects.toMatchObject({
      code: "VALIDATION",
      message: "Your cart is empty",
    });
    await expect(placeOrder({ db: db() }, { userId: buyer, items: [], shipping: SHIPPING })).rejects.toMatchObject({
      code: "VALIDATION",
    });
    expect(await ordersOf(buyer)).toHaveLength(0);
  });

  it("Buy Now orders only the given item and leaves the cart as it was", async () => {
    const buyer = await createBuyer();
    const tee = await setStock(TEE.productId, "White", "L", 5);
    const other = await setStock(TEE.productId, "Navy", "L", 5);
    await addToCartRow(buyer, TEE.productId, other, 3);

    const result = await placeOrder(
      { db: db() },
      {
        userId: buyer,
        items: [{ productId: TEE.productId, color: "White", size: "L", quantity: 1 }],
        shipping: SHIPPING,
      },
    );

    const [order] = await db().select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({ subtotal: TEE.price, shippingFee: 200, total: TEE.price + 200 });
    expect(await stockOf(tee)).toBe(4);
    expect(await stockOf(other)).toBe(5);
    const cart = await cartOf(buyer);
    expect(cart.map((l) => [l.variantId, l.quantity])).toEqual([[other, 3]]);
    // The line shows the product's first photo at its smallest, as a cart order's does.
    const [photo] = await db()
      .select({ sources: productImages.sources })
      .from(productImages)
      .where(eq(productImages.productId, TEE.productId))
      .orderBy(productImages.position)
      .limit(1);
    const [line] = await db()
      .select({ imageKey: orderItems.imageKey })
      .from(orderItems)
      .where(eq(orderItems.orderId, result.orderId));
    expect(line.imageKey).toBe(photo.sources[0].key);
  });

  it("tells the buyer's other tabs (cart and orders) and the mail workers once the order commits, and nobody when it fails", async () => {
    const buyer = await createBuyer();
    const tee = await setStock(TEE.productId, "Black", "L", 1);
    const heard: string[] = [];
    const stops = await Promise.all([
      database.listen(LIVE_CHANNEL, (payload) => {
        const event = parseLiveEvent(payload);
        if (event?.userId === buyer) heard.push(event.topic);
      }),
      database.listen(OUTBOX_CHANNEL, (payload) => heard.push(`mail:${payload}`)),
    ]);
    try {
      await addToCartRow(buyer, TEE.productId, tee, 2);
      await expect(placeOrder({ db: db() }, { userId: buyer, shipping: SHIPPING })).rejects.toMatchObject({
        code: "OUT_OF_STOCK",
      });
      await db().update(cartItems).set({ quantity: 1 }).where(eq(cartItems.userId, buyer));
      await placeOrder({ db: db() }, { userId: buyer, shipping: SHIPPING });
      await expect.poll(() => heard.length, { timeout: 3000 }).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toEqual(["cart", "orders", "mail:queued"]);
    } finally {
      for (const stop of stops) await stop();
    }
  });

  it("merges the same item given twice into one line", async () => {
    const buyer = await createBuyer();
    const tee = await setStock(TEE.productId, "Gray", "S", 5);
    const line = { productId: TEE.productId, color: "Gray", size: "S" };
    const result = await placeOrder(
      { db: db() },
      {
        userId: buyer,
        items: [
          { ...line, quantity: 1 },
          { ...line, quantity: 2 },
        ],
        shipping: SHIPPING,
      },
    );
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, result.orderId));
    expect(items.map((i) => i.quantity)).toEqual([3]);
    expect(await stockOf(tee)).toBe(2);
  });

  it("ignores a price or total sent by the browser", async () => {
    const buyer = await createBuyer();
    await setStock(TEE.productId, "Black", "L", 5);
    const tampered = { productId: TEE.productId, color: "Black", size: "L", quantity: 2, price: 1, total: 1 } as never;
    const result = await placeOrder({ db: db() }, { userId: buyer, items: [tampered], shipping: SHIPPING });
    const [order] = await db().select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({ subtotal: 2 * TEE.price, total: 2 * TEE.price + 200 });
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, result.orderId));
    expect(item.price).toBe(TEE.price);
  });

  it("charges today's price, not the price when the item was added", async () => {
    const buyer = await createBuyer();
    const tee = await setStock(TEE.productId, "White", "M", 5);
    await addToCartRow(buyer, TEE.productId, tee, 1); // priceWhenAdded 1
    const result = await placeOrder({ db: db() }, { userId: buyer, shipping: SHIPPING });
    const [order] = await db().select().from(orders).where(eq(orders.id, result.orderId));
    expect(order.subtotal).toBe(TEE.price);
  });

  it("is idempotent: the same key twice makes one order and takes stock once", async () => {
    const buyer = await createBuyer();
    const tee = await setStock(TEE.productId, "Navy", "M", 5);
    await addToCartRow(buyer, TEE.productId, tee, 2);
    const input = { userId: buyer, shipping: SHIPPING, idempotencyKey: "checkout-1" };

    const first = await placeOrder({ db: db() }, input);
    // The cart is empty now, but the retried request still gets its order back.
    const second = await placeOrder({ db: db() }, input);

    expect(first.created).toBe(true);
    expect(second).toEqual({ ...first, created: false });
    expect(await ordersOf(buyer)).toHaveLength(1);
    expect(await stockOf(tee)).toBe(3);
  });

  it("is idempotent under a race: two concurrent requests with one key make one order", async () => {
    const buyer = await createBuyer();
    const tee = await setStock(TEE.productId, "Navy", "XL", 5);
    const input = {
      userId: buyer,
      items: [{ productId: TEE.productId, color: "Navy", size: "XL", quantity: 1 }],
      shipping: SHIPPING,
      idempotencyKey: "double-click",
    };

    const results = await Promise.all([placeOrder({ db: db() }, input), placeOrder({ db: db() }, input)]);

    expect(new Set(results.map((r) => r.orderId)).size).toBe(1);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(await ordersOf(buyer)).toHaveLength(1);
    expect(await stockOf(tee)).toBe(4);
  });

  it("is idempotent under a race from the cart, even for the last item in stock", async () => {
    const buyer = await createBuyer();
    const tee = await setStock(TEE.productId, "Black", "XS", 1);
    await addToCartRow(buyer, TEE.productId, tee, 1);
    const input = { userId: buyer, shipping: SHIPPING, idempotencyKey: "last-one" };

    const results = await Promise.all([placeOrder({ db: db() }, input), placeOrder({ db: db() }, input)]);

    expect(results[0].orderId).toBe(results[1].orderId);
    expect(await ordersOf(buyer)).toHaveLength(1);
    expect(await stockOf(tee)).toBe(0);
  });

  it("refuses more than is in stock, naming the item, and takes nothing", async () => {
    const buyer = await createBuyer();
    const chino = { id: await setStock(CHINO.productId, "Navy", "L", 6) };
    const tee = await setStock(TEE.productId, "Black", "XL", 2);
    await addToCartRow(buyer, CHINO.productId, chino.id, 1);
    await addToCartRow(buyer, TEE.productId, tee, 3);
    const salesBefore = await salesOf(CHINO.productId);

    const error = await placeOrder({ db: db() }, { userId: buyer, shipping: SHIPPING }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AppError);
    const message = `Only 2 left of ${TEE.name} (Black, XL). Please lower the quantity.`;
    expect(error).toMatchObject({ code: "OUT_OF_STOCK", message, fields: { items: message } });
    // The other line's stock was not taken either: the whole order rolled back.
    expect(await stockOf(tee)).toBe(2);
    expect(await stockOf(chino.id)).toBe(6);
    expect(await salesOf(CHINO.productId)).toBe(salesBefore);
    expect(await cartOf(buyer)).toHaveLength(2);
    expect(await ordersOf(buyer)).toHaveLength(0);
  });

  it("says plainly when an item is sold out", async () => {
    const buyer = await createBuyer();
    await setStock(TEE.productId, "Gray", "M", 0);
    await expect(
      placeOrder(
        { db: db() },
        {
          userId: buyer,
          items: [{ productId: TEE.productId, color: "Gray", size: "M", quantity: 1 }],
          shipping: SHIPPING,
        },
      ),
    ).rejects.toMatchObject({ code: "OUT_OF_STOCK", message: `${TEE.name} (Gray, M) is out of stock.` });
    expect(await ordersOf(buyer)).toHaveLength(0);
  });

  it("refuses coming-soon and draft products, unknown products and bad quantities", async () => {
    const buyer = await createBuyer();
    await expect(
      placeOrder(
        { db: db() },
        { userId: buyer, items: [{ productId: "quilted-bomber-jacket", quantity: 1 }], shipping: SHIPPING },
      ),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      placeOrder(
        { db: db() },
        { userId: buyer, items: [{ productId: "no-such-product", quantity: 1 }], shipping: SHIPPING },
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    for (const quantity of [0, -1, 1.5, 1000]) {
      await expect(
        placeOrder(
          { db: db() },
          { userId: buyer, items: [{ productId: TEE.productId, quantity }], shipping: SHIPPING },
        ),
      ).rejects.toMatchObject({ code: "VALIDATION" });
    }

    // A product in the cart that has since become a draft.
    const pocket = (
      await db().select().from(productVariants).where(eq(productVariants.productId, "pocket-tee")).limit(1)
    )[0];
    await db().update(productVariants).set({ stock: 5 }).where(eq(productVariants.id, pocket.id));
    await addToCartRow(buyer, "pocket-tee", pocket.id, 1);
    await db().update(products).set({ status: "draft" }).where(eq(products.id, "pocket-tee"));
    try {
      await expect(placeOrder({ db: db() }, { userId: buyer, shipping: SHIPPING })).rejects.toMatchObject({
        code: "CONFLICT",
      });
      expect(await stockOf(pocket.id)).toBe(5);
    } finally {
      await db().update(products).set({ status: "active" }).where(eq(products.id, "pocket-tee"));
    }
    expect(await ordersOf(buyer)).toHaveLength(0);
  });

  it("refuses a phone number that is not a Pakistani mobile", async () => {
    const buyer = await createBuyer();
    await expect(
      placeOrder(
        { db: db() },
        {
          userId: buyer,
          items: [{ productId: TEE.productId, quantity: 1 }],
          shipping: { ...SHIPPING, phone: "12345" },
        },
      ),
    ).rejects.toMatchObject({ code: "VALIDATION", fields: { phone: expect.any(String) } });
  });

  it("never oversells: 50 buyers racing for 5 units get exactly 5 orders", async () => {
    const variant = await setStock(TEE.productId, "White", "XXL", 5);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createBuyer()));

    const results = await Promise.allSettled(
      buyers.map((userId) =>
        placeOrder(
          { db: db() },
          {
            userId,
            items: [{ productId: TEE.productId, color: "White", size: "XXL", quantity: 1 }],
            shipping: SHIPPING,
          },
        ),
      ),
    );

    const fulfilled = results.filter((r) => r.status === "fulfilled");
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(fulfilled).toHaveLength(5);
    expect(rejected).toHaveLength(45);
    for (const r of rejected)
      expect(r.reason).toMatchObject({ code: "OUT_OF_STOCK", message: `${TEE.name} (White, XXL) is out of stock.` });
    expect(await stockOf(variant)).toBe(0);
    const [{ n }] = await db()
      .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
      .from(orderItems)
      .where(eq(orderItems.variantId, variant));
    expect(n).toBe(5);
  }, 120_000);

  it("gives every order its own number, even when a random number is already taken", async () => {
    const [a, b] = [await createBuyer(), await createBuyer()];
    await setStock(TEE.productId, "Black", "S", 10);
    await setStock(CHINO.productId, "Black", "S", 10);
    queuedOrderNumbers.push("ORD-777777", "ORD-777777", "ORD-888888");
    const teeItem = [{ productId: TEE.productId, color: "Black", size: "S", quantity: 1 }];
    // Different products, so on PostgreSQL both can reach the order number at once.
    const results = await Promise.all([
      placeOrder({ db: db() }, { userId: a, items: teeItem, shipping: SHIPPING }),
      placeOrder(
        { db: db() },
        {
          userId: b,
          items: [{ productId: CHINO.productId, color: "Black", size: "S", quantity: 1 }],
          shipping: SHIPPING,
        },
      ),
    ]);
    queuedOrderNumbers.length = 0;
    expect(results.map((r) => r.orderNumber).sort()).toEqual(["ORD-777777", "ORD-888888"]);
  });

  describe("COD risk controls in the shop settings", () => {
    afterAll(async () => db().update(shopSettings).set({ maxCodOrderValue: null, blockedPhones: [] }));

    it("refuses an order from a blocked phone number, in any way it is written, and takes nothing", async () => {
      const buyer = await createBuyer();
      const variantId = await setStock(TEE.productId, "White", "L", 10);
      await db()
        .update(shopSettings)
        .set({ blockedPhones: ["+923331234567"] });
      const attempt = placeOrder(
        { db: db() },
        {
          userId: buyer,
          items: [{ productId: TEE.productId, color: "White", size: "L", quantity: 1 }],
          shipping: { ...SHIPPING, phone: "0333-1234567" },
        },
      );
      await expect(attempt).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: BLOCKED_PHONE_MESSAGE,
        fields: { phone: BLOCKED_PHONE_MESSAGE },
      });
      expect(await stockOf(variantId)).toBe(10);
      expect(await ordersOf(buyer)).toEqual([]);
      // Another number orders as usual.
      await placeOrder(
        { db: db() },
        {
          userId: buyer,
          items: [{ productId: TEE.productId, color: "White", size: "L", quantity: 1 }],
          shipping: SHIPPING,
        },
      );
      expect(await stockOf(variantId)).toBe(9);
    });

    it("refuses an order above the COD limit and accepts one at the limit exactly", async () => {
      const buyer = await createBuyer();
      await setStock(TEE.productId, "White", "S", 10);
      // Two tees and shipping: 2 x 1299 + 200 = 2798.
      await db().update(shopSettings).set({ maxCodOrderValue: 2797, blockedPhones: [] });
      const items = [{ productId: TEE.productId, color: "White", size: "S", quantity: 2 }];
      await expect(placeOrder({ db: db() }, { userId: buyer, items, shipping: SHIPPING })).rejects.toMatchObject({
        code: "CONFLICT",
        message:
          "Cash on delivery is available for orders up to Rs 2,797. Please lower the order total or contact the shop.",
      });
      await db().update(shopSettings).set({ maxCodOrderValue: 2798 });
      const placed = await placeOrder({ db: db() }, { userId: buyer, items, shipping: SHIPPING });
      expect(placed.created).toBe(true);
    });
  });

  it("records the placing in the order's status history", async () => {
    const buyer = await createBuyer();
    await setStock(TEE.productId, "Black", "XL", 5);
    const placed = await placeOrder(
      { db: db() },
      {
        userId: buyer,
        items: [{ productId: TEE.productId, color: "Black", size: "XL", quantity: 1 }],
        shipping: SHIPPING,
      },
    );
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, placed.orderId));
    expect(history).toMatchObject([
      { fromStatus: null, toStatus: "pending", actorId: buyer, actorName: "Customer", note: null },
    ]);
  });

  it("takes an order the owner enters for a customer: same rules, marked with its channel, idempotent per owner", async () => {
    const ownerId = "owner-enters-orders";
    await db()
      .insert(users)
      .values({ id: ownerId, name: "Owner", email: "owner-enters@example.pk", role: "seller" })
      .onConflictDoNothing();
    const variantId = await setStock(CHINO.productId, "Navy", "M", 3);
    const [variant] = await db().select().from(productVariants).where(eq(productVariants.id, variantId));
    const input = {
      userId: null,
      items: [{ productId: CHINO.productId, color: variant.color, size: variant.size, quantity: 2 }],
      shipping: { ...SHIPPING, fullName: "Walk-in Caller", phone: "0321 7654321" },
      idempotencyKey: "owner-key-1",
      enteredBy: { actor: { id: ownerId, name: "Owner" }, channel: "whatsapp" as const },
    };
    const first = await placeOrder({ db: db() }, input);
    const again = await placeOrder({ db: db() }, input);
    expect(again).toEqual({ ...first, created: false });
    expect(await stockOf(variantId)).toBe(1);
    const [row] = await db().select().from(orders).where(eq(orders.id, first.orderId));
    expect(row).toMatchObject({
      channel: "whatsapp",
      placedBy: ownerId,
      userId: null,
      status: "pending",
      phone: "+923217654321",
      subtotal: 2 * CHINO.price,
      total: 2 * CHINO.price + 200,
    });
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, first.orderId));
    expect(history).toMatchObject([
      {
        fromStatus: null,
        toStatus: "pending",
        actorId: ownerId,
        actorName: "Owner",
        note: "WhatsApp order entered by the shop",
      },
    ]);
    // Stock rules hold for the owner too.
    await expect(placeOrder({ db: db() }, { ...input, idempotencyKey: "owner-key-2" })).rejects.toMatchObject({
      code: "OUT_OF_STOCK",
    });
    // Without items there is no cart to fall back on.
    await expect(
      placeOrder({ db: db() }, { ...input, items: [], idempotencyKey: "owner-key-3" }),
    ).rejects.toBeInstanceOf(AppError);
  });
});
