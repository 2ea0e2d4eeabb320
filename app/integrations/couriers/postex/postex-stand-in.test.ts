import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostexStandIn, type PostexStandIn } from "./postex-stand-in";

/** The stand-in answers as PostEx's guide documents, so the client's tests mean something. */
describe("the PostEx stand-in", () => {
  let postex: PostexStandIn;
  beforeAll(async () => {
    postex = await startPostexStandIn();
  });
  afterAll(async () => {
    await postex?.stop();
  });
  const call = (path: string, init: { method?: string; token?: string | null; body?: unknown } = {}) =>
    fetch(new URL(path, postex.url), {
      method: init.method ?? "GET",
      headers: {
        ...(init.token === null ? {} : { token: init.token ?? postex.token }),
        "Content-Type": "application/json",
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const order = {
    orderRefNumber: "KP-1",
    invoicePayment: 1800,
    orderDetail: "Shirt",
    customerName: "Sana",
    customerPhone: "03331234567",
    deliveryAddress: "House 1",
    transactionNotes: "",
    cityName: "Multan",
    invoiceDivision: 1,
    items: 1,
    orderType: "Normal",
  };

  it("refuses a missing or wrong token with 401 in PostEx's shape", async () => {
    for (const token of [null, "nope"]) {
      const response = await call("v2/get-operational-city", { token });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        statusCode: "401",
        statusMessage: "Unauthorized: invalid or missing token",
        dist: null,
      });
    }
  });

  it("refuses a create-order without a mandatory field, naming it, and books nothing", async () => {
    for (const field of [
      "orderRefNumber",
      "customerName",
      "customerPhone",
      "deliveryAddress",
      "cityName",
      "items",
      "orderType",
    ]) {
      const response = await call("v3/create-order", { method: "POST", body: { ...order, [field]: "" } });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: "400", statusMessage: `${field} is required` });
    }
    expect(postex.parcels.size).toBe(0);
    const booked = await call("v3/create-order", { method: "POST", body: order });
    const body = await booked.json();
    expect(body).toMatchObject({
      statusCode: "200",
      statusMessage: "ORDER HAS BEEN CREATED",
      dist: { trackingNumber: expect.stringMatching(/^\d{11}$/) },
    });
    expect(postex.parcelFor("KP-1")?.trackingNumber).toBe(body.dist.trackingNumber);
    expect(postex.seen.at(-1)).toMatchObject({
      method: "POST",
      path: "/services/integration/api/order/v3/create-order",
      body: order,
    });
  });

  it("drives a journey with PostEx's codes and times, and settles a payment", async () => {
    const booked = await (
      await call("v3/create-order", { method: "POST", body: { ...order, orderRefNumber: "KP-2" } })
    ).json();
    const number = booked.dist.trackingNumber as string;
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3_600_000);
    postex.advance(number, "picked-up", { at });
    postex.advance(number, "attempted", { at, reason: "Phone off" });
    const tracked = await (await call(`v1/track-order/${number}`)).json();
    expect(tracked.dist.transactionStatus).toBe("Attempted");
    expect(tracked.dist.transactionStatusHistory.slice(1)).toEqual([
      {
        transactionStatusMessage: "At PostEx Warehouse",
        transactionStatusMessageCode: "0003",
        modifiedDatetime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      },
      {
        transactionStatusMessage: "Attempt Made: Phone off",
        transactionStatusMessageCode: "0013",
        modifiedDatetime: expect.any(String),
      },
    ]);
    postex.settle([number], { on: "2026-11-30", reference: "CPR-9", charges: 150.5 });
    expect((await (await call(`v1/payment-status/${number}`)).json()).dist).toMatchObject({
      settle: true,
      settlementDate: "2026-11-30",
      cprNumber_1: "CPR-9",
    });
    const bulk = await (await call(`v1/track-bulk-order?TrackingNumbers=${number},00000000000`)).json();
    expect(bulk.dist[0].trackingResponse).toMatchObject({
      invoicePayment: 1800,
      transactionFee: 150.5,
      upfrontPayment: 1649.5,
    });
    expect(bulk.dist[1]).toEqual({ trackingResponse: null, trackingNumber: "00000000000", message: "ORDER NOT FOUND" });
  });

  it("fails on demand: an HTTP error page, a hang past the caller's timeout, then answers again", async () => {
    postex.failNext(1, { status: 502 });
    const failed = await call("v2/get-operational-city");
    expect(failed.status).toBe(502);
    expect(await failed.text()).toMatch(/502 Bad Gateway/);
    postex.hangNext(1);
    const hung = await fetch(new URL("v2/get-operational-city", postex.url), {
      headers: { token: postex.token },
      signal: AbortSignal.timeout(200),
    }).catch((e: Error) => e.name);
    expect(hung).toBe("TimeoutError");
    expect((await call("v2/get-operational-city")).status).toBe(200);
  });
});
