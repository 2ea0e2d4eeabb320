import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, messageOutbox, orders, productVariants, shopSettings, storeCreditEntries, users } from "~/schema";
import { fieldErrors, type FormReply, formError, keptValues } from "~/lib/form-reply";
import { cancelOrder } from "~/flows/cancel-order.server";
import { moveOrder } from "~/flows/move-order.server";
import { placeOrder, type PlaceOrderInput } from "~/flows/place-order.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import type { ShippingDetails } from "~/modules/checkout/checkout-schema";
import { KEY_REUSED_MESSAGE } from "~/modules/checkout/order-request";
import type { OrderEmailData } from "~/modules/messages/email-messages";
import { renderEmail } from "~/modules/messages/render-email.server";
import { storeCreditBalance } from "~/modules/store-credit/read-store-credit.server";
import { grantStoreCredit } from "~/modules/store-credit/store-credit.server";
import { STORE_CREDIT_CHANGED_MESSAGE } from "~/modules/store-credit/store-credit-rules";
import * as apiOrder from "~/routes/api/order";
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
const TEE = { productId: "essential-crew-neck-tee", price: 1299 };
// One tee and Rs 200 shipping.
const ONE_TEE_DUE = TEE.price + 200;
const OWNER = { id: "credit-flow-owner", name: "Owner" };

/** Store credit spent at checkout: partly, wholly, once under races and retries, and given back once. */
describe.each(DATABASE_KINDS)("placing an order with store credit on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let variantId: number;

  beforeAll(async () => {
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "credit-owner@example.pk", role: "seller" });
    const [row] = await db()
      .update(productVariants)
      .set({ stock: 500 })
      .where(
        and(
          eq(productVariants.productId, TEE.productId),
          eq(productVariants.color, "White"),
          eq(productVariants.size, "M"),
        ),
      )
      .returning({ id: productVariants.id });
    variantId = row.id;
  });

  const item = { productId: TEE.productId, color: "White", size: "M", quantity: 1 };
  const stock = async () =>
    (await db().select({ s: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId)))[0]
      .s;
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));
  const entriesOf = (userId: string) =>
    db().select().from(storeCreditEntries).where(eq(storeCreditEntries.userId, userId)).orderBy(storeCreditEntries.id);
  async function buyerWithCredit(amount: number): Promise<string> {
    const buyer = await createTestBuyer(db());
    if (amount > 0) await grantStoreCredit(db(), { userId: buyer, amount, kind: "refund" });
    return buyer;
  }
  const order = (userId: string, more: Partial<PlaceOrderInput> = {}) =>
    placeOrder({ db: db() }, { userId, items: [item], shipping: SHIPPING, useStoreCredit: true, ...more });

  it("partial credit: the credit pays what it can, the order's total is the cash left, and the spend is in the history", async () => {
    const buyer = await buyerWithCredit(1000);
    const placed = await order(buyer);
    expect(placed).toMatchObject({ created: true, storeCreditUsed: 1000 });
    expect(await orderRow(placed.orderId)).toMatchObject({
      subtotal: TEE.price,
      shippingFee: 200,
      discountTotal: 0,
      storeCreditUsed: 1000,
      total: ONE_TEE_DUE - 1000,
    });
    expect(await storeCreditBalance(db(), buyer)).toBe(0);
    expect((await entriesOf(buyer)).map((e) => [e.kind, e.amount, e.orderId])).toEqual([
      ["refund", 1000, null],
      ["spent", -1000, placed.orderId],
    ]);

    // The buyer's confirmation e-mail has the credit's line and asks for the cash left only.
    const [mail] = await db()
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, placed.orderId), eq(messageOutbox.kind, "order_placed")));
    expect(mail.data).toMatchObject({ storeCreditUsed: 1000, total: ONE_TEE_DUE - 1000 });
    const shop = {
      name: "Kapra",
      publicUrl: "http://shop.test",
      contactEmail: "shop@example.pk",
      phone: "0300 0000000",
      address: "1 Mall Road",
      city: "Lahore",
    };
    const { text } = await renderEmail("order_placed", mail.data as OrderEmailData, shop);
    expect(text).toMatch(/Store credit\s+−PKR 1,000/);
    expect(text).toContain("please have PKR 499 ready for the rider");
  });

  it("full credit: an order the credit covers has Rs 0 to collect, and the rest of the credit stays", async () => {
    const buyer = await buyerWithCredit(5000);
    const placed = await order(buyer);
    expect(await orderRow(placed.orderId)).toMatchObject({
      storeCreditUsed: ONE_TEE_DUE,
      total: 0,
      paymentMethod: "cod",
      status: "pending",
    });
    expect(await storeCreditBalance(db(), buyer)).toBe(5000 - ONE_TEE_DUE);
  });

  it("without useStoreCredit the credit is left alone; with it and no credit at all the order is refused", async () => {
    const buyer = await buyerWithCredit(800);
    const plain = await order(buyer, { useStoreCredit: false });
    expect(await orderRow(plain.orderId)).toMatchObject({ storeCreditUsed: 0, total: ONE_TEE_DUE });
    expect(await storeCreditBalance(db(), buyer)).toBe(800);

    const none = await buyerWithCredit(0);
    await expect(order(none)).rejects.toMatchObject({
      code: "CONFLICT",
      message: STORE_CREDIT_CHANGED_MESSAGE,
      fields: { storeCredit: STORE_CREDIT_CHANGED_MESSAGE },
    });
    expect(await ordersOf(none)).toEqual([]);
  });

  it("an order the owner enters for a customer never spends anyone's credit", async () => {
    const placed = await placeOrder(
      { db: db() },
      {
        userId: null,
        items: [item],
        shipping: SHIPPING,
        useStoreCredit: true,
        enteredBy: { actor: OWNER, channel: "phone" },
      },
    );
    expect(await orderRow(placed.orderId)).toMatchObject({ storeCreditUsed: 0, total: ONE_TEE_DUE });
  });

  it("two orders racing for the whole balance: exactly one spends it, the other is refused and takes nothing", async () => {
    // Less than one order costs: each order wants all of it.
    const buyer = await buyerWithCredit(1000);
    const stockBefore = await stock();
    const results = await Promise.allSettled([
      order(buyer, { idempotencyKey: "race-a" }),
      order(buyer, { idempotencyKey: "race-b" }),
    ]);

    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0].reason).toMatchObject({ code: "CONFLICT", message: STORE_CREDIT_CHANGED_MESSAGE });
    expect(await ordersOf(buyer)).toHaveLength(1);
    expect(await storeCreditBalance(db(), buyer)).toBe(0);
    expect((await entriesOf(buyer)).filter((e) => e.kind === "spent").map((e) => e.amount)).toEqual([-1000]);
    expect(await stock()).toBe(stockBefore - 1);
  });

  it("a cart order whose page showed another balance is refused and the cart is kept", async () => {
    const buyer = await buyerWithCredit(2000);
    await db()
      .insert(cartItems)
      .values({ userId: buyer, productId: TEE.productId, variantId, quantity: 1, priceWhenAdded: TEE.price });
    // Another tab's Buy Now spent part of the credit after the checkout page showed Rs 2,000.
    await order(buyer, { storeCreditSeen: 2000 });
    const stale = placeOrder(
      { db: db() },
      { userId: buyer, shipping: SHIPPING, useStoreCredit: true, storeCreditSeen: 2000 },
    );
    await expect(stale).rejects.toMatchObject({ code: "CONFLICT", message: STORE_CREDIT_CHANGED_MESSAGE });
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, buyer))).toHaveLength(1);
    expect(await ordersOf(buyer)).toHaveLength(1);
    // With the balance the page now shows, it goes through.
    const fresh = await placeOrder(
      { db: db() },
      { userId: buyer, shipping: SHIPPING, useStoreCredit: true, storeCreditSeen: 2000 - ONE_TEE_DUE },
    );
    expect(fresh.storeCreditUsed).toBe(2000 - ONE_TEE_DUE);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, buyer))).toEqual([]);
  });

  it("an idempotent retry answers the first order and never spends twice, even when the twins race", async () => {
    const buyer = await buyerWithCredit(4000);
    const first = await order(buyer, { idempotencyKey: "retry-1" });
    const again = await order(buyer, { idempotencyKey: "retry-1" });
    expect(again).toEqual({ ...first, created: false });
    expect(first.storeCreditUsed).toBe(ONE_TEE_DUE);
    // The same key without credit is another request.
    await expect(order(buyer, { idempotencyKey: "retry-1", useStoreCredit: false })).rejects.toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      message: KEY_REUSED_MESSAGE,
    });

    const twins = await Promise.all([
      order(buyer, { idempotencyKey: "retry-2" }),
      order(buyer, { idempotencyKey: "retry-2" }),
    ]);
    expect(twins[0].orderId).toBe(twins[1].orderId);
    expect(await ordersOf(buyer)).toHaveLength(2);
    expect(await storeCreditBalance(db(), buyer)).toBe(4000 - 2 * ONE_TEE_DUE);
    expect((await entriesOf(buyer)).filter((e) => e.kind === "spent").map((e) => e.amount)).toEqual([
      -ONE_TEE_DUE,
      -ONE_TEE_DUE,
    ]);
  });

  describe("the COD limit counts the cash part only", () => {
    afterAll(async () => db().update(shopSettings).set({ maxCodOrderValue: null }));

    it("an order above the limit goes through when credit brings the cash under it", async () => {
      await db().update(shopSettings).set({ maxCodOrderValue: 1000 });
      const buyer = await buyerWithCredit(600);
      await expect(order(buyer, { useStoreCredit: false })).rejects.toMatchObject({
        code: "CONFLICT",
        message: expect.stringContaining("Rs 1,000"),
      });
      const placed = await order(buyer);
      expect(await orderRow(placed.orderId)).toMatchObject({ storeCreditUsed: 600, total: ONE_TEE_DUE - 600 });
    });
  });

  it("cancelling gives the credit back exactly once, in the cancel's transaction (buyer, twice)", async () => {
    const buyer = await buyerWithCredit(1200);
    const placed = await order(buyer);
    expect(await storeCreditBalance(db(), buyer)).toBe(0);

    await cancelOrder({ db: db() }, { id: buyer, role: "buyer" }, placed.orderId);
    await expect(cancelOrder({ db: db() }, { id: buyer, role: "buyer" }, placed.orderId)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await storeCreditBalance(db(), buyer)).toBe(1200);
    expect((await entriesOf(buyer)).map((e) => [e.kind, e.amount, e.note])).toEqual([
      ["refund", 1200, null],
      ["spent", -1200, null],
      ["restored", 1200, "cancelled"],
    ]);
    expect(await orderRow(placed.orderId)).toMatchObject({ status: "cancelled", storeCreditUsed: 1200 });
  });

  it("two cancels at once (buyer and owner) give it back once", async () => {
    const buyer = await buyerWithCredit(900);
    const placed = await order(buyer);
    const results = await Promise.allSettled([
      cancelOrder({ db: db() }, { id: buyer, role: "buyer" }, placed.orderId),
      cancelOrder({ db: db() }, { id: OWNER.id, role: "seller", name: OWNER.name }, placed.orderId),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await storeCreditBalance(db(), buyer)).toBe(900);
    expect((await entriesOf(buyer)).filter((e) => e.kind === "restored")).toHaveLength(1);
  });

  it("an order refused at the door (shipped, then returned) gives its credit back, saying returned", async () => {
    const buyer = await buyerWithCredit(700);
    const placed = await order(buyer);
    for (const status of ["confirmed", "processing", "shipped", "returned"] as const)
      await moveOrder({ db: db() }, OWNER, placed.orderId, { status });
    expect(await storeCreditBalance(db(), buyer)).toBe(700);
    expect((await entriesOf(buyer)).at(-1)).toMatchObject({
      kind: "restored",
      amount: 700,
      note: "returned",
      orderId: placed.orderId,
    });
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
          headers: { "content-type": "application/json", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.6.0.1" },
          body: JSON.stringify({
            name: "Credit Buyer",
            email: `credit-api-${kind}@example.pk`,
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
          .where(eq(users.email, `credit-api-${kind}@example.pk`))
      )[0].id;
    }, 300_000);

    const apiShipping = {
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
          body: JSON.stringify({ items: [item], shipping: apiShipping, paymentMethod: "cod", ...body }),
        }),
      }) as Promise<Response>;

    it("POST /api/orders takes useStoreCredit (default false), answers storeCreditUsed, and GET /api/orders/{id} carries it", async () => {
      await grantStoreCredit(db(), { userId: buyerId, amount: 1000, kind: "refund" });
      const plain = await post("api-plain", {});
      expect(plain.status).toBe(201);
      expect((await plain.json()).data).toMatchObject({ storeCreditUsed: 0 });
      expect(await storeCreditBalance(db(), buyerId)).toBe(1000);

      const bad = await post("api-bad", { useStoreCredit: "yes" });
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toMatchObject({
        code: "VALIDATION",
        fields: { useStoreCredit: "useStoreCredit must be true or false" },
      });

      const paid = await post("api-credit", { useStoreCredit: true });
      expect(paid.status).toBe(201);
      const { data } = await paid.json();
      expect(data.storeCreditUsed).toBe(1000);
      const again = await post("api-credit", { useStoreCredit: true });
      expect(again.status).toBe(200);
      expect((await again.json()).data).toEqual(data);
      expect(await storeCreditBalance(db(), buyerId)).toBe(0);

      const read = (await callRoute(apiOrder.loader, {
        context,
        params: { id: data.orderId },
        request: new Request(`${TEST_ORIGIN}/api/orders/${data.orderId}`, { headers: { cookie } }),
      })) as Response;
      expect((await read.json()).data).toMatchObject({
        subtotal: TEE.price,
        shippingFee: 200,
        storeCreditUsed: 1000,
        total: ONE_TEE_DUE - 1000,
      });

      // No credit left: 409 with the message, nothing ordered.
      const refused = await post("api-none", { useStoreCredit: true });
      expect(refused.status).toBe(409);
      expect((await refused.json()).error).toMatchObject({ code: "CONFLICT", message: STORE_CREDIT_CHANGED_MESSAGE });
    });

    it("the checkout form's 'Use my store credit' pays with the balance the page showed; a changed balance comes back with the form as typed", async () => {
      await grantStoreCredit(db(), { userId: buyerId, amount: 500, kind: "refund" });
      const submit = (fields: Record<string, string>) =>
        callRoute(checkout.action, {
          context,
          request: new Request(`${TEST_ORIGIN}/checkout?product=${TEE.productId}&color=White&size=M&quantity=1`, {
            method: "POST",
            headers: { cookie, origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.6.0.1" },
            body: new URLSearchParams({ ...apiShipping, intent: "checkout", ...fields }),
          }),
        });

      const stale = (await submit({ idempotencyKey: "page-1", useStoreCredit: "on", storeCreditSeen: "800" })) as {
        data: FormReply;
        init: ResponseInit;
      };
      expect(stale.init.status).toBe(409);
      expect(formError(stale.data)).toBe(STORE_CREDIT_CHANGED_MESSAGE);
      expect(fieldErrors(stale.data)).toEqual({ storeCredit: STORE_CREDIT_CHANGED_MESSAGE });
      expect(keptValues(stale.data)).toMatchObject({ useStoreCredit: "on", fullName: "Ayesha Khan" });

      const placed = (await submit({
        idempotencyKey: "page-2",
        useStoreCredit: "on",
        storeCreditSeen: "500",
      })) as Response;
      expect(placed.status).toBe(302);
      const orderId = placed.headers.get("location")!.replace("/orders/", "");
      expect(await orderRow(orderId)).toMatchObject({ storeCreditUsed: 500, total: ONE_TEE_DUE - 500 });

      // The box left unticked: cash on delivery for all of it.
      await grantStoreCredit(db(), { userId: buyerId, amount: 300, kind: "refund" });
      const cash = (await submit({ idempotencyKey: "page-3", storeCreditSeen: "300" })) as Response;
      expect(await orderRow(cash.headers.get("location")!.replace("/orders/", ""))).toMatchObject({
        storeCreditUsed: 0,
        total: ONE_TEE_DUE,
      });
      expect(await storeCreditBalance(db(), buyerId)).toBe(300);
    });
  });
});
