import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { fieldError, type FormReply } from "~/lib/form-reply";
import { discountCodes, orders, productVariants } from "~/schema";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { createDiscountCode } from "~/modules/promotions/manage-discount-codes.server";
import type { DiscountCodeInput } from "~/modules/promotions/promotion-forms";
import * as apiOrders from "~/routes/api/orders";
import * as checkout from "~/routes/storefront/checkout";
import { callRoute, routeContext, TEST_ORIGIN } from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";

// Essential Crew Neck Tee, Rs 1,299.
const TEE = { productId: "essential-crew-neck-tee", color: "Black", size: "M" };
const NOT_VALID = "This code is not valid";
const SHIPPING = {
  fullName: "Ayesha Khan",
  email: "ayesha@example.pk",
  phone: "0300 1234567",
  city: "Karachi",
  address: "House 12, DHA",
};
const DAY = 24 * 60 * 60 * 1000;

const codeInput = (over: Partial<DiscountCodeInput> & { code: string }): DiscountCodeInput => ({
  kind: "percent",
  value: 20,
  minOrder: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  startsAt: null,
  endsAt: null,
  appliesTo: "all",
  categorySlugs: [],
  productIds: [],
  combinesWithSale: true,
  ...over,
});

/**
 * Decision 0023: a refusal never tells that a code exists before it starts. A code scheduled for
 * tomorrow (paused or not, with a minimum the order misses or not) is refused at checkout's Apply and
 * by POST /api/orders in exactly the words of a code that does not exist.
 */
describe.each(DATABASE_KINDS)("a scheduled code is refused like an unknown one on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let context: AppLoadContext;
  let cookie: string;

  beforeAll(async () => {
    await db()
      .update(productVariants)
      .set({ stock: 100 })
      .where(
        and(
          eq(productVariants.productId, TEE.productId),
          eq(productVariants.color, TEE.color),
          eq(productVariants.size, TEE.size),
        ),
      );
    const tomorrow = new Date(Date.now() + DAY);
    await createDiscountCode(db(), codeInput({ code: "LAUNCH30", startsAt: tomorrow }));
    const paused = await createDiscountCode(
      db(),
      codeInput({ code: "SECRET50", startsAt: tomorrow, minOrder: 50_000 }),
    );
    await db().update(discountCodes).set({ paused: true }).where(eq(discountCodes.id, paused.id));
    const made = await routeContext(db());
    context = made.context;
    const signUp = await made.auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.7.0.1" },
        body: JSON.stringify({
          name: "Code Buyer",
          email: `code-secrecy-${kind}@example.pk`,
          password: "violet-kettle-monsoon-77",
        }),
      }),
    );
    expect(signUp.status).toBe(200);
    cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }, 300_000);

  const apply = async (code: string) => {
    const answer = (await callRoute(checkout.action, {
      context,
      request: new Request(
        `${TEST_ORIGIN}/checkout?product=${TEE.productId}&color=${TEE.color}&size=${TEE.size}&quantity=1`,
        {
          method: "POST",
          headers: { cookie, origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.7.0.1" },
          body: new URLSearchParams({ ...SHIPPING, intent: "apply-discount", discountCode: code }),
        },
      ),
    })) as {
      data: FormReply & { discount: unknown; totals: { total: number } };
      init: ResponseInit;
    };
    return {
      status: answer.init.status,
      error: fieldError(answer.data, "discountCode"),
      discount: answer.data.discount,
      total: answer.data.totals.total,
    };
  };
  const order = async (code: string) => {
    const response = (await callRoute(apiOrders.action, {
      context,
      request: new Request(`${TEST_ORIGIN}/api/orders`, {
        method: "POST",
        headers: {
          cookie,
          origin: TEST_ORIGIN,
          "content-type": "application/json",
          "Idempotency-Key": `secrecy-${code}`,
          [CLIENT_IP_HEADER]: "10.7.0.1",
        },
        body: JSON.stringify({
          items: [{ ...TEE, quantity: 1 }],
          shipping: SHIPPING,
          paymentMethod: "cod",
          discountCode: code,
        }),
      }),
    })) as Response;
    return { status: response.status, body: await response.json() };
  };

  it("checkout's Apply gives a not-yet-started code the words of an unknown one, and the total stays", async () => {
    const unknown = await apply("NOSUCH99");
    expect(unknown).toEqual({ status: 400, error: NOT_VALID, discount: null, total: 1299 + 200 });
    expect(await apply("launch30")).toEqual(unknown);
    // Paused as well, and with a minimum the order misses: still nothing that tells it exists.
    expect(await apply("SECRET50")).toEqual(unknown);
  });

  it("POST /api/orders answers the same 400 for both, and nothing is ordered", async () => {
    const unknown = await order("NOSUCH99");
    expect(unknown).toEqual({
      status: 400,
      body: { error: { code: "VALIDATION", message: NOT_VALID, fields: { discountCode: NOT_VALID } } },
    });
    expect(await order("LAUNCH30")).toEqual(unknown);
    expect(await order("SECRET50")).toEqual(unknown);
    expect(await db().select().from(orders)).toEqual([]);
  });
});
