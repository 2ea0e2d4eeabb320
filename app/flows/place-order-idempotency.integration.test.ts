import { and, eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { cartItems, orderItems, orders, productVariants } from "~/schema";
import { listCartLines } from "~/modules/cart/cart-lines.server";
import { DATABASE_KINDS, useTestDatabase } from "../../tests/factories/test-database";
import { createTestBuyer } from "../../tests/factories/test-users";
import type { ShippingDetails } from "../modules/checkout/checkout-schema";
import { cartVersionOf } from "../modules/checkout/order-fingerprint";
import { placeOrder } from "~/flows/place-order.server";
import { CART_CHANGED_MESSAGE, KEY_REUSED_MESSAGE } from "~/modules/checkout/order-request";

const SHIPPING: ShippingDetails = {
  fullName: "Ayesha Khan",
  email: "ayesha@example.pk",
  phone: "+923001234567",
  city: "Karachi",
  address: "House 12, Street 4, DHA Phase 6",
  postalCode: null,
  country: "Pakistan",
};
const TEE = "essential-crew-neck-tee";

/** Idempotency is one request, not one key; a cart changed during checkout is ordered or refused, never lost. */
describe.each(DATABASE_KINDS)("order idempotency and the cart on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;

  async function variant(color: string, size: string, stock: number): Promise<number> {
    const [row] = await db()
      .update(productVariants)
      .set({ stock })
      .where(and(eq(productVariants.productId, TEE), eq(productVariants.color, color), eq(productVariants.size, size)))
      .returning({ id: productVariants.id });
    return row.id;
  }
  const stockOf = async (id: number) =>
    (await db().select({ s: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id)))[0].s;
  const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));

  it("answers the same key and the same request with the first order, and refuses it with another request (422), making nothing", async () => {
    const buyer = await createTestBuyer(db());
    const tee = await variant("Black", "S", 10);
    const item = { productId: TEE, color: "Black", size: "S", quantity: 1 };
    const first = await placeOrder(
      { db: db() },
      { userId: buyer, items: [item], shipping: SHIPPING, idempotencyKey: "k-1" },
    );
    expect(first.created).toBe(true);
    // Spacing and the e-mail's letter case do not make another request.
    const again = await placeOrder(
      { db: db() },
      {
        userId: buyer,
        items: [item],
        shipping: { ...SHIPPING, email: " AYESHA@example.pk", fullName: "Ayesha  Khan" },
        idempotencyKey: "k-1",
      },
    );
    expect(again).toEqual({ ...first, created: false });

    for (const changed of [
      { items: [{ ...item, quantity: 2 }], shipping: SHIPPING },
      { items: [{ ...item, color: "White" }], shipping: SHIPPING },
      { items: [item], shipping: { ...SHIPPING, address: "Flat 3, Gulberg III" } },
      { items: [item], shipping: { ...SHIPPING, city: "Lahore" } },
      { items: undefined, shipping: SHIPPING },
    ]) {
      await expect(
        placeOrder({ db: db() }, { userId: buyer, ...changed, idempotencyKey: "k-1" }),
      ).rejects.toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED", status: 422, message: KEY_REUSED_MESSAGE });
    }
    expect(await ordersOf(buyer)).toHaveLength(1);
    expect(await stockOf(tee)).toBe(9);
  });

  it("refuses to order a cart that changed since the checkout page showed it", async () => {
    const buyer = await createTestBuyer(db());
    const tee = await variant("Navy", "S", 10);
    await db()
      .insert(cartItems)
      .values({ userId: buyer, productId: TEE, variantId: tee, quantity: 2, priceWhenAdded: 1 });
    const shown = cartVersionOf(await listCartLines(db(), buyer));
    await db().update(cartItems).set({ quantity: 3 }).where(eq(cartItems.userId, buyer));
    await expect(
      placeOrder({ db: db() }, { userId: buyer, shipping: SHIPPING, cartVersion: shown, idempotencyKey: "cart-1" }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: CART_CHANGED_MESSAGE });
    expect(await ordersOf(buyer)).toHaveLength(0);
    expect(await stockOf(tee)).toBe(10);
    const now = cartVersionOf(await listCartLines(db(), buyer));
    const placed = await placeOrder(
      { db: db() },
      { userId: buyer, shipping: SHIPPING, cartVersion: now, idempotencyKey: "cart-2" },
    );
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(items.map((i) => i.quantity)).toEqual([3]);
  });

  it.runIf(kind === "postgres")(
    "orders a quantity changed while checkout runs, never ordering the old one and dropping the new",
    async () => {
      const buyer = await createTestBuyer(db());
      const tee = await variant("Gray", "S", 10);
      const [line] = await db()
        .insert(cartItems)
        .values({ userId: buyer, productId: TEE, variantId: tee, quantity: 2, priceWhenAdded: 1 })
        .returning();
      // Another request (the buyer's other tab) is changing the quantity, not yet committed.
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query("begin");
        await other.query("update cart_items set quantity = 5 where id = $1", [line.id]);
        const placing = placeOrder({ db: db() }, { userId: buyer, shipping: SHIPPING });
        await new Promise((resolve) => setTimeout(resolve, 300));
        await other.query("commit");
        const placed = await placing;
        const items = await db().select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
        expect(items.map((i) => i.quantity)).toEqual([5]);
        expect(await stockOf(tee)).toBe(5);
        expect(await db().select().from(cartItems).where(eq(cartItems.userId, buyer))).toHaveLength(0);
      } finally {
        await other.end();
      }
    },
  );
});
