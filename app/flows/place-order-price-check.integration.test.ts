import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cartItems, orders, products, productVariants, scheduledSales, shopSettings, users } from "~/schema";
import { placeOrder, type PlaceOrderInput } from "~/flows/place-order.server";
import { CODE_CHANGES_TOTAL_MESSAGE, CREDIT_CHANGES_TOTAL_MESSAGE } from "~/http/place-order-action.server";
import { fieldErrors, type FormReply, formError, keptValue } from "~/lib/form-reply";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import type { ShippingDetails } from "~/modules/checkout/checkout-schema";
import { PRICES_CHANGED_MESSAGE } from "~/modules/checkout/order-request";
import { createDiscountCode } from "~/modules/promotions/manage-discount-codes.server";
import { createScheduledSale } from "~/modules/promotions/manage-scheduled-sales.server";
import { grantStoreCredit } from "~/modules/store-credit/store-credit.server";
import * as apiOrders from "~/routes/api/orders";
import * as checkout from "~/routes/storefront/checkout";
import { callRoute, routeContext, TEST_ORIGIN } from "../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../tests/factories/test-database";
import { createTestBuyer } from "../../tests/factories/test-users";

const SHIPPING: ShippingDetails = {
  fullName: "Ayesha Khan",
  email: "ayesha@example.pk",
  phone: "+923001234567",
  city: "Karachi",
  address: "House 12, Street 4, DHA Phase 6",
  postalCode: null,
  country: "Pakistan",
};
// Essential Crew Neck Tee, Rs 1,299; the shop's flat Rs 200 shipping (free from Rs 5,000).
const TEE = { productId: "essential-crew-neck-tee", price: 1299 };
const FEE = 200;
const TWO_TEES = 2 * TEE.price + FEE;
const item = { productId: TEE.productId, color: "White", size: "M", quantity: 2 };

/**
 * Issue 40: the total the buyer saw is checked again at Place Order, in the order's transaction. A
 * sale starting, a price edit or a new shipping fee since the page was drawn refuses the order
 * (PRICES_CHANGED, with the total now), and nothing changes: no order, stock and cart as they were.
 */
describe.each(DATABASE_KINDS)("the total the buyer saw, checked at Place Order, on %s", (kind) => {
  const database = useTestDatabase(kind, { settings: { shippingFee: FEE, freeShippingThreshold: 5000 } });
  const db = () => database.db;
  let variantId: number;

  beforeAll(async () => {
    const [row] = await db()
      .update(productVariants)
      .set({ stock: 50 })
      .where(
        and(
          eq(productVariants.productId, TEE.productId),
          eq(productVariants.color, item.color),
          eq(productVariants.size, item.size),
        ),
      )
      .returning({ id: productVariants.id });
    variantId = row.id;
  });
  // Each test starts from the shop as seeded: the tee at its price, no sale, the flat fee.
  afterEach(async () => {
    await db().update(products).set({ price: TEE.price }).where(eq(products.id, TEE.productId));
    await db().delete(scheduledSales);
    await db().update(shopSettings).set({ shippingFee: FEE });
  });

  const stock = async () =>
    (await db().select({ s: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId)))[0]
      .s;
  const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));
  const order = (userId: string, more: Partial<PlaceOrderInput> = {}) =>
    placeOrder({ db: db() }, { userId, items: [item], shipping: SHIPPING, ...more });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (e: { code: string; message: string; current?: unknown }) => ({
        code: e.code,
        message: e.message,
        current: e.current,
      }),
    );
  const money = (
    over: Partial<{
      subtotal: number;
      discountCode: string | null;
      discountTotal: number;
      shippingFee: number;
      storeCreditUsed: number;
      total: number;
    }>,
  ) => ({
    itemCount: 2,
    subtotal: 2 * TEE.price,
    discountCode: null,
    discountTotal: 0,
    shippingFee: FEE,
    storeCreditUsed: 0,
    total: TWO_TEES,
    ...over,
  });

  it("places the order when the total is the one shown", async () => {
    const buyer = await createTestBuyer(db());
    const placed = await order(buyer, { expectedTotal: TWO_TEES });
    expect((await ordersOf(buyer)).map((o) => [o.id, o.total])).toEqual([[placed.orderId, TWO_TEES]]);
  });

  it("a sale that started since: refused with the new total, nothing ordered, stock untouched", async () => {
    const buyer = await createTestBuyer(db());
    const before = await stock();
    const now = Date.now();
    await createScheduledSale(db(), {
      name: "Flash sale",
      percent: 10,
      startsAt: new Date(now - 60_000),
      endsAt: new Date(now + 3_600_000),
      appliesTo: "products",
      categorySlugs: [],
      productIds: [TEE.productId],
    });
    // 10 % off 1,299 leaves 1,169.1: the buyer pays 1,169 a tee.
    expect(await refusal(order(buyer, { expectedTotal: TWO_TEES }))).toEqual({
      code: "PRICES_CHANGED",
      message: PRICES_CHANGED_MESSAGE,
      current: money({ subtotal: 2 * 1169, total: 2 * 1169 + FEE }),
    });
    expect(await ordersOf(buyer)).toEqual([]);
    expect(await stock()).toBe(before);
    // Shown the new total, the buyer's next Place Order goes through at it.
    const placed = await order(buyer, { expectedTotal: 2 * 1169 + FEE });
    expect((await ordersOf(buyer)).map((o) => [o.id, o.subtotal, o.total])).toEqual([
      [placed.orderId, 2 * 1169, 2 * 1169 + FEE],
    ]);
    expect(await stock()).toBe(before - 2);
  });

  it("a price edit or a new shipping fee since: refused, and a cart order keeps the cart", async () => {
    const buyer = await createTestBuyer(db());
    await db()
      .insert(cartItems)
      .values({ userId: buyer, productId: TEE.productId, variantId, quantity: 2, priceWhenAdded: TEE.price });
    const before = await stock();
    const fromCart = (expectedTotal: number) =>
      placeOrder({ db: db() }, { userId: buyer, shipping: SHIPPING, expectedTotal });

    await db().update(products).set({ price: 1199 }).where(eq(products.id, TEE.productId));
    expect(await refusal(fromCart(TWO_TEES))).toMatchObject({
      code: "PRICES_CHANGED",
      current: money({ subtotal: 2398, total: 2398 + FEE }),
    });

    // The owner's new flat fee (Settings -> Shipping).
    await db().update(shopSettings).set({ shippingFee: 250 });
    expect(await refusal(fromCart(2398 + FEE))).toMatchObject({
      code: "PRICES_CHANGED",
      current: money({ subtotal: 2398, shippingFee: 250, total: 2398 + 250 }),
    });

    expect(await ordersOf(buyer)).toEqual([]);
    expect(await stock()).toBe(before);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, buyer))).toHaveLength(1);
    await fromCart(2398 + 250);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, buyer))).toEqual([]);
  });

  it("with a code and store credit, the total compared is the cash the page showed after both", async () => {
    const buyer = await createTestBuyer(db());
    await createDiscountCode(db(), {
      code: "TEE300",
      kind: "amount",
      value: 300,
      minOrder: null,
      maxUses: null,
      maxUsesPerCustomer: null,
      startsAt: null,
      endsAt: null,
      appliesTo: "all",
      categorySlugs: [],
      productIds: [],
      combinesWithSale: true,
    });
    await grantStoreCredit(db(), { userId: buyer, amount: 500, kind: "refund" });
    const cash = TWO_TEES - 300 - 500;
    // The total before the code or before the credit is not what the page showed.
    for (const stale of [TWO_TEES, TWO_TEES - 300]) {
      expect(
        await refusal(order(buyer, { discountCode: "TEE300", useStoreCredit: true, expectedTotal: stale })),
      ).toMatchObject({
        code: "PRICES_CHANGED",
        current: money({ discountCode: "TEE300", discountTotal: 300, storeCreditUsed: 500, total: cash }),
      });
    }
    const placed = await order(buyer, { discountCode: "TEE300", useStoreCredit: true, expectedTotal: cash });
    expect((await ordersOf(buyer)).map((o) => [o.id, o.discountTotal, o.storeCreditUsed, o.total])).toEqual([
      [placed.orderId, 300, 500, cash],
    ]);
  });

  describe("the API and the checkout page", () => {
    let context: AppLoadContext;
    let cookie: string;
    let buyerId: string;
    beforeAll(async () => {
      const made = await routeContext(db());
      context = made.context;
      const signUp = await made.auth.handler(
        new Request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.8.0.1" },
          body: JSON.stringify({
            name: "Price Buyer",
            email: `price-check-${kind}@example.pk`,
            password: "violet-kettle-monsoon-77",
          }),
        }),
      );
      expect(signUp.status).toBe(200);
      cookie = signUp.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      buyerId = (
        await db()
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, `price-check-${kind}@example.pk`))
      )[0].id;
    }, 300_000);

    const typed = {
      fullName: "Ayesha Khan",
      email: "ayesha@example.pk",
      phone: "0300 1234567",
      city: "Karachi",
      address: "House 12, DHA",
    };
    const post = (key: string, body: Record<string, unknown>) =>
      callRoute(apiOrders.action, {
        context,
        request: new Request(`${TEST_ORIGIN}/api/orders`, {
          method: "POST",
          headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json", "Idempotency-Key": key },
          body: JSON.stringify({ items: [item], shipping: typed, paymentMethod: "cod", ...body }),
        }),
      }) as Promise<Response>;

    it("POST /api/orders: a stale expectedTotal is 409 PRICES_CHANGED with the total now; the current one places it; a bad one is 400", async () => {
      await db().update(products).set({ price: 1199 }).where(eq(products.id, TEE.productId));
      const stale = await post("api-stale", { expectedTotal: TWO_TEES });
      expect(stale.status).toBe(409);
      expect(await stale.json()).toEqual({
        error: {
          code: "PRICES_CHANGED",
          message: PRICES_CHANGED_MESSAGE,
          current: money({ subtotal: 2398, total: 2398 + FEE }),
        },
      });
      expect(await ordersOf(buyerId)).toEqual([]);

      const bad = await post("api-bad", { expectedTotal: "2598" });
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toMatchObject({
        code: "VALIDATION",
        fields: { expectedTotal: "expectedTotal must be a whole number of rupees, 0 or more" },
      });

      // The same key again, now with the total the client was told: placed.
      const placed = await post("api-stale", { expectedTotal: 2398 + FEE });
      expect(placed.status).toBe(201);
      // Without expectedTotal the order is placed at the total now, as before.
      expect((await post("api-none", {})).status).toBe(201);
      expect((await ordersOf(buyerId)).map((o) => o.total)).toEqual([2398 + FEE, 2398 + FEE]);
    });

    it("the checkout page: Place Order at a stale total comes back with the new total, 'Prices changed since you opened checkout' and every field as typed", async () => {
      const submit = (fields: Record<string, string>) =>
        callRoute(checkout.action, {
          context,
          request: new Request(
            `${TEST_ORIGIN}/checkout?product=${TEE.productId}&color=${item.color}&size=${item.size}&quantity=2`,
            {
              method: "POST",
              headers: { cookie, origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.8.0.1" },
              body: new URLSearchParams({
                ...typed,
                postalCode: "75500",
                intent: "checkout",
                whatsappOptOut: "on",
                ...fields,
              }),
            },
          ),
        }) as Promise<{ data: FormReply & Record<string, unknown>; init: ResponseInit } | Response>;
      const before = (await ordersOf(buyerId)).length;
      const stockBefore = await stock();
      await createScheduledSale(db(), {
        name: "Flash sale",
        percent: 10,
        startsAt: new Date(Date.now() - 60_000),
        endsAt: new Date(Date.now() + 3_600_000),
        appliesTo: "products",
        categorySlugs: [],
        productIds: [TEE.productId],
      });

      const refused = (await submit({
        idempotencyKey: "page-1",
        expectedTotal: String(TWO_TEES),
        expectedTotalCode: "",
      })) as { data: FormReply & Record<string, unknown>; init: ResponseInit };
      expect(refused.init.status).toBe(409);
      expect(formError(refused.data)).toBe(PRICES_CHANGED_MESSAGE);
      expect(fieldErrors(refused.data)).toEqual({});
      expect(refused.data).toMatchObject({
        status: "error",
        pricesChanged: true,
        discount: null,
        totals: { itemCount: 2, subtotal: 2338, discountTotal: 0, shippingFee: FEE, total: 2338 + FEE },
        initialValue: { ...typed, postalCode: "75500", whatsappOptOut: "on" },
      });
      expect((await ordersOf(buyerId)).length).toBe(before);
      expect(await stock()).toBe(stockBefore);

      // A code typed but not applied that lowers the total: placed at that total (never more than shown).
      await createDiscountCode(db(), {
        code: "PAGE100",
        kind: "amount",
        value: 100,
        minOrder: null,
        maxUses: null,
        maxUsesPerCustomer: null,
        startsAt: null,
        endsAt: null,
        appliesTo: "all",
        categorySlugs: [],
        productIds: [],
        combinesWithSale: true,
      });
      const typedCode = (await submit({
        idempotencyKey: "page-1",
        expectedTotal: String(2338 + FEE),
        expectedTotalCode: "",
        discountCode: "page100",
      })) as Response;
      expect(typedCode.status).toBe(302);
      const orderId = typedCode.headers.get("location")!.replace("/orders/", "");
      expect((await db().select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({
        subtotal: 2338,
        discountTotal: 100,
        total: 2338 - 100 + FEE,
      });
      expect(await stock()).toBe(stockBefore - 2);

      // A code cleared without Apply raises the total: the page says so, with the total now.
      const cleared = (await submit({
        idempotencyKey: "page-3",
        expectedTotal: String(2338 - 100 + FEE),
        expectedTotalCode: "PAGE100",
        discountCode: "",
      })) as { data: FormReply & Record<string, unknown>; init: ResponseInit };
      expect(cleared.init.status).toBe(409);
      expect(formError(cleared.data)).toBe(CODE_CHANGES_TOTAL_MESSAGE);
      expect(cleared.data).toMatchObject({
        discount: null,
        totals: { subtotal: 2338, discountTotal: 0, total: 2338 + FEE },
      });
      expect(await stock()).toBe(stockBefore - 2);

      // Place Order again from the redrawn page: placed at the total it shows.
      const placed = (await submit({
        idempotencyKey: "page-3",
        expectedTotal: String(2338 + FEE),
        expectedTotalCode: "",
        discountCode: "",
      })) as Response;
      expect(placed.status).toBe(302);
      expect(await stock()).toBe(stockBefore - 4);

      // Without JavaScript the page showed the total with the store credit taken off; "Use my store
      // credit" unticked there asks for more cash than shown: refused, saying why, the box as left.
      await grantStoreCredit(db(), { userId: buyerId, amount: 500, kind: "refund" });
      const unticked = (await submit({
        idempotencyKey: "page-2",
        expectedTotal: String(2338 + FEE - 500),
        expectedTotalCode: "",
        storeCreditSeen: "500",
      })) as { data: FormReply & Record<string, unknown>; init: ResponseInit };
      expect(unticked.init.status).toBe(409);
      expect(formError(unticked.data)).toBe(CREDIT_CHANGES_TOTAL_MESSAGE);
      expect(unticked.data).toMatchObject({ totals: { total: 2338 + FEE } });
      // The box as left: unticked, so not sent.
      expect(keptValue(unticked.data, "useStoreCredit")).toBeUndefined();
      const cash = (await submit({
        idempotencyKey: "page-2",
        expectedTotal: String(2338 + FEE),
        expectedTotalCode: "",
        storeCreditSeen: "500",
      })) as Response;
      expect(cash.status).toBe(302);
    });
  });
});
