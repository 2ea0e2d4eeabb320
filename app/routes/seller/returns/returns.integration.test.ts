import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import {
  orders,
  productVariants,
  refunds,
  returnRequests,
  storeCreditAccounts,
  users,
  type StoredImageRef,
} from "~/schema";
import { requestReturn } from "~/flows/request-return.server";
import { takeFlash } from "~/http/flash.server";
import { fieldError, fieldErrors, formError } from "~/lib/form-reply";
import type { Auth } from "~/modules/accounts/auth.server";
import { listSellerOrders } from "~/modules/orders/list-seller-orders.server";
import { countWaiting } from "~/modules/seller/count-waiting.server";
import {
  callRoute,
  expectRedirect,
  ownerAndBuyerCookies,
  routeContext,
  TEST_ORIGIN,
} from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeDeliveredOrder } from "../../../../tests/factories/test-returns";
import * as invoice from "../orders/invoice";
import * as requestPage from "./return";
import * as queue from "./returns";

const PASSWORD = "long-enough-password";
const TEE = "essential-crew-neck-tee";
const PHOTO: StoredImageRef = {
  width: 800,
  height: 1000,
  sources: [
    { key: "a".repeat(64), width: 400 },
    { key: "b".repeat(64), width: 800 },
  ],
};

/**
 * The owner's Returns pages, driven through their loaders and actions with real sessions: the
 * queue's filters and counts, and every step of a request as the page posts it (approve, reject,
 * receive, refund), refusals keeping what was typed, a buyer sent away.
 */
describe.each(DATABASE_KINDS)("the owner's returns pages on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let auth: Auth;
  let context: AppLoadContext;
  let cookies: { owner: string; buyer: string };
  let buyerId = "";
  const variant: Record<string, number> = {};

  const request = (path: string, who: "owner" | "buyer" | "guest", form?: Record<string, string>) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: form ? "POST" : "GET",
      headers: who === "guest" ? {} : { cookie: cookies[who] },
      body: form ? new URLSearchParams(form) : undefined,
    });
  const load = (
    fn: Parameters<typeof callRoute>[0],
    path: string,
    who: "owner" | "buyer" | "guest" = "owner",
    params: Record<string, string> = {},
  ) => callRoute(fn, { request: request(path, who), context, params });
  const post = (returnId: string, form: Record<string, string>, who: "owner" | "buyer" | "guest" = "owner") =>
    callRoute(requestPage.action, {
      request: request(`/seller/returns/${returnId}`, who, form),
      context,
      params: { id: returnId },
    });
  const stockOf = async (key: string) =>
    (
      await db()
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, variant[key]))
    )[0].stock;
  const statusOf = async (returnId: string) =>
    (
      await db().select({ status: returnRequests.status }).from(returnRequests).where(eq(returnRequests.id, returnId))
    )[0].status;
  const flashOf = async (response: Response) => {
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
    return (await takeFlash(new Request(TEST_ORIGIN, { headers: { cookie } }))).flash?.message ?? "";
  };

  /** A delivered, paid order of the buyer and a request on it. */
  async function newRequest(
    kind: "return" | "exchange",
    opts: { photos?: StoredImageRef[]; reason?: "wrong_size" | "defective" } = {},
  ) {
    const order = await placeDeliveredOrder(db(), buyerId);
    const made = await requestReturn(
      { db: db() },
      {
        userId: buyerId,
        orderId: order.orderId,
        reason: opts.reason ?? "wrong_size",
        reasonText: "The M is too tight",
        photos: opts.photos ?? [],
        items: [
          kind === "exchange"
            ? { orderItemId: order.itemId, quantity: 1, kind, exchangeVariantId: variant["Black/L"] }
            : { orderItemId: order.itemId, quantity: 1, kind },
        ],
      },
    );
    return { ...order, ...made };
  }

  beforeAll(async () => {
    ({ auth, context } = await routeContext(db()));
    cookies = await ownerAndBuyerCookies(auth, db(), PASSWORD);
    buyerId = (await db().select({ id: users.id }).from(users).where(eq(users.email, "buyer@shop.pk")))[0].id;
    for (const r of await db()
      .select({ id: productVariants.id, color: productVariants.color, size: productVariants.size })
      .from(productVariants)
      .where(eq(productVariants.productId, TEE))) {
      variant[`${r.color}/${r.size}`] = r.id;
    }
    await db().update(productVariants).set({ stock: 20 }).where(eq(productVariants.productId, TEE));
  }, 300_000);

  it("sends a guest to sign in and a buyer to their own dashboard, from the queue, a request and its steps", async () => {
    const made = await newRequest("return");
    for (const [fn, path, params] of [
      [queue.loader, "/seller/returns", {}],
      [requestPage.loader, `/seller/returns/${made.returnId}`, { id: made.returnId }],
    ] as const) {
      expectRedirect(await load(fn, path, "guest", params), /^\/auth\?mode=login/);
      expectRedirect(await load(fn, path, "buyer", params), "/buyer-dashboard");
    }
    expectRedirect(await post(made.returnId, { intent: "approve" }, "buyer"), "/buyer-dashboard");
    expectRedirect(await post(made.returnId, { intent: "reject", reason: "No" }, "guest"), /^\/auth\?/);
    expect(await statusOf(made.returnId)).toBe("requested");
  });

  it("lists the queue by filter, newest first, with the counts of every filter and the nav's count of new requests", async () => {
    const withPhotos = await newRequest("exchange", { photos: [PHOTO, PHOTO], reason: "defective" });
    const page = await load(queue.loader, "/seller/returns?status=new");
    expect(page.filter).toBe("new");
    expect(page.counts.new).toBe(page.rows.length);
    expect(page.counts.new).toBeGreaterThanOrEqual(2);
    expect(page.rows[0]).toMatchObject({
      id: withPhotos.returnId,
      returnNumber: withPhotos.returnNumber,
      orderNumber: withPhotos.orderNumber,
      buyerName: "Ayesha Khan",
      reason: "defective",
      exchangeCount: 1,
      returnCount: 0,
      photoCount: 2,
      stage: "new",
    });
    expect((await countWaiting(db())).newReturns).toBe(page.counts.new);
    const all = await load(queue.loader, "/seller/returns?status=all&page=1");
    expect(all.counts.all).toBe(all.total);
    expect((await load(queue.loader, "/seller/returns?status=done")).rows).toEqual([]);
    // Anything unknown is the first tab.
    expect((await load(queue.loader, "/seller/returns?status=lost")).filter).toBe("new");
  });

  it("approves an exchange from the page: the new size's stock is taken and its EX- order shows in Orders, with a flash", async () => {
    const made = await newRequest("exchange");
    const before = await stockOf("Black/L");
    const done = await post(made.returnId, { intent: "approve" });
    expectRedirect(done, `/seller/returns/${made.returnId}`);
    expect(await flashOf(done)).toMatch(
      new RegExp(`${made.returnNumber} approved: replacement EX-\\d{6} created, no cash to collect`),
    );
    expect(await stockOf("Black/L")).toBe(before - 1);
    const [row] = await db()
      .select({ replacement: returnRequests.replacementOrderId })
      .from(returnRequests)
      .where(eq(returnRequests.id, made.returnId));
    const [ex] = await db().select().from(orders).where(eq(orders.id, row.replacement!));
    expect(ex).toMatchObject({ replacesOrderId: made.orderId, status: "pending", total: 0, exchangeCredit: 1299 });
    expect(ex.orderNumber).toMatch(/^EX-\d{6}$/);

    // Orders: the replacement says what it exchanges; "With a return" finds the original.
    const list = await listSellerOrders(db(), { status: null, q: ex.orderNumber, page: 1 });
    expect(list.orders[0]).toMatchObject({ orderNumber: ex.orderNumber, replacesOrderNumber: made.orderNumber });
    const withReturns = await listSellerOrders(db(), { status: "delivered", q: "", returns: true, page: 1 });
    expect(withReturns.orders.map((o) => o.orderNumber)).toContain(made.orderNumber);
    expect(withReturns.orders.every((o) => o.returns.length > 0)).toBe(true);
    expect(withReturns.total).toBe(withReturns.orders.length);
    expect(withReturns.orders.find((o) => o.id === made.orderId)!.returns).toEqual([
      { id: made.returnId, returnNumber: made.returnNumber, status: "approved" },
    ]);

    // The page now offers Received and Reject (the replacement has not left), not Approve again.
    const page = await load(requestPage.loader, `/seller/returns/${made.returnId}`, "owner", { id: made.returnId });
    expect(page.request).toMatchObject({ status: "approved", replacement: { orderNumber: ex.orderNumber, total: 0 } });
    const again = await post(made.returnId, { intent: "approve" });
    expect(again.init?.status).toBe(409);
  });

  it("refuses a rejection without a reason beside the field, then rejects and gives an exchange's stock back", async () => {
    const made = await newRequest("exchange");
    const before = await stockOf("Black/L");
    expectRedirect(await post(made.returnId, { intent: "approve" }), `/seller/returns/${made.returnId}`);
    const refused = await post(made.returnId, { intent: "reject", reason: "   " });
    expect(refused.init?.status).toBe(400);
    expect(fieldError(refused.data, "reason")).toBe("Please say why, the customer will read it");
    expect(refused.data.initialValue).toMatchObject({ intent: "reject", reason: "   " });
    expect(await statusOf(made.returnId)).toBe("approved");

    const done = await post(made.returnId, { intent: "reject", reason: "The photo shows it was worn" });
    expectRedirect(done, `/seller/returns/${made.returnId}`);
    expect(await flashOf(done)).toMatch(new RegExp(`${made.returnNumber} rejected: replacement EX-\\d{6} cancelled`));
    expect(await stockOf("Black/L")).toBe(before);
    const [row] = await db().select().from(returnRequests).where(eq(returnRequests.id, made.returnId));
    expect(row).toMatchObject({ status: "rejected", rejectionReason: "The photo shows it was worn" });
  });

  it("receives items one condition each: a missing one is refused beside its item, resellable goes back in stock once", async () => {
    const made = await newRequest("return");
    expectRedirect(await post(made.returnId, { intent: "approve" }), `/seller/returns/${made.returnId}`);
    const page = await load(requestPage.loader, `/seller/returns/${made.returnId}`, "owner", { id: made.returnId });
    const [item] = page.request.items;
    const missing = await post(made.returnId, { intent: "receive", itemIds: String(item.id) });
    expect(missing.init?.status).toBe(400);
    expect(fieldErrors(missing.data)).toEqual({ [`conditions.${item.id}`]: "Please choose resellable or damaged" });

    const before = await stockOf("Black/M");
    const done = await post(made.returnId, {
      intent: "receive",
      itemIds: String(item.id),
      [`conditions.${item.id}`]: "resellable",
    });
    expectRedirect(done, `/seller/returns/${made.returnId}`);
    expect(await flashOf(done)).toContain(`${made.returnNumber} received: 1 resellable (back in stock)`);
    expect(await stockOf("Black/M")).toBe(before + 1);
    const twice = await post(made.returnId, {
      intent: "receive",
      itemIds: String(item.id),
      [`conditions.${item.id}`]: "resellable",
    });
    expect(twice.init?.status).toBe(409);
    expect(await stockOf("Black/M")).toBe(before + 1);
  });

  it("records refunds: above what is left is refused beside the amount with the values kept; store credit reaches the buyer; the invoice shows it", async () => {
    const made = await newRequest("return");
    expectRedirect(await post(made.returnId, { intent: "approve" }), `/seller/returns/${made.returnId}`);
    const { request: approved } = await load(requestPage.loader, `/seller/returns/${made.returnId}`, "owner", {
      id: made.returnId,
    });
    const itemId = approved.items[0].id;
    expectRedirect(
      await post(made.returnId, { intent: "receive", itemIds: String(itemId), [`conditions.${itemId}`]: "damaged" }),
      `/seller/returns/${made.returnId}`,
    );
    const { request: received } = await load(requestPage.loader, `/seller/returns/${made.returnId}`, "owner", {
      id: made.returnId,
    });
    expect(received).toMatchObject({ status: "received", refundCeiling: 1299, refundLeft: 1299 });

    const over = await post(made.returnId, {
      intent: "refund",
      method: "jazzcash",
      amount: "1300",
      reference: "JC-7788",
    });
    expect(over.init?.status).toBe(409);
    expect(fieldError(over.data, "amount")).toBe("At most Rs 1,299 can be refunded for this return");
    expect(over.data.initialValue).toMatchObject({
      intent: "refund",
      method: "jazzcash",
      amount: "1300",
      reference: "JC-7788",
    });
    const badAmount = await post(made.returnId, { intent: "refund", method: "jazzcash", amount: "abc", reference: "" });
    expect(badAmount.init?.status).toBe(400);
    expect(fieldError(badAmount.data, "amount")).toBeTruthy();

    const part = await post(made.returnId, {
      intent: "refund",
      method: "jazzcash",
      amount: "299",
      reference: "JC-7788",
    });
    expectRedirect(part, `/seller/returns/${made.returnId}`);
    expect(await flashOf(part)).toContain("Rs 299 refunded by JazzCash, reference JC-7788");
    const rest = await post(made.returnId, { intent: "refund", method: "store_credit", amount: "1000", reference: "" });
    expectRedirect(rest, `/seller/returns/${made.returnId}`);
    expect(await flashOf(rest)).toContain("Rs 1,000 added to store credit");
    expect(await statusOf(made.returnId)).toBe("closed");
    expect(
      (await db().select().from(refunds).where(eq(refunds.returnId, made.returnId))).map((r) => [r.method, r.amount]),
    ).toEqual([
      ["jazzcash", 299],
      ["store_credit", 1000],
    ]);
    const [credit] = await db()
      .select({ balance: storeCreditAccounts.balance })
      .from(storeCreditAccounts)
      .where(eq(storeCreditAccounts.userId, buyerId));
    expect(credit.balance).toBeGreaterThanOrEqual(1000);
    // Closed: nothing more to do on the page.
    const closed = await post(made.returnId, { intent: "refund", method: "cash", amount: "1", reference: "" });
    expect(closed.init?.status).toBe(409);

    const page = await load(invoice.loader, `/seller/orders/${made.orderId}/invoice`, "owner", { id: made.orderId });
    expect(page.returns).toMatchObject({ refunded: 1299, exchangeCredit: 0, replacesOrderNumber: null });
    expect(
      page.returns.refunds.map(
        (r: { returnNumber: string; method: string; amount: number; reference: string | null }) => [
          r.returnNumber,
          r.method,
          r.amount,
          r.reference,
        ],
      ),
    ).toEqual([
      [made.returnNumber, "jazzcash", 299, "JC-7788"],
      [made.returnNumber, "store_credit", 1000, null],
    ]);
    const [order] = await db()
      .select({ paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(and(eq(orders.id, made.orderId)));
    expect(order.paymentStatus).toBe("refunded");
  });

  it("a double submit of the refund form records one refund: its key comes with the page", async () => {
    const made = await newRequest("return");
    await post(made.returnId, { intent: "approve" });
    const { request: approved } = await load(requestPage.loader, `/seller/returns/${made.returnId}`, "owner", {
      id: made.returnId,
    });
    await post(made.returnId, {
      intent: "receive",
      itemIds: String(approved.items[0].id),
      [`conditions.${approved.items[0].id}`]: "resellable",
    });
    const page = await load(requestPage.loader, `/seller/returns/${made.returnId}`, "owner", { id: made.returnId });
    expect(page.refundKey).toMatch(/^[0-9a-f-]{36}$/);
    const form = {
      intent: "refund",
      method: "easypaisa",
      amount: "300",
      reference: "EP-42",
      idempotencyKey: page.refundKey,
    };
    const [first, second] = await Promise.all([post(made.returnId, form), post(made.returnId, form)]);
    for (const done of [first, second]) expectRedirect(done, `/seller/returns/${made.returnId}`);
    expect(
      (await db().select().from(refunds).where(eq(refunds.returnId, made.returnId))).map((r) => [r.method, r.amount]),
    ).toEqual([["easypaisa", 300]]);
    // The next showing of the form has a new key: a second, real refund is recorded.
    const next = await load(requestPage.loader, `/seller/returns/${made.returnId}`, "owner", { id: made.returnId });
    expect(next.refundKey).not.toBe(page.refundKey);
    expect(next.request.refundLeft).toBe(999);
  });

  it("answers an unknown request or intent: 404, and a form without its intent is refused", async () => {
    await expect(
      load(requestPage.loader, "/seller/returns/00000000-0000-4000-8000-000000000000", "owner", {
        id: "00000000-0000-4000-8000-000000000000",
      }),
    ).rejects.toMatchObject({ init: { status: 404 } });
    await expect(post("00000000-0000-4000-8000-000000000000", { intent: "approve" })).rejects.toMatchObject({
      init: { status: 404 },
    });
    await expect(
      load(requestPage.loader, "/seller/returns/not-a-uuid", "owner", { id: "not-a-uuid" }),
    ).rejects.toMatchObject({ init: { status: 404 } });
    const made = await newRequest("return");
    const odd = await post(made.returnId, { intent: "explode" });
    expect(odd.init?.status).toBe(400);
    expect(formError(odd.data)).toBe("Something was missing from the form. Please try again.");
  });
});
