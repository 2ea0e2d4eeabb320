import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { productVariants, refunds, users } from "~/schema";
import { requestReturn } from "~/flows/request-return.server";
import type { Auth } from "~/modules/accounts/auth.server";
import { callRoute, ownerAndBuyerCookies, routeContext, TEST_ORIGIN } from "../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { placeDeliveredOrder } from "../../../tests/factories/test-returns";
import * as one from "./seller-return";
import * as step from "./seller-return-step";
import * as list from "./seller-returns";

const PASSWORD = "long-enough-password";
const TEE = "essential-crew-neck-tee";
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/** The seller API of returns: GET the queue and a request, POST approve, reject, receive and refunds. */
describe.each(DATABASE_KINDS)("the seller returns API on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let auth: Auth;
  let context: AppLoadContext;
  let cookies: { owner: string; buyer: string };
  let buyerId = "";
  let blackL = 0;

  type Who = "owner" | "buyer" | "guest";
  const get = async (
    fn: Parameters<typeof callRoute>[0],
    path: string,
    who: Who = "owner",
    params: Record<string, string> = {},
  ) => {
    const response: Response = await callRoute(fn, {
      request: new Request(`${TEST_ORIGIN}${path}`, { headers: who === "guest" ? {} : { cookie: cookies[who] } }),
      context,
      params,
    });
    return { status: response.status, body: await response.json() };
  };
  const post = async (returnId: string, name: string, body: unknown, who: Who = "owner", key?: string) => {
    const request = new Request(`${TEST_ORIGIN}/api/seller/returns/${returnId}/${name}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(who === "guest" ? {} : { cookie: cookies[who] }),
        ...(key ? { "Idempotency-Key": key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const response: Response = await callRoute(step.action, { request, context, params: { id: returnId, step: name } });
    return { status: response.status, body: await response.json() };
  };

  async function newRequest(itemKind: "return" | "exchange") {
    const order = await placeDeliveredOrder(db(), buyerId);
    const made = await requestReturn(
      { db: db() },
      {
        userId: buyerId,
        orderId: order.orderId,
        reason: "not_as_pictured",
        reasonText: null,
        items: [
          itemKind === "exchange"
            ? { orderItemId: order.itemId, quantity: 1, kind: itemKind, exchangeVariantId: blackL }
            : { orderItemId: order.itemId, quantity: 1, kind: itemKind },
        ],
      },
    );
    return { ...order, ...made };
  }

  beforeAll(async () => {
    ({ auth, context } = await routeContext(db()));
    cookies = await ownerAndBuyerCookies(auth, db(), PASSWORD);
    buyerId = (await db().select({ id: users.id }).from(users).where(eq(users.email, "buyer@shop.pk")))[0].id;
    await db().update(productVariants).set({ stock: 20 }).where(eq(productVariants.productId, TEE));
    blackL = (
      await db()
        .select({ id: productVariants.id, color: productVariants.color, size: productVariants.size })
        .from(productVariants)
        .where(eq(productVariants.productId, TEE))
    ).find((v) => v.color === "Black" && v.size === "L")!.id;
  }, 300_000);

  it("refuses guests (401) and buyers (403) on every endpoint", async () => {
    const made = await newRequest("return");
    for (const who of ["guest", "buyer"] as const) {
      const status = who === "guest" ? 401 : 403;
      expect((await get(list.loader, "/api/seller/returns", who)).status).toBe(status);
      expect((await get(one.loader, `/api/seller/returns/${made.returnId}`, who, { id: made.returnId })).status).toBe(
        status,
      );
      expect((await post(made.returnId, "approve", undefined, who)).status).toBe(status);
      expect((await post(made.returnId, "reject", { reason: "No" }, who)).status).toBe(status);
    }
    expect(
      (await get(one.loader, `/api/seller/returns/${made.returnId}`, "owner", { id: made.returnId })).body.data.status,
    ).toBe("requested");
  });

  it("lists the queue by filter with counts, and gives one request with its money and history", async () => {
    const made = await newRequest("exchange");
    const page = await get(list.loader, "/api/seller/returns?status=new&page=1");
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      filter: "new",
      page: 1,
      pageSize: 20,
      counts: expect.objectContaining({ new: page.body.data.rows.length }),
    });
    expect(page.body.data.rows[0]).toMatchObject({
      id: made.returnId,
      returnNumber: made.returnNumber,
      orderNumber: made.orderNumber,
      reason: "not_as_pictured",
      exchangeCount: 1,
      stage: "new",
    });

    const detail = await get(one.loader, `/api/seller/returns/${made.returnId}`, "owner", { id: made.returnId });
    expect(detail.body.data).toMatchObject({
      returnNumber: made.returnNumber,
      status: "requested",
      order: { orderNumber: made.orderNumber },
      exchange: { paidExchanged: 1299, newTotal: 1299, cashToCollect: 0, storeCredit: 0 },
      buyerHistory: expect.objectContaining({ deliveredOrders: expect.any(Number) }),
      events: [expect.objectContaining({ step: "requested" })],
    });
    expect((await get(one.loader, `/api/seller/returns/${UNKNOWN}`, "owner", { id: UNKNOWN })).status).toBe(404);
    expect((await get(one.loader, "/api/seller/returns/nope", "owner", { id: "nope" })).status).toBe(404);
  });

  it("approves, receives and refunds a return step by step, refusing what its state or the ceiling does not allow", async () => {
    const made = await newRequest("return");
    const approved = await post(made.returnId, "approve", undefined);
    expect(approved).toMatchObject({
      status: 200,
      body: { data: { returnNumber: made.returnNumber, status: "approved", replacement: null } },
    });
    expect((await post(made.returnId, "approve", undefined)).status).toBe(409);
    // A refund before the item is back.
    expect((await post(made.returnId, "refunds", { method: "cash", amount: 100 })).status).toBe(409);

    const detail = await get(one.loader, `/api/seller/returns/${made.returnId}`, "owner", { id: made.returnId });
    const itemId = detail.body.data.items[0].id;
    const badReceive = await post(made.returnId, "receive", { items: [{ id: itemId, condition: "lost" }] });
    expect(badReceive.status).toBe(400);
    expect(badReceive.body.error.fields["items.0.condition"]).toBe("Please say whether it is resellable or damaged");
    const received = await post(made.returnId, "receive", { items: [{ id: itemId, condition: "resellable" }] });
    expect(received).toMatchObject({
      status: 200,
      body: { data: { status: "received", resellable: 1, restocked: 1 } },
    });

    const over = await post(made.returnId, "refunds", { method: "bank_transfer", amount: 5000, reference: "IBFT-1" });
    expect(over).toMatchObject({
      status: 409,
      body: {
        error: {
          code: "CONFLICT",
          message: "At most Rs 1,299 can be refunded for this return",
          fields: { amount: "At most Rs 1,299 can be refunded for this return" },
        },
      },
    });
    const notWhole = await post(made.returnId, "refunds", { method: "bank_transfer", amount: 10.5 });
    expect(notWhole.status).toBe(400);
    expect(notWhole.body.error.fields.amount).toBeTruthy();
    const refund = await post(made.returnId, "refunds", { method: "bank_transfer", amount: 1299, reference: "IBFT-1" });
    expect(refund).toMatchObject({
      status: 201,
      body: { data: { returnNumber: made.returnNumber, status: "closed", left: 0, orderRefunded: true } },
    });
  });

  it("records a refund once for one Idempotency-Key: a double submit answers the same refund, another amount with the key is refused", async () => {
    const made = await newRequest("return");
    await post(made.returnId, "approve", undefined);
    const detail = await get(one.loader, `/api/seller/returns/${made.returnId}`, "owner", { id: made.returnId });
    await post(made.returnId, "receive", { items: [{ id: detail.body.data.items[0].id, condition: "resellable" }] });

    const body = { method: "jazzcash", amount: 500, reference: "JC-1" };
    const [a, b] = await Promise.all([
      post(made.returnId, "refunds", body, "owner", "refund-key-1"),
      post(made.returnId, "refunds", body, "owner", "refund-key-1"),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.data).toEqual(b.body.data);
    expect(a.body.data).toMatchObject({ status: "received", left: 799, orderRefunded: false });
    expect(
      await db().select({ amount: refunds.amount }).from(refunds).where(eq(refunds.returnId, made.returnId)),
    ).toEqual([{ amount: 500 }]);
    const again = await post(made.returnId, "refunds", body, "owner", "refund-key-1");
    expect(again).toMatchObject({ status: 200, body: { data: a.body.data } });
    const reused = await post(made.returnId, "refunds", { ...body, amount: 400 }, "owner", "refund-key-1");
    expect(reused).toMatchObject({
      status: 422,
      body: {
        error: {
          code: "IDEMPOTENCY_KEY_REUSED",
          message: "This idempotency key was already used for a different refund",
        },
      },
    });
    // The last refund, retried after it closed the request, still answers it.
    const rest = await post(made.returnId, "refunds", { method: "cash", amount: 799 }, "owner", "refund-key-2");
    expect(rest).toMatchObject({ status: 201, body: { data: { status: "closed", left: 0, orderRefunded: true } } });
    expect(
      await post(made.returnId, "refunds", { method: "cash", amount: 799 }, "owner", "refund-key-2"),
    ).toMatchObject({ status: 200, body: { data: rest.body.data } });
    expect(
      (await db().select({ amount: refunds.amount }).from(refunds).where(eq(refunds.returnId, made.returnId))).map(
        (r) => r.amount,
      ),
    ).toEqual([500, 799]);
  });

  it("rejects with a required reason (400 without one), approves an exchange with its EX- order, and answers unknown steps and methods", async () => {
    const made = await newRequest("exchange");
    const noReason = await post(made.returnId, "reject", {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.reason).toBeTruthy();
    const approved = await post(made.returnId, "approve", undefined);
    expect(approved.body.data.replacement).toMatchObject({
      orderNumber: expect.stringMatching(/^EX-\d{6}$/),
      total: 0,
    });
    const rejected = await post(made.returnId, "reject", { reason: "Out of season" });
    expect(rejected).toMatchObject({
      status: 200,
      body: { data: { status: "rejected", cancelledReplacement: approved.body.data.replacement.orderNumber } },
    });

    expect((await post(UNKNOWN, "approve", undefined)).status).toBe(404);
    expect((await post(made.returnId, "explode", undefined)).status).toBe(404);
    const wrongMethod = await callRoute(step.loader, {
      request: new Request(`${TEST_ORIGIN}/api/seller/returns/${made.returnId}/approve`, {
        headers: { cookie: cookies.owner },
      }),
      context,
      params: { id: made.returnId, step: "approve" },
    });
    expect(wrongMethod.status).toBe(405);
    expect(
      (
        await callRoute(list.action, {
          request: new Request(`${TEST_ORIGIN}/api/seller/returns`, { method: "POST" }),
          context,
        })
      ).status,
    ).toBe(405);
  });
});
