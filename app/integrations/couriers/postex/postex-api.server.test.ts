import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CourierApiError, type ApiParcel, type CourierApi } from "~/modules/shipping/couriers/courier-api";
import { createPostexApi } from "./postex-api.server";
import { startPostexStandIn, type PostexStandIn } from "./postex-stand-in";

/** What a call threw, so a test can read its message and whether to retry. */
async function failure(promise: Promise<unknown>): Promise<CourierApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CourierApiError);
    return error as CourierApiError;
  }
  throw new Error("expected the call to fail");
}

describe("the PostEx API client against its stand-in", () => {
  let postex: PostexStandIn;
  let api: CourierApi;
  let credentials: { token: string };
  let serial = 1000;

  const parcel = (more: Partial<ApiParcel> = {}): ApiParcel => ({
    orderNumber: `KP-${++serial}`,
    consigneeName: "Ayesha Khan",
    phone: "+923001234567",
    email: "ayesha@example.pk",
    address: "House 5, Street 9, DHA Phase 5",
    city: { id: "Lahore", name: "Lahore" },
    codAmount: 2500,
    parcelValue: 2500,
    weightGrams: 800,
    pieces: 2,
    description: "Lawn suit (M) x1, Dupatta x1",
    exchangeFor: null,
    exchangeItems: null,
    pickupAddressCode: "001",
    remarks: null,
    ...more,
  });
  const lastRequest = (path: string) => postex.seen.filter((r) => r.path.endsWith(path)).pop();

  beforeAll(async () => {
    postex = await startPostexStandIn();
    api = createPostexApi({ baseUrl: postex.url, timeoutMs: 400 });
    credentials = { token: postex.token };
  });
  afterAll(async () => {
    await postex?.stop();
  });

  it("asks for the cities PostEx delivers to (by name, its id) and the shop's pickup addresses, with the token header", async () => {
    const cities = await api.cities(credentials);
    expect(cities).toContainEqual({ id: "Lahore", name: "Lahore" });
    expect(cities).toContainEqual({ id: "D.G. Khan", name: "D.G. Khan" });
    expect(cities.map((c) => c.name)).toEqual([...cities.map((c) => c.name)].sort((a, b) => a.localeCompare(b)));
    expect(lastRequest("v2/get-operational-city")).toMatchObject({
      method: "GET",
      query: { operationalCityType: "Delivery" },
      headers: { token: postex.token },
    });

    expect(await api.pickupAddresses(credentials)).toEqual([
      { code: "001", address: "Plot 12, Sundar Industrial Estate", city: "Lahore" },
      { code: "002", address: "Shop 4, Tariq Road", city: "Karachi" },
    ]);
    expect(api.credentialFields).toEqual([{ key: "token", label: "API token", secret: true }]);
  });

  it("books a parcel with PostEx's fields: phone as 03..., PostEx's city name, the cash in whole rupees, our order number", async () => {
    const order = parcel({ remarks: "Call before delivery" });
    const booked = await api.book(credentials, order);
    expect(booked).toEqual({ trackingNumber: postex.parcelFor(order.orderNumber)!.trackingNumber, labelUrl: null });
    expect(lastRequest("v3/create-order")).toMatchObject({ method: "POST", headers: { token: postex.token } });
    expect(lastRequest("v3/create-order")!.body).toEqual({
      orderRefNumber: order.orderNumber,
      invoicePayment: 2500,
      orderDetail: "Lawn suit (M) x1, Dupatta x1",
      customerName: "Ayesha Khan",
      customerPhone: "03001234567",
      deliveryAddress: "House 5, Street 9, DHA Phase 5",
      transactionNotes: "Call before delivery",
      cityName: "Lahore",
      invoiceDivision: 1,
      items: 2,
      orderType: "Normal",
      pickupAddressCode: "001",
    });
  });

  it("books an exchange as orderType Replacement, naming the order whose item comes back", async () => {
    const order = parcel({
      exchangeFor: "KP-0999",
      pickupAddressCode: null,
      city: { id: "D.G. Khan", name: "D.G. Khan" },
    });
    await api.book(credentials, order);
    const sent = lastRequest("v3/create-order")!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      orderType: "Replacement",
      cityName: "D.G. Khan",
      transactionNotes: "Exchange: collect the item of order KP-0999",
    });
    expect(sent).not.toHaveProperty("pickupAddressCode");
  });

  it("passes PostEx's refusals on in its words, not to be retried; never with the token", async () => {
    const city = await failure(
      api.book(credentials, parcel({ orderNumber: "KP-2001", city: { id: "Lahore Cantt", name: "Lahore Cantt" } })),
    );
    expect(city).toMatchObject({
      retryable: false,
      httpStatus: 400,
      message: "PostEx refused the booking of KP-2001: Invalid city name",
    });

    const phone = await failure(api.book(credentials, parcel({ orderNumber: "KP-2002", phone: "+4420123" })));
    expect(phone.message).toBe(
      "PostEx refused the booking of KP-2002: Invalid customer phone number. Format: 03xxxxxxxxx",
    );
    expect(phone.retryable).toBe(false);

    const wrongToken = "wrong-token-5f1e2d3c";
    const token = await failure(api.cities({ token: wrongToken }));
    expect(token).toMatchObject({ retryable: false, httpStatus: 401 });
    expect(token.message).toBe(
      "PostEx refused the API token for the list of cities: Unauthorized: invalid or missing token",
    );
    expect(token.message).not.toContain(wrongToken);

    const missing = await failure(api.cities({}));
    expect(missing).toMatchObject({
      retryable: false,
      message: "PostEx API token is missing: enter it in Settings -> Couriers",
    });
    expect(postex.parcelFor("KP-2001")).toBeUndefined();
  });

  it("retries what may pass later: 5xx, 429, a timeout, an unreachable server, an answer it cannot read", async () => {
    postex.failNext(1, { status: 502 });
    const gateway = await failure(api.cities(credentials));
    expect(gateway).toMatchObject({ retryable: true, httpStatus: 502 });
    expect(gateway.message).toMatch(/^PostEx could not take the list of cities just now: HTTP 502/);

    postex.failNext(1, { status: 429 });
    expect(await failure(api.pickupAddresses(credentials))).toMatchObject({ retryable: true, httpStatus: 429 });

    postex.hangNext(1);
    const slow = await failure(api.track(credentials, ["24173100001"]));
    expect(slow).toMatchObject({
      retryable: true,
      httpStatus: null,
      message: "no answer from PostEx within 400 ms for tracking of 1 parcel",
    });

    postex.failNext(1, { status: 200 });
    const html = await failure(api.cities(credentials));
    expect(html.retryable).toBe(true);
    expect(html.message).toMatch(/^PostEx answered in an unexpected shape: the list of cities: HTTP 200, not JSON/);

    const down = createPostexApi({ baseUrl: "http://127.0.0.1:9/services/integration/api/order/", timeoutMs: 2000 });
    const unreachable = await failure(down.cities(credentials));
    expect(unreachable.retryable).toBe(true);
    expect(unreachable.message).toMatch(/^PostEx could not be reached for the list of cities/);
    expect(unreachable.message).not.toContain(postex.token);
    // And the shop's next call goes through.
    expect((await api.cities(credentials)).length).toBeGreaterThan(10);
  });

  it("settles a booking whose answer was lost: findBooking finds the parcel by our order number, so it is never booked twice", async () => {
    const order = parcel({ orderNumber: "KP-3001" });
    const sentAt = new Date();
    postex.bookButLoseAnswer(1);
    const lost = await failure(api.book(credentials, order));
    expect(lost.retryable).toBe(true);
    expect(lost.message).toMatch(/^PostEx could not be reached for the booking of KP-3001/);

    const found = await api.findBooking(credentials, "KP-3001", { from: sentAt, to: new Date() });
    expect(found).toEqual({ trackingNumber: postex.parcelFor("KP-3001")!.trackingNumber, labelUrl: null });
    expect([...postex.parcels.values()].filter((p) => p.orderRefNumber === "KP-3001")).toHaveLength(1);
    expect(lastRequest("v1/get-all-order")!.query).toMatchObject({ orderStatusID: "0" });

    expect(await api.findBooking(credentials, "KP-3999", { from: sentAt, to: new Date() })).toBeNull();
  });

  it("cancels parcels not yet picked up; one already with PostEx stays booked, with PostEx's words", async () => {
    const a = await api.book(credentials, parcel());
    const b = await api.book(credentials, parcel());
    postex.advance(b.trackingNumber, "picked-up");
    expect(await api.cancel(credentials, [a.trackingNumber, b.trackingNumber, "99999999999"])).toEqual([
      { trackingNumber: a.trackingNumber, cancelled: true, message: null },
      {
        trackingNumber: b.trackingNumber,
        cancelled: false,
        message: "Order cannot be cancelled: it has been picked up",
      },
      { trackingNumber: "99999999999", cancelled: false, message: "Order Not Found" },
    ]);
    expect(postex.parcels.get(a.trackingNumber)!.cancelled).toBe(true);
    expect(postex.parcels.get(b.trackingNumber)!.cancelled).toBe(false);
    expect(lastRequest("v1/cancel-order")).toMatchObject({ method: "PUT" });
  });

  it("tracks 60 parcels in two bulk requests, each journey oldest first with PostEx's codes, times and reasons", async () => {
    const booked = [];
    for (let i = 0; i < 60; i++) booked.push(await api.book(credentials, parcel()));
    const numbers = booked.map((b) => b.trackingNumber);
    const [attempted, delivered, refused, returned] = numbers;
    // Hours after now, in whole seconds (couriers write times to the second).
    const start = Math.ceil(Date.now() / 1000) * 1000;
    const at = (hours: number) => new Date(start + hours * 3_600_000);
    for (const n of [attempted, delivered, refused, returned]) postex.advance(n, "picked-up", { at: at(1) });
    postex.advance(attempted, "attempted", { at: at(26), reason: "Customer not answering" });
    postex.advance(delivered, "delivered", { at: at(27.5) });
    postex.advance(refused, "refused", { at: at(28) });
    postex.advance(returned, "attempted", { at: at(25) });
    postex.advance(returned, "returned", { at: at(73.25) });

    const before = postex.seen.filter((r) => r.path.endsWith("v1/track-bulk-order")).length;
    const tracked = await api.track(credentials, numbers);
    const requests = postex.seen.filter((r) => r.path.endsWith("v1/track-bulk-order")).slice(before);
    expect(requests.map((r) => r.query.TrackingNumbers.split(",").length)).toEqual([50, 10]);
    expect(tracked).toHaveLength(60);
    const journey = (n: string) => tracked.find((t) => t.trackingNumber === n)!;

    expect(journey(attempted).orderNumber).toBe(postex.parcels.get(attempted)!.orderRefNumber);
    expect(journey(attempted).events.map((e) => [e.kind, e.code, e.status, e.reason])).toEqual([
      ["booked", "0001", "At Merchant's Warehouse", null],
      ["picked-up", "0003", "At PostEx Warehouse", null],
      ["attempted", "0013", "Attempt Made", "Customer not answering"],
    ]);
    expect(journey(attempted).events[2].at).toEqual(at(26));
    expect(journey(delivered).events.at(-1)).toEqual({
      kind: "delivered",
      code: "0005",
      status: "Delivered",
      at: at(27.5),
      reason: null,
    });
    expect(journey(refused).events.at(-1)).toMatchObject({
      kind: "refused",
      code: "0013",
      reason: "Customer refused to accept the parcel",
    });
    expect(journey(returned).events.map((e) => e.kind)).toEqual(["booked", "picked-up", "attempted", "returned"]);
    expect(journey(returned).events.at(-1)!.at).toEqual(at(73.25));
    expect(journey(numbers[59]).events.map((e) => e.kind)).toEqual(["booked"]);
  });

  it("reads payments to the paisa, with PostEx's receipt number and date; an unpaid parcel is not settled", async () => {
    const paid = await api.book(credentials, parcel());
    const unpaid = await api.book(credentials, parcel());
    postex.advance(paid.trackingNumber, "delivered");
    postex.settle([paid.trackingNumber], { on: "2026-11-28", reference: "CPR-20261128-7", charges: "191.18" });
    const back = await api.book(credentials, parcel());
    postex.advance(back.trackingNumber, "returned");
    postex.settle([back.trackingNumber], { on: "2026-11-29", reference: "CPR-20261129-2", charges: 120 });
    expect(await api.payments(credentials, [back.trackingNumber])).toEqual([
      {
        trackingNumber: back.trackingNumber,
        settled: true,
        settledOn: "2026-11-29",
        reference: "CPR-20261129-2",
        collectedPaisa: 0,
        chargesPaisa: 12_000,
        netPaidPaisa: -12_000,
        incomeTaxPaisa: null,
        salesTaxPaisa: null,
      },
    ]);
    const unsettled = (trackingNumber: string) => ({
      trackingNumber,
      settled: false,
      settledOn: null,
      reference: null,
      collectedPaisa: null,
      chargesPaisa: null,
      netPaidPaisa: null,
      incomeTaxPaisa: null,
      salesTaxPaisa: null,
    });
    expect(await api.payments(credentials, [paid.trackingNumber, unpaid.trackingNumber, "00000000000"])).toEqual([
      {
        trackingNumber: paid.trackingNumber,
        settled: true,
        settledOn: "2026-11-28",
        reference: "CPR-20261128-7",
        collectedPaisa: 250_000,
        chargesPaisa: 19_118,
        netPaidPaisa: 230_882,
        incomeTaxPaisa: null,
        salesTaxPaisa: null,
      },
      unsettled(unpaid.trackingNumber),
      unsettled("00000000000"),
    ]);
    expect(
      postex.seen.filter((r) => r.path.includes("v1/payment-status/")).map((r) => r.path.split("/").pop()),
    ).toEqual(expect.arrayContaining([paid.trackingNumber, unpaid.trackingNumber]));
  });

  it("fetches the airway bill as a PDF", async () => {
    const booked = await api.book(credentials, parcel());
    const label = await api.label(credentials, booked.trackingNumber, null);
    expect(label.kind).toBe("pdf");
    expect(new TextDecoder().decode(label.kind === "pdf" ? label.bytes.slice(0, 5) : new Uint8Array())).toBe("%PDF-");
    expect(lastRequest("v1/get-invoice")!.query).toEqual({ trackingNumbers: booked.trackingNumber });
    const missing = await failure(api.label(credentials, "12345", null));
    expect(missing).toMatchObject({
      retryable: false,
      message: "PostEx refused the airway bill of 12345: Order Not Found: 12345",
    });
  });

  it("sends shipper advice after an attempt: 2 to try again, 1 to return, with the owner's remarks", async () => {
    const again = await api.book(credentials, parcel());
    const back = await api.book(credentials, parcel());
    postex.advance(again.trackingNumber, "attempted");
    postex.advance(back.trackingNumber, "attempted");
    await api.advise(credentials, again.trackingNumber, "reattempt", "Call before 5 pm");
    await api.advise(credentials, back.trackingNumber, "return", "");
    expect(postex.advice.slice(-2)).toEqual([
      { trackingNumber: again.trackingNumber, statusId: 2, remarks: "Call before 5 pm" },
      { trackingNumber: back.trackingNumber, statusId: 1, remarks: "Return to shipper" },
    ]);
    expect(lastRequest("v2/save-shipper-advice")).toMatchObject({ method: "PUT" });

    const fresh = await api.book(credentials, parcel());
    const early = await failure(api.advise(credentials, fresh.trackingNumber, "reattempt", "x"));
    expect(early).toMatchObject({
      retryable: false,
      message: `PostEx refused the shipper advice for ${fresh.trackingNumber}: Shipper advice can only be saved for an attempted order`,
    });
  });
});
