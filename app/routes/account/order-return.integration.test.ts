import { and, count, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaFiles, orders, productVariants, returnItems, returnRequests, users } from "~/schema";
import { takeFlash } from "~/http/flash.server";
import type { Auth } from "~/modules/accounts/auth.server";
import {
  callRoute,
  ownerAndBuyerCookies,
  routeContext,
  signInCookie,
  TEST_ORIGIN,
} from "../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { jpegImage, multipartRequest, pngImage } from "../../../tests/factories/test-images";
import { placeDeliveredOrder } from "../../../tests/factories/test-returns";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import * as apiOrder from "../api/order";
import * as apiReturns from "../api/order-returns";
import * as orderPage from "./order";
import * as returnPage from "./order-return";
import { type FormReply, fieldError, fieldErrors, formError } from "~/lib/form-reply";
import { keptReturnValue } from "~/components/returns/return-form-fields";
import { approveReturn } from "~/flows/approve-return.server";

const PASSWORD = "long-enough-password";
const DAY = 24 * 60 * 60 * 1000;

type Who = "buyer" | "owner" | "other" | "guest";
/** A loader's or action's answer: a Response (redirect, API), or `data()` with its status. */
type Answer = Response | { data: unknown; init: { status?: number } | null } | Record<string, unknown>;
const statusOf = (a: Answer) =>
  a instanceof Response
    ? a.status
    : "init" in a && a.init && typeof a.init === "object"
      ? ((a.init as { status?: number }).status ?? 200)
      : 200;
const dataOf = <T>(a: Answer): T => (a instanceof Response ? null : "data" in a && "init" in a ? a.data : a) as T;

/** A refused return form: the one form shape, and whether photos were sent with it. */
type FormState = FormReply & { photosSent: boolean };
/** What was typed in each named field of a refused form (a line's fields are kept per item). */
const keptOf = (state: FormState, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, keptReturnValue(state, name)]));

/**
 * The buyer's side of returns (issue 30) through its routes, on both databases: the Return or
 * exchange page and its multipart form (refusals keep what was typed, someone else's order is a
 * 404, a 4th photo is refused), the order page's offer and returns section, and the JSON API
 * (POST /api/orders/{id}/returns: 201, 400, 404, 409; GET /api/orders/{id} with its returns).
 */
describe.each(DATABASE_KINDS)("a buyer's return request through the pages and the API (%s)", (kind) => {
  const database = useTestDatabase(kind);
  let auth: Auth;
  let context: AppLoadContext;
  const cookies: Record<Who, string> = { buyer: "", owner: "", other: "", guest: "" };
  let buyerId = "";
  let order = { orderId: "", orderNumber: "", itemId: 0 };
  let blackL = 0;

  const headers = (who: Who, extra: Record<string, string> = {}) => ({
    ...(cookies[who] ? { cookie: cookies[who] } : {}),
    ...extra,
  });
  const get = (path: string, who: Who) => new Request(`${TEST_ORIGIN}${path}`, { headers: headers(who) });
  const json = (path: string, who: Who, body: unknown, method = "POST") =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method,
      headers: headers(who, { "content-type": "application/json" }),
      body: JSON.stringify(body),
    });
  const form = (orderId: string, who: Who, fields: Parameters<typeof multipartRequest>[1]) =>
    multipartRequest(`${TEST_ORIGIN}/orders/${orderId}/return`, fields, headers(who));
  /** Runs a loader or action; a thrown answer (a redirect, a 404 as `data()`) is its answer too. */
  const call = async (fn: Parameters<typeof callRoute>[0], request: Request, id = order.orderId): Promise<Answer> => {
    try {
      return await callRoute(fn, { request, context, params: { id } });
    } catch (thrown) {
      if (thrown && typeof thrown === "object" && "init" in thrown) return thrown as Answer;
      throw thrown;
    }
  };
  const requestsOf = async (orderId: string) =>
    (await database.db.select({ n: count() }).from(returnRequests).where(eq(returnRequests.orderId, orderId)))[0].n;
  const storedMedia = async () => (await database.db.select({ n: count() }).from(mediaFiles))[0].n;
  const photo = async (name: string) => ({ name, bytes: await pngImage(), type: "image/png" });

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    ({ owner: cookies.owner, buyer: cookies.buyer } = await ownerAndBuyerCookies(auth, database.db, PASSWORD));
    await auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.1.0.3" },
        body: JSON.stringify({ name: "Someone Else", email: "other@shop.pk", password: PASSWORD }),
      }),
    );
    cookies.other = await signInCookie(auth, "other@shop.pk", PASSWORD);
    [{ id: buyerId }] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "buyer@shop.pk"));
    order = await placeDeliveredOrder(database.db, buyerId, { quantity: 2 });
    [{ id: blackL }] = await database.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.productId, "essential-crew-neck-tee"),
          eq(productVariants.color, "Black"),
          eq(productVariants.size, "L"),
        ),
      );
  }, 300_000);

  it("the order page offers Return or exchange until the window closes; the form lists what is returnable and the sizes in stock", async () => {
    const page = dataOf<{ returnWindow: { open: boolean; closesAt: Date } | null; returns: unknown[] }>(
      await call(orderPage.loader, get(`/orders/${order.orderId}`, "buyer")),
    );
    expect(page.returnWindow?.open).toBe(true);
    expect(page.returns).toEqual([]);
    const [{ deliveredAt }] = await database.db
      .select({ deliveredAt: orders.deliveredAt })
      .from(orders)
      .where(eq(orders.id, order.orderId));
    expect(page.returnWindow?.closesAt.getTime()).toBe(deliveredAt!.getTime() + 7 * DAY);

    const loaded = dataOf<{
      order: {
        refusal: string | null;
        items: { orderItemId: number; returnable: number; exchangeOptions: { variantId: number; size: string }[] }[];
      };
    }>(await call(returnPage.loader, get(`/orders/${order.orderId}/return`, "buyer")));
    expect(loaded.order.refusal).toBeNull();
    expect(loaded.order.items).toHaveLength(1);
    expect(loaded.order.items[0]).toMatchObject({ orderItemId: order.itemId, returnable: 2 });
    expect(loaded.order.items[0].exchangeOptions.map((o) => o.variantId)).toContain(blackL);
    expect(loaded.order.items[0].exchangeOptions.every((o) => o.variantId !== undefined)).toBe(true);
  });

  it("someone else's order, an unknown one and a guest: 404, 404 and the sign-in page; nothing stored, not even a photo", async () => {
    expect(statusOf(await call(returnPage.loader, get(`/orders/${order.orderId}/return`, "other")))).toBe(404);
    expect(statusOf(await call(returnPage.loader, get("/orders/not-an-order/return", "buyer"), "not-an-order"))).toBe(
      404,
    );
    const guest = await call(returnPage.loader, get(`/orders/${order.orderId}/return`, "guest"));
    expect(guest).toBeInstanceOf(Response);
    expect((guest as Response).headers.get("location")).toMatch(/^\/auth/);

    const media = await storedMedia();
    const answer = await call(
      returnPage.action,
      form(order.orderId, "other", [
        [`quantity.${order.itemId}`, "1"],
        [`kind.${order.itemId}`, "return"],
        ["reason", "defective"],
        ["photos", await photo("stain.png")],
      ]),
    );
    expect(statusOf(answer)).toBe(404);
    expect(await requestsOf(order.orderId)).toBe(0);
    expect(await storedMedia()).toBe(media);
  });

  it("a refused form comes back as typed, each message beside its field; nothing is asked", async () => {
    // No choice between return and exchange, no reason: both said, the quantity and the text kept.
    const answer = await call(
      returnPage.action,
      form(order.orderId, "buyer", [
        [`quantity.${order.itemId}`, "2"],
        [`exchange.${order.itemId}`, ""],
        ["reasonText", "Too tight on the shoulders"],
      ]),
    );
    expect(statusOf(answer)).toBe(400);
    const state = dataOf<FormState>(answer);
    expect(fieldError(state, `items.${order.itemId}`)).toBe("Please choose return or exchange");
    expect(fieldError(state, "reason")).toBe("Please choose a reason");
    expect(keptOf(state, [`quantity.${order.itemId}`, "reasonText"])).toEqual({
      [`quantity.${order.itemId}`]: "2",
      reasonText: "Too tight on the shoulders",
    });
    expect(state.photosSent).toBe(false);

    // An exchange with no new size chosen; Other with no words.
    const exchange = dataOf<FormState>(
      await call(
        returnPage.action,
        form(order.orderId, "buyer", [
          [`quantity.${order.itemId}`, "1"],
          [`kind.${order.itemId}`, "exchange"],
          [`exchange.${order.itemId}`, ""],
          ["reason", "other"],
          ["reasonText", ""],
        ]),
      ),
    );
    expect(fieldError(exchange, `items.${order.itemId}`)).toBe("Please choose the size or colour you want instead");
    expect(fieldError(exchange, "reasonText")).toBe("Please tell us what is wrong");
    expect(keptOf(exchange, [`kind.${order.itemId}`, "reason"])).toEqual({
      [`kind.${order.itemId}`]: "exchange",
      reason: "other",
    });

    // Nothing chosen at all.
    const nothing = dataOf<FormState>(
      await call(
        returnPage.action,
        form(order.orderId, "buyer", [
          [`quantity.${order.itemId}`, "0"],
          ["reason", "wrong_size"],
        ]),
      ),
    );
    expect(fieldError(nothing, "items")).toBe("Please choose at least one item");

    // More than was ordered (a forged quantity): the returns module's message, beside the item.
    const tooMany = await call(
      returnPage.action,
      form(order.orderId, "buyer", [
        [`quantity.${order.itemId}`, "3"],
        [`kind.${order.itemId}`, "return"],
        ["reason", "wrong_size"],
      ]),
    );
    expect(statusOf(tooMany)).toBe(409);
    expect(fieldErrors(dataOf<FormState>(tooMany))).toEqual({
      [`items.${order.itemId}`]: expect.stringMatching(/^You ordered 2 of Essential Crew Neck Tee/),
    });
    expect(formError(dataOf<FormState>(tooMany))).toMatch(/^You ordered 2 of/);
    expect(await requestsOf(order.orderId)).toBe(0);
  });

  it("a 4th photo is refused beside the photos field, with the rest kept and a word to choose the photos again", async () => {
    const mediaBefore = await storedMedia();
    const answer = await call(
      returnPage.action,
      form(order.orderId, "buyer", [
        [`quantity.${order.itemId}`, "1"],
        [`kind.${order.itemId}`, "exchange"],
        [`exchange.${order.itemId}`, String(blackL)],
        ["reason", "wrong_size"],
        ["photos", await photo("1.png")],
        ["photos", await photo("2.png")],
        ["photos", await photo("3.png")],
        ["photos", { name: "4.jpg", bytes: await jpegImage(), type: "image/jpeg" }],
      ]),
    );
    expect(statusOf(answer)).toBe(400);
    const state = dataOf<FormState>(answer);
    expect(fieldError(state, "photos")).toBe("Please attach at most 3 photos");
    expect(state.photosSent).toBe(true);
    expect(
      keptOf(state, [`quantity.${order.itemId}`, `kind.${order.itemId}`, `exchange.${order.itemId}`, "reason"]),
    ).toEqual({
      [`quantity.${order.itemId}`]: "1",
      [`kind.${order.itemId}`]: "exchange",
      [`exchange.${order.itemId}`]: String(blackL),
      reason: "wrong_size",
    });
    expect(await requestsOf(order.orderId)).toBe(0);

    // A file that is no image is named, together with the rest of what is wrong (no reason chosen).
    const notImage = dataOf<FormState>(
      await call(
        returnPage.action,
        form(order.orderId, "buyer", [
          [`quantity.${order.itemId}`, "1"],
          [`kind.${order.itemId}`, "return"],
          ["photos", { name: "notes.txt", bytes: Buffer.from("not a photo ".repeat(50)), type: "image/png" }],
        ]),
      ),
    );
    expect(fieldErrors(notImage)).toEqual({ photos: "notes.txt is not an image", reason: "Please choose a reason" });
    expect(await requestsOf(order.orderId)).toBe(0);
    // Photos of a request that was not made are not kept (issue 40).
    expect(await storedMedia()).toBe(mediaBefore);

    // Nor those of a request the returns flow refuses ("other" needs the buyer's words).
    const refused = await call(
      returnPage.action,
      form(order.orderId, "buyer", [
        [`quantity.${order.itemId}`, "1"],
        [`kind.${order.itemId}`, "return"],
        ["reason", "other"],
        ["reasonText", ""],
        ["photos", await photo("other.png")],
      ]),
    );
    expect(statusOf(refused)).toBe(400);
    expect(fieldError(dataOf<FormState>(refused), "reasonText")).toBeTruthy();
    expect(await storedMedia()).toBe(mediaBefore);
  });

  it("an exchange of M for L with a photo: the order page with 'Return request RT-… sent', the request stored, and Requested on the order", async () => {
    const answer = await call(
      returnPage.action,
      form(order.orderId, "buyer", [
        [`quantity.${order.itemId}`, "1"],
        [`kind.${order.itemId}`, "exchange"],
        [`exchange.${order.itemId}`, String(blackL)],
        ["reason", "wrong_size"],
        ["reasonText", ""],
        ["photos", await photo("fit.png")],
      ]),
    );
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/orders/${order.orderId}`);
    const { flash } = await takeFlash(
      new Request(TEST_ORIGIN, { headers: { cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] } }),
    );
    expect(flash?.message).toMatch(/^Return request RT-\d{6} sent$/);

    const [request] = await database.db.select().from(returnRequests).where(eq(returnRequests.orderId, order.orderId));
    expect(flash?.message).toBe(`Return request ${request.returnNumber} sent`);
    expect(request).toMatchObject({ userId: buyerId, status: "requested", reason: "wrong_size", reasonText: null });
    expect(request.photos).toHaveLength(1);
    const items = await database.db.select().from(returnItems).where(eq(returnItems.returnId, request.id));
    expect(items).toEqual([
      expect.objectContaining({
        orderItemId: order.itemId,
        quantity: 1,
        kind: "exchange",
        exchangeVariantId: blackL,
        exchangeColor: "Black",
        exchangeSize: "L",
      }),
    ]);

    type Page = {
      returns: {
        returnNumber: string;
        status: string;
        items: { kind: string; exchangeSize: string | null }[];
        events: { step: string }[];
      }[];
      returnWindow: { open: boolean } | null;
    };
    const page = dataOf<Page>(await call(orderPage.loader, get(`/orders/${order.orderId}`, "buyer")));
    expect(page.returns).toHaveLength(1);
    expect(page.returns[0]).toMatchObject({
      returnNumber: request.returnNumber,
      status: "requested",
      items: [{ kind: "exchange", exchangeSize: "L" }],
    });
    expect(page.returns[0].events.map((e) => e.step)).toEqual(["requested"]);
    // One of the two is still returnable.
    expect(page.returnWindow?.open).toBe(true);
    // The owner's view of the order shows the same request (and no offer: only the buyer asks).
    const owners = dataOf<Page>(await call(orderPage.loader, get(`/orders/${order.orderId}`, "owner")));
    expect(owners.returns.map((r) => r.returnNumber)).toEqual([request.returnNumber]);
    expect(owners.returnWindow).toBeNull();
  });

  it("POST /api/orders/{id}/returns: 201 with the number, 400 with the fields, 404 for others' and unknown orders, 409 for what was already asked", async () => {
    const path = `/api/orders/${order.orderId}/returns`;
    const body = { items: [{ orderItemId: order.itemId, quantity: 1, kind: "return" }], reason: "changed_mind" };

    const bad = (await call(
      apiReturns.action,
      json(path, "buyer", { items: [{ orderItemId: order.itemId, quantity: 0, kind: "swap" }], reason: "bored" }),
    )) as Response;
    expect(bad.status).toBe(400);
    const badBody = await bad.json();
    expect(badBody.error.code).toBe("VALIDATION");
    expect(badBody.error.fields).toMatchObject({
      "items.0.quantity": expect.any(String),
      "items.0.kind": "Please choose return or exchange",
      reason: "Please choose a reason",
    });
    const photos = (await call(apiReturns.action, json(path, "buyer", { ...body, photos: ["x"] }))) as Response;
    expect(photos.status).toBe(400);
    expect((await photos.json()).error.fields.photos).toMatch(/only on the order page/);

    expect(((await call(apiReturns.action, json(path, "other", body))) as Response).status).toBe(404);
    expect(
      (
        (await call(
          apiReturns.action,
          json("/api/orders/00000000-0000-4000-8000-000000000000/returns", "buyer", body),
          "00000000-0000-4000-8000-000000000000",
        )) as Response
      ).status,
    ).toBe(404);
    expect(((await call(apiReturns.action, json(path, "guest", body))) as Response).status).toBe(401);
    expect(
      (
        (await call(
          apiReturns.action,
          new Request(`${TEST_ORIGIN}${path}`, { method: "PUT", headers: headers("buyer") }),
        )) as Response
      ).status,
    ).toBe(405);
    expect((await apiReturns.loader()).status).toBe(405);
    expect(await requestsOf(order.orderId)).toBe(1);

    const created = (await call(apiReturns.action, json(path, "buyer", body))) as Response;
    expect(created.status).toBe(201);
    const { data } = await created.json();
    expect(data).toEqual({ returnId: expect.any(String), returnNumber: expect.stringMatching(/^RT-\d{6}$/) });
    expect(created.headers.get("location")).toBe(`/api/orders/${order.orderId}`);

    // Both units are in requests now: the same again is refused with the reason, and the offer is gone.
    const again = (await call(apiReturns.action, json(path, "buyer", body))) as Response;
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe("You have already asked to return 2 of these 2 items");
    expect(await requestsOf(order.orderId)).toBe(2);
    const page = dataOf<{ returnWindow: { open: boolean } | null }>(
      await call(orderPage.loader, get(`/orders/${order.orderId}`, "buyer")),
    );
    expect(page.returnWindow?.open).toBe(false);
  });

  it("409 outside the window and on an order not delivered; the page shows no offer and says when returns closed", async () => {
    const old = await placeDeliveredOrder(database.db, buyerId, { deliveredAt: new Date(Date.now() - 8 * DAY) });
    const body = { items: [{ orderItemId: old.itemId, quantity: 1, kind: "return" }], reason: "defective" };
    const late = (await call(
      apiReturns.action,
      json(`/api/orders/${old.orderId}/returns`, "buyer", body),
      old.orderId,
    )) as Response;
    expect(late.status).toBe(409);
    expect((await late.json()).error.message).toBe(
      "This order was delivered more than 7 days ago: its return window has closed",
    );
    expect(await requestsOf(old.orderId)).toBe(0);

    const page = dataOf<{ returnWindow: { open: boolean; closed: boolean } | null }>(
      await call(orderPage.loader, get(`/orders/${old.orderId}`, "buyer"), old.orderId),
    );
    expect(page.returnWindow).toMatchObject({ open: false, closed: true });
    const formPage = dataOf<{ order: { refusal: string } }>(
      await call(returnPage.loader, get(`/orders/${old.orderId}/return`, "buyer"), old.orderId),
    );
    expect(formPage.order.refusal).toBe("This order was delivered more than 7 days ago: its return window has closed");
    const posted = await call(
      returnPage.action,
      form(old.orderId, "buyer", [
        [`quantity.${old.itemId}`, "1"],
        [`kind.${old.itemId}`, "return"],
        ["reason", "defective"],
      ]),
      old.orderId,
    );
    expect(statusOf(posted)).toBe(409);
    expect(formError(dataOf<FormState>(posted))).toBe(
      "This order was delivered more than 7 days ago: its return window has closed",
    );

    const shipped = await placeDeliveredOrder(database.db, buyerId);
    await database.db
      .update(orders)
      .set({ status: "shipped", deliveredAt: null, paymentStatus: "unpaid" })
      .where(eq(orders.id, shipped.orderId));
    const notYet = (await call(
      apiReturns.action,
      json(`/api/orders/${shipped.orderId}/returns`, "buyer", {
        ...body,
        items: [{ orderItemId: shipped.itemId, quantity: 1, kind: "return" }],
      }),
      shipped.orderId,
    )) as Response;
    expect(notYet.status).toBe(409);
    expect((await notYet.json()).error.message).toBe("Only delivered orders can be returned");
    expect(
      dataOf<{ returnWindow: unknown }>(
        await call(orderPage.loader, get(`/orders/${shipped.orderId}`, "buyer"), shipped.orderId),
      ).returnWindow,
    ).toBeNull();
  });

  it("GET /api/orders/{id} carries the order's returns, for its buyer and for the owner", async () => {
    for (const who of ["buyer", "owner"] as const) {
      const res = (await call(apiOrder.loader, get(`/api/orders/${order.orderId}`, who))) as Response;
      expect(res.status).toBe(200);
      const { data } = await res.json();
      expect(data.returns).toHaveLength(2);
      const exchange = data.returns.find((r: { items: { kind: string }[] }) => r.items[0].kind === "exchange");
      expect(exchange).toMatchObject({
        returnNumber: expect.stringMatching(/^RT-\d{6}$/),
        status: "requested",
        reason: "wrong_size",
        reasonText: null,
        rejectionReason: null,
        replacement: null,
        items: [
          {
            orderItemId: order.itemId,
            name: "Essential Crew Neck Tee",
            color: "Black",
            size: "M",
            quantity: 1,
            kind: "exchange",
            exchangeColor: "Black",
            exchangeSize: "L",
            condition: null,
          },
        ],
        refunds: [],
        photos: [expect.stringMatching(/^\/media\/[^/]+\.webp$/)],
        createdAt: expect.any(String),
      });
    }
    expect(((await call(apiOrder.loader, get(`/api/orders/${order.orderId}`, "other"))) as Response).status).toBe(404);
  });

  it("an approved exchange: its EX- replacement on the original's page, and the replacement's page says what it replaces and what the returned item pays", async () => {
    const [exchange] = await database.db
      .select({ id: returnRequests.id, returnNumber: returnRequests.returnNumber })
      .from(returnRequests)
      .innerJoin(returnItems, eq(returnItems.returnId, returnRequests.id))
      .where(and(eq(returnRequests.orderId, order.orderId), eq(returnItems.kind, "exchange")));
    const approved = await approveReturn({ db: database.db }, { id: null, name: "Owner" }, exchange.id);
    const replacement = approved.replacement!;
    expect(replacement.orderNumber).toMatch(/^EX-\d{6}$/);
    // Black L costs what Black M did: the returned tee pays for it all.
    expect(replacement.total).toBe(0);

    type Page = {
      returns: { returnNumber: string; status: string; replacement: { orderNumber: string; total: number } | null }[];
      exchange: { credit: number; replaces: string | null } | null;
    };
    const original = dataOf<Page>(await call(orderPage.loader, get(`/orders/${order.orderId}`, "buyer")));
    expect(original.returns.find((r) => r.returnNumber === exchange.returnNumber)).toMatchObject({
      status: "approved",
      replacement: { orderNumber: replacement.orderNumber, total: 0 },
    });
    expect(original.exchange).toBeNull();
    const ex = dataOf<Page>(
      await call(orderPage.loader, get(`/orders/${replacement.orderId}`, "buyer"), replacement.orderId),
    );
    expect(ex.exchange).toEqual({ credit: 1299, replaces: order.orderNumber });

    const res = (await call(
      apiOrder.loader,
      get(`/api/orders/${replacement.orderId}`, "buyer"),
      replacement.orderId,
    )) as Response;
    const { data } = await res.json();
    expect(data).toMatchObject({
      orderNumber: replacement.orderNumber,
      subtotal: 1299,
      exchangeCredit: 1299,
      replacesOrderNumber: order.orderNumber,
      shippingFee: 0,
      total: 0,
      returns: [],
    });
    const originalJson = (
      await ((await call(apiOrder.loader, get(`/api/orders/${order.orderId}`, "buyer"))) as Response).json()
    ).data;
    expect(originalJson).toMatchObject({ exchangeCredit: 0, replacesOrderNumber: null });
    expect(
      originalJson.returns.find((r: { returnNumber: string }) => r.returnNumber === exchange.returnNumber).replacement,
    ).toEqual({ id: replacement.orderId, orderNumber: replacement.orderNumber, status: "pending", total: 0 });
  });
});
