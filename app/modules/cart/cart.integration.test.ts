import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products, productVariants } from "~/schema";
import { AppError } from "~/lib/errors";
import { LIVE_CHANNEL, parseLiveEvent, type LiveEvent } from "~/db/live-event";
import { setWishlisted } from "~/modules/wishlist/wishlist.server";
import { readShopperBadges } from "~/modules/accounts/shopper-badges.server";
import { openDatabase } from "~/db/client.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { listCartLines } from "./cart-lines.server";
import { addToCart, clearCart, removeCartItem, updateCartItem } from "./cart-mutations.server";
import { cartTotals } from "./cart-totals";

const TEE = "essential-crew-neck-tee";

describe.each(DATABASE_KINDS)("the cart on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;

  const createBuyer = () => createTestBuyer(db(), "Buyer");
  async function setStock(color: string, size: string, stock: number) {
    await db()
      .update(productVariants)
      .set({ stock })
      .where(and(eq(productVariants.productId, TEE), eq(productVariants.color, color), eq(productVariants.size, size)));
  }
  const codeOf = (fn: () => Promise<unknown>) =>
    fn().then(
      () => null,
      (e: unknown) => (e instanceof AppError ? e.code : e),
    );

  it("adding the same product, colour and size again raises the quantity of one line", async () => {
    const buyer = await createBuyer();
    await setStock("Black", "M", 20);
    await addToCart(db(), buyer, { productId: TEE, color: "Black", size: "M", quantity: 1 });
    const second = await addToCart(db(), buyer, { productId: TEE, color: "Black", size: "M", quantity: 2 });
    expect(second).toMatchObject({ quantity: 3, alreadyInCart: true, limitedByStock: false });
    await addToCart(db(), buyer, { productId: TEE, color: "White", size: "M", quantity: 1 });
    const lines = await listCartLines(db(), buyer);
    expect(lines.map((l) => `${l.color}/${l.size} x${l.quantity}`).sort()).toEqual(["Black/M x3", "White/M x1"]);
    expect((await readShopperBadges(db(), buyer)).cartCount).toBe(4);
  });

  it("never holds more than the variant's stock, and never less than 1", async () => {
    const buyer = await createBuyer();
    await setStock("Black", "L", 3);
    const added = await addToCart(db(), buyer, { productId: TEE, color: "Black", size: "L", quantity: 5 });
    expect(added).toMatchObject({ quantity: 3, limitedByStock: true });
    expect(await codeOf(() => updateCartItem(db(), buyer, added.itemId, 4))).toBe("OUT_OF_STOCK");
    expect(await codeOf(() => updateCartItem(db(), buyer, added.itemId, 0))).toBe("VALIDATION");
    await updateCartItem(db(), buyer, added.itemId, 2);
    expect((await listCartLines(db(), buyer))[0].quantity).toBe(2);
    // The API asks to be refused rather than filled up to the stock.
    expect(
      await codeOf(() =>
        addToCart(db(), buyer, { productId: TEE, color: "Black", size: "L", quantity: 2 }, { beyondStock: "refuse" }),
      ),
    ).toBe("OUT_OF_STOCK");
    expect((await listCartLines(db(), buyer))[0].quantity).toBe(2);
    await setStock("Black", "L", 0);
    expect(await codeOf(() => addToCart(db(), buyer, { productId: TEE, color: "Black", size: "L", quantity: 1 }))).toBe(
      "OUT_OF_STOCK",
    );
  });

  it("quick add without colour and size takes the first combination in stock", async () => {
    const buyer = await createBuyer();
    const added = await addToCart(db(), buyer, { productId: TEE, quantity: 1 });
    const [variant] = await db()
      .select()
      .from(productVariants)
      .where(
        and(
          eq(productVariants.productId, TEE),
          eq(productVariants.color, added.color),
          eq(productVariants.size, added.size),
        ),
      );
    expect(variant.stock).toBeGreaterThan(0);
  });

  it("refuses coming-soon and unknown products", async () => {
    const buyer = await createBuyer();
    const [comingSoon] = await db()
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, "coming-soon"))
      .limit(1);
    expect(await codeOf(() => addToCart(db(), buyer, { productId: comingSoon.id, quantity: 1 }))).toBe("CONFLICT");
    expect(await codeOf(() => addToCart(db(), buyer, { productId: "no-such-product", quantity: 1 }))).toBe("NOT_FOUND");
  });

  it("shows today's price and stock beside the price when added; totals use today's price", async () => {
    const buyer = await createBuyer();
    await setStock("Black", "S", 10);
    await addToCart(db(), buyer, { productId: TEE, color: "Black", size: "S", quantity: 2 });
    const [{ price }] = await db().select({ price: products.price }).from(products).where(eq(products.id, TEE));
    await db()
      .update(products)
      .set({ price: price + 100 })
      .where(eq(products.id, TEE));
    await setStock("Black", "S", 1);
    try {
      const [line] = await listCartLines(db(), buyer);
      expect(line).toMatchObject({ price: price + 100, priceWhenAdded: price, stock: 1, quantity: 2 });
      expect(cartTotals([line], { shippingFee: 200, freeShippingThreshold: null })).toEqual({
        itemCount: 2,
        subtotal: (price + 100) * 2,
        discountTotal: 0,
        shippingFee: 200,
        total: (price + 100) * 2 + 200,
      });
    } finally {
      await db().update(products).set({ price }).where(eq(products.id, TEE));
    }
  });

  it("one buyer can neither see nor change another buyer's cart lines", async () => {
    const alice = await createBuyer();
    const bob = await createBuyer();
    const line = await addToCart(db(), alice, { productId: TEE, quantity: 1 });
    expect(await listCartLines(db(), bob)).toEqual([]);
    expect(await codeOf(() => updateCartItem(db(), bob, line.itemId, 1))).toBe("NOT_FOUND");
    expect(await codeOf(() => removeCartItem(db(), bob, line.itemId))).toBe("NOT_FOUND");
    expect(await codeOf(() => removeCartItem(db(), bob, "not-a-cart-line-id"))).toBe("NOT_FOUND");
    await clearCart(db(), bob);
    expect(await listCartLines(db(), alice)).toHaveLength(1);
    await removeCartItem(db(), alice, line.itemId);
    expect(await listCartLines(db(), alice)).toEqual([]);
  });

  it("keeps wishlists apart per buyer", async () => {
    const alice = await createBuyer();
    const bob = await createBuyer();
    await setWishlisted(db(), alice, TEE, true);
    await setWishlisted(db(), alice, TEE, true);
    expect((await readShopperBadges(db(), alice)).wishlist).toEqual([TEE]);
    expect((await readShopperBadges(db(), bob)).wishlist).toEqual([]);
    await setWishlisted(db(), bob, TEE, false);
    expect((await readShopperBadges(db(), alice)).wishlist).toEqual([TEE]);
  });

  it("announces cart changes on the live channel once they are committed", async () => {
    const buyer = await createBuyer();
    const heard: LiveEvent[] = [];
    const stop = await database.listen(LIVE_CHANNEL, (payload) => {
      const event = parseLiveEvent(payload);
      if (event?.userId === buyer) heard.push(event);
    });
    try {
      await addToCart(db(), buyer, { productId: TEE, quantity: 1 });
      // A rolled-back change is never announced.
      await db()
        .transaction(async (tx) => {
          await clearCart(tx, buyer);
          tx.rollback();
        })
        .catch(() => {});
      await expect.poll(() => heard.length, { timeout: 3000 }).toBe(1);
      expect(heard[0]).toEqual({ topic: "cart", userId: buyer });
      await clearCart(db(), buyer);
      await expect.poll(() => heard.length, { timeout: 3000 }).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toHaveLength(2);
    } finally {
      await stop();
    }
  });

  it.runIf(kind === "postgres")("reaches a second server process on the same PostgreSQL", async () => {
    // Another app process: its own pool and its own LISTEN connection.
    const other = await openDatabase({ databaseUrl: database.url, dataDir: "" });
    const buyer = await createBuyer();
    const heard: LiveEvent[] = [];
    const stop = await other.listen(LIVE_CHANNEL, (payload) => {
      const event = parseLiveEvent(payload);
      if (event?.userId === buyer) heard.push(event);
    });
    try {
      await addToCart(db(), buyer, { productId: TEE, quantity: 1 });
      await expect.poll(() => heard, { timeout: 3000 }).toEqual([{ topic: "cart", userId: buyer }]);
    } finally {
      await stop();
      await other.close();
    }
  });
});
