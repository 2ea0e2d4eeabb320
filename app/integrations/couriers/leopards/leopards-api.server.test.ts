import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CourierApiError, type ApiParcel, type CourierApi } from "~/modules/shipping/couriers/courier-api";
import { createLeopardsApi } from "./leopards-api.server";
import { QUERY_ONLY_METHODS, startLeopardsStandIn, type LeopardsStandIn } from "./leopards-stand-in";

async function failure(promise: Promise<unknown>): Promise<CourierApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CourierApiError);
    return error as CourierApiError;
  }
  throw new Error("expected the call to fail");
}

describe("the Leopards API client against its stand-in", () => {
  let leopards: LeopardsStandIn;
  let api: CourierApi;
  let credentials: { apiKey: string; apiPassword: string };
  let serial = 5000;

  const parcel = (more: Partial<ApiParcel> = {}): ApiParcel => ({
    orderNumber: `KP-${++serial}`,
    consigneeName: "Bilal Ahmed",
    phone: "+923451234567",
    email: "bilal@example.pk",
    address: "Flat 3, Block B, Gulshan-e-Iqbal",
    city: { id: String(leopards.cityId("Karachi")), name: "Karachi" },
    codAmount: 3450,
    parcelValue: 2500,
    weightGrams: 1200,
    pieces: 1,
    description: "Kurta (L) x1",
    exchangeFor: null,
    exchangeItems: null,
    pickupAddressCode: null,
    remarks: null,
    ...more,
  });
  const lastRequest = (method: string) => leopards.seen.filter((r) => r.path.includes(`/${method}/`)).pop();

  beforeAll(async () => {
    leopards = await startLeopardsStandIn();
    api = createLeopardsApi({ baseUrl: leopards.url, timeoutMs: 400 });
    credentials = { apiKey: leopards.apiKey, apiPassword: leopards.apiPassword };
  });
  afterAll(async () => {
    await leopards?.stop();
  });

  it("lists Leopards' cities with their numeric ids; it has no pickup address codes", async () => {
    const cities = await api.cities(credentials);
    expect(cities).toContainEqual({ id: "789", name: "Lahore" });
    expect(cities).toContainEqual({ id: "236", name: "Dera Ghazi Khan" });
    expect(cities).toContainEqual({ id: "625", name: "Muzaffargarh" });
    expect(lastRequest("getAllCities")).toMatchObject({
      method: "POST",
      path: "/api/getAllCities/format/json/",
      body: { api_key: leopards.apiKey, api_password: leopards.apiPassword },
    });
    expect(await api.pickupAddresses(credentials)).toEqual([]);
    expect(api.credentialFields.map((f) => [f.key, f.label, f.secret])).toEqual([
      ["apiKey", "API key", true],
      ["apiPassword", "API password", true],
    ]);
  });

  it("books a packet with Leopards' fields: grams, pieces, whole-rupee COD, city id, 03... phone, our order id; answers the slip link", async () => {
    const order = parcel({ remarks: "Call before delivery" });
    const booked = await api.book(credentials, order);
    const packet = leopards.packetFor(order.orderNumber)!;
    expect(booked).toEqual({
      trackingNumber: packet.trackNumber,
      labelUrl: `${leopards.url}slip/${packet.trackNumber}.pdf`,
    });
    expect(lastRequest("bookPacket")!.body).toEqual({
      api_key: leopards.apiKey,
      api_password: leopards.apiPassword,
      booked_packet_weight: 1200,
      booked_packet_no_piece: 1,
      booked_packet_collect_amount: 3450,
      booked_packet_order_id: order.orderNumber,
      origin_city: "self",
      destination_city: 475,
      shipment_name_eng: "self",
      shipment_email: "self",
      shipment_phone: "self",
      shipment_address: "self",
      consignment_name_eng: "Bilal Ahmed",
      consignment_email: "bilal@example.pk",
      consignment_phone: "03451234567",
      consignment_address: "Flat 3, Block B, Gulshan-e-Iqbal",
      special_instructions: "Call before delivery. Kurta (L) x1",
    });
    const exchange = parcel({ exchangeFor: "KP-0999" });
    await api.book(credentials, exchange);
    expect((lastRequest("bookPacket")!.body as Record<string, unknown>).special_instructions).toBe(
      "Exchange: collect the item of order KP-0999. Kurta (L) x1",
    );
  });

  it("passes Leopards' refusals (status 0) on in its words, not to be retried; never with the key or password", async () => {
    const city = await failure(
      api.book(credentials, parcel({ orderNumber: "KP-6001", city: { id: "99999", name: "Atlantis" } })),
    );
    expect(city).toMatchObject({
      retryable: false,
      httpStatus: 200,
      message: "Leopards refused the booking of KP-6001: Invalid Destination City",
    });

    const wrong = { apiKey: "WRONGKEY1234567890", apiPassword: "wrong-password-4321" };
    const refused = await failure(api.cities(wrong));
    expect(refused).toMatchObject({
      retryable: false,
      message: "Leopards refused the list of cities: Invalid API Key or Password",
    });
    for (const secret of [wrong.apiKey, wrong.apiPassword, leopards.apiKey, leopards.apiPassword])
      expect(refused.message).not.toContain(secret);

    const missing = await failure(api.cities({ apiKey: leopards.apiKey }));
    expect(missing).toMatchObject({
      retryable: false,
      message: "Leopards API key or password is missing: enter them in Settings -> Couriers",
    });
    expect(leopards.packetFor("KP-6001")).toBeUndefined();
  });

  it("retries what may pass later: 5xx, 429, a timeout, an unreachable server, an answer it cannot read; the password never shows", async () => {
    leopards.failNext(1, { status: 503 });
    expect(await failure(api.cities(credentials))).toMatchObject({ retryable: true, httpStatus: 503 });
    leopards.failNext(1, { status: 429 });
    expect(await failure(api.cities(credentials))).toMatchObject({ retryable: true, httpStatus: 429 });

    // getPaymentDetails is a GET: the key and password ride in the query, and must not ride into a message.
    leopards.hangNext(1);
    const slow = await failure(api.payments(credentials, ["LE71000000"]));
    expect(slow).toMatchObject({
      retryable: true,
      message: "no answer from Leopards within 400 ms for the payment details of 1 parcel",
    });

    leopards.failNext(1, { status: 200 });
    const html = await failure(api.cities(credentials));
    expect(html.retryable).toBe(true);
    expect(html.message).toMatch(/^Leopards answered in an unexpected shape: the list of cities: HTTP 200, not JSON/);

    const down = createLeopardsApi({ baseUrl: "http://127.0.0.1:9/api/", timeoutMs: 2000 });
    const unreachable = await failure(down.payments(credentials, ["LE71000000"]));
    expect(unreachable.retryable).toBe(true);
    expect(unreachable.message).toMatch(/^Leopards could not be reached for the payment details of 1 parcel/);
    expect(unreachable.message).not.toContain(leopards.apiPassword);
    expect(unreachable.message).not.toContain(encodeURIComponent(leopards.apiPassword));
  });

  it("settles a booking whose answer was lost: findBooking asks by our order id, so it is never booked twice", async () => {
    const order = parcel({ orderNumber: "KP-7001" });
    leopards.bookButLoseAnswer(1);
    const lost = await failure(api.book(credentials, order));
    expect(lost.retryable).toBe(true);
    const found = await api.findBooking(credentials, "KP-7001", { from: new Date(), to: new Date() });
    const packet = leopards.packetFor("KP-7001")!;
    expect(found).toEqual({
      trackingNumber: packet.trackNumber,
      labelUrl: `${leopards.url}slip/${packet.trackNumber}.pdf`,
    });
    expect([...leopards.packets.values()].filter((p) => p.orderId === "KP-7001")).toHaveLength(1);
    expect(lastRequest("getShipmentDetailsByOrderID")!.body).toMatchObject({ shipment_order_id: ["KP-7001"] });
    expect(await api.findBooking(credentials, "KP-7999", { from: new Date(), to: new Date() })).toBeNull();
  });

  it("cancels packets not yet picked up; Leopards' per-number refusals keep the others booked", async () => {
    const a = await api.book(credentials, parcel());
    const b = await api.book(credentials, parcel());
    leopards.advance(b.trackingNumber, "picked-up");
    expect(await api.cancel(credentials, [a.trackingNumber, b.trackingNumber])).toEqual([
      { trackingNumber: a.trackingNumber, cancelled: true, message: null },
      {
        trackingNumber: b.trackingNumber,
        cancelled: false,
        message: "Packet can not be cancelled: it is already picked up",
      },
    ]);
    expect(lastRequest("cancelBookedPackets")!.body).toMatchObject({
      cn_numbers: `${a.trackingNumber},${b.trackingNumber}`,
    });
    expect(leopards.packets.get(a.trackingNumber)!.cancelled).toBe(true);
  });

  it("tracks 60 packets in chunks of 50, each journey oldest first with Leopards' words, times and reasons", async () => {
    const booked = [];
    for (let i = 0; i < 60; i++) booked.push(await api.book(credentials, parcel()));
    const numbers = booked.map((b) => b.trackingNumber);
    const [attempted, delivered, refused, returned] = numbers;
    // Hours after now, in whole seconds (couriers write times to the second).
    const start = Math.ceil(Date.now() / 1000) * 1000;
    const at = (hours: number) => new Date(start + hours * 3_600_000);
    for (const n of [attempted, delivered, refused, returned]) {
      leopards.advance(n, "picked-up", { at: at(1) });
      leopards.advance(n, "in-transit", { at: at(5) });
    }
    leopards.advance(attempted, "attempted", { at: at(26) });
    leopards.advance(delivered, "delivered", { at: at(27.5) });
    leopards.advance(refused, "refused", { at: at(28) });
    leopards.advance(returned, "returned", { at: at(73.25) });

    const before = leopards.seen.filter((r) => r.path.includes("/trackBookedPacket/")).length;
    const tracked = await api.track(credentials, numbers);
    const requests = leopards.seen.filter((r) => r.path.includes("/trackBookedPacket/")).slice(before);
    expect(requests.map((r) => String((r.body as { track_numbers: string }).track_numbers).split(",").length)).toEqual([
      50, 10,
    ]);
    expect(tracked).toHaveLength(60);
    const journey = (n: string) => tracked.find((t) => t.trackingNumber === n)!;

    expect(journey(attempted).events.map((e) => [e.kind, e.status, e.reason])).toEqual([
      ["booked", "Pickup Request not Send", null],
      ["picked-up", "Consignment Booked", null],
      ["in-transit", "Dispatched", null],
      ["attempted", "Pending", "Consignee not available"],
    ]);
    expect(journey(attempted).events[3].at).toEqual(at(26));
    expect(journey(attempted).orderNumber).toBe(leopards.packets.get(attempted)!.orderId);
    expect(journey(delivered).events.at(-1)).toEqual({
      kind: "delivered",
      status: "Delivered",
      code: null,
      at: at(27.5),
      reason: null,
    });
    expect(journey(refused).events.at(-1)).toMatchObject({
      kind: "refused",
      status: "Refused",
      reason: "Consignee refused to accept",
    });
    expect(journey(returned).events.at(-1)).toMatchObject({
      kind: "returned",
      status: "Returned to shipper",
      at: at(73.25),
    });
  });

  it("reads payments in chunks of 50 to the paisa, with the cheque or transfer number and its date", async () => {
    const paid = await api.book(credentials, parcel());
    leopards.advance(paid.trackingNumber, "delivered");
    leopards.settle([paid.trackingNumber], { on: "2026-11-28", reference: "INV-554433", charges: "191.18" });
    const others = [];
    for (let i = 0; i < 50; i++) others.push((await api.book(credentials, parcel())).trackingNumber);
    const payments = await api.payments(credentials, [paid.trackingNumber, ...others]);
    expect(payments).toHaveLength(51);
    expect(payments[0]).toEqual({
      trackingNumber: paid.trackingNumber,
      settled: true,
      settledOn: "2026-11-28",
      reference: "INV-554433",
      collectedPaisa: 345_000,
      chargesPaisa: 19_118,
      netPaidPaisa: 325_882,
      incomeTaxPaisa: null,
      salesTaxPaisa: null,
    });
    expect(payments[50]).toEqual({
      trackingNumber: others[49],
      settled: false,
      settledOn: null,
      reference: null,
      collectedPaisa: null,
      chargesPaisa: null,
      netPaidPaisa: null,
      incomeTaxPaisa: null,
      salesTaxPaisa: null,
    });
    expect(await api.payments(credentials, ["LE00000001"])).toEqual([
      {
        trackingNumber: "LE00000001",
        settled: false,
        settledOn: null,
        reference: null,
        collectedPaisa: null,
        chargesPaisa: null,
        netPaidPaisa: null,
        incomeTaxPaisa: null,
        salesTaxPaisa: null,
      },
    ]);
    const asked = leopards.seen.filter((r) => r.path.includes("/getPaymentDetails/")).slice(-3, -1);
    expect(asked.map((r) => r.method)).toEqual(["GET", "GET"]);
    expect(asked.map((r) => r.query.cn_numbers.split(",").length)).toEqual([50, 1]);
  });

  it("gives the slip link as the airway bill", async () => {
    const booked = await api.book(credentials, parcel());
    expect(await api.label(credentials, booked.trackingNumber, booked.labelUrl)).toEqual({
      kind: "url",
      url: booked.labelUrl,
    });
    expect(await failure(api.label(credentials, booked.trackingNumber, null))).toMatchObject({ retryable: false });
  });

  it("sends shipper advice on the attempt's advice record: RA to try again, RT to return, with the owner's remarks", async () => {
    const again = await api.book(credentials, parcel());
    const back = await api.book(credentials, parcel());
    leopards.advance(again.trackingNumber, "attempted");
    leopards.advance(back.trackingNumber, "attempted", { reason: "Address not found" });
    await api.advise(credentials, again.trackingNumber, "reattempt", "Call before 5 pm");
    await api.advise(credentials, back.trackingNumber, "return", "Buyer cancelled");
    const recordOf = (n: string) => leopards.packets.get(n)!.adviceRecords[0].id;
    expect(leopards.advice.slice(-2)).toEqual([
      { id: recordOf(again.trackingNumber), cnNumber: again.trackingNumber, status: "RA", remarks: "Call before 5 pm" },
      { id: recordOf(back.trackingNumber), cnNumber: back.trackingNumber, status: "RT", remarks: "Buyer cancelled" },
    ]);
    const fresh = await api.book(credentials, parcel());
    expect(await failure(api.advise(credentials, fresh.trackingNumber, "return", "x"))).toMatchObject({
      retryable: false,
      message: `Leopards refused the shipper advice for ${fresh.trackingNumber}: no delivery attempt awaits advice for this parcel`,
    });
  });

  // Last: every call above has been made.
  it("never puts the key or password in a URL but for the two GET-only methods (payment details, shipping charges)", async () => {
    const methods = new Set(leopards.seen.map((r) => /\/api\/([A-Za-z]+)\//.exec(r.path)?.[1]).filter(Boolean));
    expect([...methods]).toEqual(
      expect.arrayContaining([
        "getAllCities",
        "bookPacket",
        "trackBookedPacket",
        "cancelBookedPackets",
        "getShipmentDetailsByOrderID",
        "getPaymentDetails",
        "getShippingCharges",
        "shipperAdviceList",
        "updateShipperAdvice",
      ]),
    );
    for (const request of leopards.seen) {
      const method = /\/api\/([A-Za-z]+)\//.exec(request.path)?.[1] ?? "";
      if (!method || request.path.includes("/slip/")) continue;
      if (QUERY_ONLY_METHODS.includes(method)) {
        expect(request.method, method).toBe("GET");
        continue;
      }
      expect(request.method, method).toBe("POST");
      expect(request.query, method).not.toHaveProperty("api_key");
      expect(request.query, method).not.toHaveProperty("api_password");
      expect(request.body, method).toMatchObject({ api_key: expect.any(String), api_password: expect.any(String) });
    }
  });
});
