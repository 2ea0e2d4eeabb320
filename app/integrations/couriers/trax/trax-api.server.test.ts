import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopDay } from "~/lib/shop-time";
import { CourierApiError, type ApiParcel, type CourierApi } from "~/modules/shipping/couriers/courier-api";
import { createTraxApi, piecesIn } from "./trax-api.server";
import { startTraxStandIn, type TraxStandIn } from "./trax-stand-in";

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

describe("the Trax API client against its stand-in", () => {
  let trax: TraxStandIn;
  let api: CourierApi;
  let credentials: { apiKey: string };
  let serial = 1000;

  const parcel = (more: Partial<ApiParcel> = {}): ApiParcel => ({
    orderNumber: `KP-${++serial}`,
    consigneeName: "Ayesha Khan",
    phone: "+923001234567",
    email: "ayesha@example.pk",
    address: "House 5, Street 9, DHA Phase 5",
    city: { id: "202", name: "Karachi" },
    codAmount: 2500,
    parcelValue: 2500,
    weightGrams: 800,
    pieces: 2,
    description: "1 x Lawn suit (M, Green), 1 x Dupatta",
    exchangeFor: null,
    exchangeItems: null,
    pickupAddressCode: "3015",
    remarks: null,
    ...more,
  });
  const requests = (path: string) => trax.seen.filter((r) => r.path === `/api/${path}`);
  const lastRequest = (path: string) => requests(path).pop();

  beforeAll(async () => {
    trax = await startTraxStandIn();
    api = createTraxApi({ baseUrl: trax.url, timeoutMs: 300 });
    credentials = trax.credentials;
  });
  afterAll(async () => {
    await trax?.stop();
  });

  it("lists the cities Trax delivers to with its ids, and the account's enabled pickup addresses, with the raw key in Authorization", async () => {
    expect(api.kind).toBe("trax");
    expect(api.credentialFields).toEqual([{ key: "apiKey", label: "API key", secret: true }]);
    expect(api.offers).toEqual({ findBooking: true, replacement: true, advise: true, label: true, payments: true });

    const cities = await api.cities(credentials);
    expect(cities).toContainEqual({ id: "202", name: "Karachi" });
    expect(cities).toContainEqual({ id: "114", name: "Muzaffargarh" });
    // Gwadar's `delivery` is empty: Trax delivers nothing there.
    expect(cities.map((c) => c.name)).not.toContain("Gwadar");
    expect(cities.map((c) => c.name)).toEqual([...cities.map((c) => c.name)].sort((a, b) => a.localeCompare(b)));
    expect(lastRequest("cities")).toMatchObject({ method: "GET", headers: { authorization: trax.apiKey } });

    expect(await api.pickupAddresses(credentials)).toEqual([
      { code: "3015", address: "Plot 12, Sundar Industrial Estate", city: "Lahore" },
      { code: "3016", address: "Shop 4, Tariq Road", city: "Karachi" },
    ]);
  });

  it("books with Trax's documented fields: 03 phone, its city id, the pickup address id, whole-rupee COD, our order id, remarks as instructions", async () => {
    const order = parcel({ remarks: "Call before delivery" });
    const booked = await api.book(credentials, order);
    expect(booked).toEqual({ trackingNumber: trax.parcelFor(order.orderNumber)!.trackingNumber, labelUrl: null });
    expect(booked.trackingNumber).toMatch(/^\d{12}$/);
    expect(lastRequest("shipment/book")).toMatchObject({ method: "POST", headers: { authorization: trax.apiKey } });
    expect(lastRequest("shipment/book")!.body).toEqual({
      service_type_id: 1,
      pickup_address_id: 3015,
      information_display: 1,
      consignee_city_id: 202,
      consignee_name: "Ayesha Khan",
      consignee_address: "House 5, Street 9, DHA Phase 5",
      consignee_phone_number_1: "03001234567",
      consignee_email_address: "ayesha@example.pk",
      order_id: order.orderNumber,
      item_product_type_id: 1,
      item_description: "1 x Lawn suit (M, Green), 1 x Dupatta",
      item_quantity: 2,
      item_insurance: 0,
      pickup_date: shopDay(new Date()),
      special_instructions: "Call before delivery",
      estimated_weight: 0.8,
      shipping_mode_id: 1,
      amount: 2500,
      payment_mode_id: 1,
      charges_mode_id: 4,
    });

    // Trax's DOC prints the answer's key with a space: read either.
    trax.settings.bookAnswerKey = "tracking number";
    try {
      const spaced = await api.book(credentials, parcel());
      expect(spaced.trackingNumber).toMatch(/^\d{12}$/);
    } finally {
      trax.settings.bookAnswerKey = "tracking_number";
    }
  });

  it("books an exchange as a Replacement (service type 2): the pieces collected described and counted, the old order as a reference", async () => {
    const order = parcel({
      exchangeFor: "KP-0999",
      exchangeItems: "1 x Lawn suit (M, Green), 2 x Dupatta (Free, Red)",
      remarks: "EXCHANGE: collect the old item (KP-0999)",
    });
    const booked = await api.book(credentials, order);
    const sent = lastRequest("shipment/book")!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      service_type_id: 2,
      replacement_item_product_type_id: 1,
      replacement_item_description: "1 x Lawn suit (M, Green), 2 x Dupatta (Free, Red)",
      replacement_item_quantity: 3,
      shipper_reference_number_1: "KP-0999",
      special_instructions: "EXCHANGE: collect the old item (KP-0999)",
      item_quantity: 2,
      amount: 2500,
    });
    expect(trax.parcels.get(booked.trackingNumber)!.serviceTypeId).toBe(2);

    // Without the pieces named: the old order's item, one piece.
    await api.book(credentials, parcel({ exchangeFor: "KP-0998" }));
    expect(lastRequest("shipment/book")!.body).toMatchObject({
      replacement_item_description: "the item of order KP-0998",
      replacement_item_quantity: 1,
    });

    // Trax lists no Replacement for Muzaffargarh: its refusal, in its words.
    const nowhere = await failure(
      api.book(
        credentials,
        parcel({ orderNumber: "KP-1900", exchangeFor: "KP-0997", city: { id: "114", name: "Muzaffargarh" } }),
      ),
    );
    expect(nowhere).toMatchObject({
      retryable: false,
      message:
        "Trax refused the booking of KP-1900: Delivery is not allowed for City ID #114 with Service Type ID #2 and Shipping Mode ID #1",
    });
  });

  it("counts the pieces collected from the leading counts of the exchange's items", () => {
    expect(piecesIn("1 x Kurta (L, Blue)")).toBe(1);
    expect(piecesIn("2 x Kurta (L, Blue), 3 x Shalwar (M, )")).toBe(5);
    expect(piecesIn("Lawn suit")).toBe(1);
    expect(piecesIn(null)).toBe(1);
  });

  it("books prepaid as payment mode 4 with nothing to collect and the goods' value, which Trax requires then", async () => {
    const booked = await api.book(credentials, parcel({ orderNumber: "KP-1950", codAmount: 0, parcelValue: 3200 }));
    expect(trax.parcels.get(booked.trackingNumber)!.request).toMatchObject({
      amount: 0,
      payment_mode_id: 4,
      parcel_value: 3200,
    });
    // A COD parcel sends no parcel value: the amount to collect is its value.
    await api.book(credentials, parcel({ orderNumber: "KP-1951", codAmount: 2500 }));
    expect(lastRequest("shipment/book")!.body).not.toHaveProperty("parcel_value");
  });

  it("takes Trax's default pickup address when none is chosen, else the only one, else asks the owner to choose", async () => {
    await api.book(credentials, parcel({ pickupAddressCode: null }));
    expect(lastRequest("shipment/book")!.body).toMatchObject({ pickup_address_id: 3015 });

    const saved = trax.pickupAddresses.map((a) => ({ ...a }));
    try {
      trax.pickupAddresses[0].default = false;
      const none = await failure(api.book(credentials, parcel({ orderNumber: "KP-1960", pickupAddressCode: null })));
      expect(none).toMatchObject({
        retryable: false,
        message:
          "Trax has 2 pickup addresses and none is its default: choose Trax's pickup address in Settings -> Couriers -> API connection",
      });
      trax.pickupAddresses.splice(0, 1);
      await api.book(credentials, parcel({ pickupAddressCode: null }));
      expect(lastRequest("shipment/book")!.body).toMatchObject({ pickup_address_id: 3016 });

      trax.pickupAddresses.splice(0);
      expect(await api.pickupAddresses(credentials)).toEqual([]);
      const empty = await failure(api.book(credentials, parcel({ orderNumber: "KP-1961", pickupAddressCode: null })));
      expect(empty.message).toBe(
        "Trax has no pickup address for this account: add one in Trax's portal, then choose it in Settings -> Couriers -> API connection",
      );
      expect(trax.parcelFor("KP-1960")).toBeUndefined();
    } finally {
      trax.pickupAddresses.splice(0, trax.pickupAddresses.length, ...saved);
    }

    const disabled = await failure(
      api.book(credentials, parcel({ orderNumber: "KP-1962", pickupAddressCode: "3017" })),
    );
    expect(disabled.message).toBe("Trax refused the booking of KP-1962: Pickup Address ID #3017 is disabled");
  });

  it("passes Trax's refusals on in its words, not to be retried; a wrong key never shows", async () => {
    const phone = await failure(api.book(credentials, parcel({ orderNumber: "KP-2001", phone: "+92300123" })));
    expect(phone).toMatchObject({
      retryable: false,
      httpStatus: 200,
      message:
        "Trax refused the booking of KP-2001: Consignee Phone Number 1 format is Invalid or must be integer, required Format is: (03000000000, +92-300-0000000, 300-0000000, 0300-0000000).",
    });

    const city = await failure(
      api.book(credentials, parcel({ orderNumber: "KP-2002", city: { id: "99999", name: "Atlantis" } })),
    );
    expect(city.message).toBe("Trax refused the booking of KP-2002: Given Consignee City ID is of Invalid ID.");
    expect(city.retryable).toBe(false);

    const wrongKey = "wrong-trax-key-5f1e2d3c";
    const refused = await failure(api.cities({ apiKey: wrongKey }));
    expect(refused).toMatchObject({
      retryable: false,
      message: "Trax refused the API key for the list of cities: Invalid API Token (Authorization).",
    });
    expect(refused.message).not.toContain(wrongKey);
    // A refused key is never read as "not found" nor as a parcel that stays booked.
    expect(
      await failure(api.findBooking({ apiKey: wrongKey }, "KP-1", { from: new Date(), to: new Date() })),
    ).toMatchObject({
      retryable: false,
    });
    expect(await failure(api.cancel({ apiKey: wrongKey }, ["202200000001"]))).toMatchObject({ retryable: false });

    expect(await failure(api.cities({}))).toMatchObject({
      retryable: false,
      message: "Trax API key is missing: enter it in Settings -> Couriers",
    });
    expect(trax.parcelFor("KP-2001")).toBeUndefined();
    expect(trax.parcelFor("KP-2002")).toBeUndefined();
  });

  it("retries what may pass later: 5xx, 429, a timeout, an unreachable server, an answer it cannot read", async () => {
    trax.failNext(1, { status: 500 });
    const server = await failure(api.cities(credentials));
    expect(server).toMatchObject({ retryable: true, httpStatus: 500 });
    expect(server.message).toBe("Trax could not take the list of cities just now: HTTP 500");

    trax.failNext(1, { status: 429 });
    expect(await failure(api.pickupAddresses(credentials))).toMatchObject({ retryable: true, httpStatus: 429 });

    trax.hangNext(1);
    const slow = await failure(api.book(credentials, parcel({ orderNumber: "KP-2101" })));
    expect(slow).toMatchObject({
      retryable: true,
      httpStatus: null,
      message: "no answer from Trax within 300 ms for the booking of KP-2101",
    });

    trax.failNext(1, { status: 200 });
    const html = await failure(api.cities(credentials));
    expect(html.retryable).toBe(true);
    expect(html.message).toMatch(/^Trax answered in an unexpected shape: the list of cities: HTTP 200, not JSON/);

    const down = createTraxApi({ baseUrl: "http://127.0.0.1:9/api", timeoutMs: 2000 });
    const unreachable = await failure(down.cities(credentials));
    expect(unreachable.retryable).toBe(true);
    expect(unreachable.message).toMatch(/^Trax could not be reached for the list of cities/);
    expect(unreachable.message).not.toContain(trax.apiKey);
    expect((await api.cities(credentials)).length).toBeGreaterThan(10);
  });

  it("settles a booking whose answer was lost: findBooking finds it by our order id (the newest not cancelled), so it is never booked twice", async () => {
    const order = parcel({ orderNumber: "KP-3001" });
    trax.bookButLoseAnswer(1);
    const lost = await failure(api.book(credentials, order));
    expect(lost.retryable).toBe(true);
    expect(lost.message).toMatch(/^Trax could not be reached for the booking of KP-3001/);

    const sent = { from: new Date(), to: new Date() };
    const found = await api.findBooking(credentials, "KP-3001", sent);
    expect(found).toEqual({ trackingNumber: trax.parcelFor("KP-3001")!.trackingNumber, labelUrl: null });
    expect([...trax.parcels.values()].filter((p) => p.orderId === "KP-3001")).toHaveLength(1);
    expect(lastRequest("shipment/track/order_id")!.query).toEqual({ order_id: "KP-3001", type: "0" });

    // Cancelled and booked again under the same order id: the live booking is the one found.
    await api.cancel(credentials, [found!.trackingNumber]);
    expect(await api.findBooking(credentials, "KP-3001", sent)).toBeNull();
    const again = await api.book(credentials, order);
    expect(await api.findBooking(credentials, "KP-3001", sent)).toEqual({
      trackingNumber: again.trackingNumber,
      labelUrl: null,
    });

    expect(await api.findBooking(credentials, "KP-3999", sent)).toBeNull();
  });

  it("cancels parcels still booked, one call each; one picked up stays, with Trax's words", async () => {
    const a = await api.book(credentials, parcel());
    const b = await api.book(credentials, parcel());
    trax.advance(b.trackingNumber, "picked-up");
    expect(await api.cancel(credentials, [a.trackingNumber, b.trackingNumber, "202200000000"])).toEqual([
      { trackingNumber: a.trackingNumber, cancelled: true, message: null },
      { trackingNumber: b.trackingNumber, cancelled: false, message: "Shipment's Status has already been changed" },
      { trackingNumber: "202200000000", cancelled: false, message: "Given Tracking Number is of Invalid ID." },
    ]);
    expect(trax.parcels.get(a.trackingNumber)!.cancelled).toBe(true);
    expect(trax.parcels.get(b.trackingNumber)!.cancelled).toBe(false);
    expect(lastRequest("shipment/cancel")).toMatchObject({ method: "POST" });
    expect(
      requests("shipment/cancel")
        .slice(-3)
        .map((r) => r.body),
    ).toEqual([
      { tracking_number: a.trackingNumber },
      { tracking_number: b.trackingNumber },
      { tracking_number: "202200000000" },
    ]);
  });

  it("tracks each parcel (one per call, at most 4 at a time), its journey oldest first with Trax's words, times and reasons", async () => {
    const booked = [];
    for (let i = 0; i < 6; i++) booked.push(await api.book(credentials, parcel()));
    const exchange = await api.book(credentials, parcel({ exchangeFor: "KP-0990" }));
    const [attempted, delivered, refused, returned, quiet, cancelled] = booked.map((b) => b.trackingNumber);
    const start = Math.ceil(Date.now() / 1000) * 1000;
    const at = (hours: number) => new Date(start + hours * 3_600_000);
    for (const n of [attempted, delivered, refused, returned, exchange.trackingNumber])
      trax.advance(n, "picked-up", { at: at(1) });
    trax.advance(attempted, "in-transit", { at: at(5) });
    trax.advance(attempted, "attempted", { at: at(26), reason: "Address Closed" });
    trax.advance(delivered, "delivered", { at: at(27.5) });
    trax.advance(refused, "refused", { at: at(28) });
    trax.advance(returned, "attempted", { at: at(25) });
    trax.advance(returned, "returned", { at: at(73.25) });
    trax.advance(exchange.trackingNumber, "delivered", { at: at(30) });
    await api.cancel(credentials, [cancelled]);

    const before = requests("shipment/track").length;
    const tracked = await api.track(credentials, [
      ...booked.map((b) => b.trackingNumber),
      exchange.trackingNumber,
      "202200000000",
    ]);
    expect(
      requests("shipment/track")
        .slice(before)
        .map((r) => r.query),
    ).toContainEqual({
      tracking_number: attempted,
      type: "0",
    });
    expect(requests("shipment/track").length - before).toBe(8);
    // The unknown number has no journey.
    expect(tracked.map((t) => t.trackingNumber)).toEqual([
      ...booked.map((b) => b.trackingNumber),
      exchange.trackingNumber,
    ]);
    const journey = (n: string) => tracked.find((t) => t.trackingNumber === n)!;

    expect(journey(attempted).orderNumber).toBe(trax.parcels.get(attempted)!.orderId);
    expect(journey(attempted).events.map((e) => [e.kind, e.status, e.code, e.reason])).toEqual([
      ["booked", "Shipment - Booked", null, null],
      ["picked-up", "Shipment - Arrived at Origin", null, null],
      ["in-transit", "Shipment - Arrival Service Center", null, null],
      ["attempted", "Shipment - Delivery Unsuccessful", null, "Address Closed"],
    ]);
    expect(journey(attempted).events[3].at).toEqual(at(26));
    expect(journey(delivered).events.at(-1)).toEqual({
      kind: "delivered",
      status: "Shipment - Delivered",
      code: null,
      at: at(27.5),
      reason: null,
    });
    expect(journey(refused).events.at(-1)).toMatchObject({
      kind: "refused",
      status: "Shipment - Delivery Unsuccessful",
      reason: "Consignee Refused to Accept",
    });
    expect(journey(returned).events.map((e) => e.kind)).toEqual(["booked", "picked-up", "attempted", "returned"]);
    expect(journey(returned).events.at(-1)!.at).toEqual(at(73.25));
    expect(journey(exchange.trackingNumber).events.at(-1)).toMatchObject({
      kind: "delivered",
      status: "Replacement-Exchanged",
    });
    expect(journey(quiet).events.map((e) => e.kind)).toEqual(["booked"]);
    expect(journey(cancelled).events.map((e) => [e.kind, e.reason])).toEqual([
      ["booked", null],
      ["cancelled", "Cancelled by Shipper"],
    ]);
  });

  it("reads payments in paisa with Trax's payment id and date; unpaid and reverted parcels are not settled", async () => {
    const paid = await api.book(credentials, parcel());
    const unpaid = await api.book(credentials, parcel());
    const reverted = await api.book(credentials, parcel());
    const back = await api.book(credentials, parcel());
    trax.advance(paid.trackingNumber, "delivered");
    trax.advance(reverted.trackingNumber, "delivered");
    trax.advance(back.trackingNumber, "returned");

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
    // Before Trax pays: nothing settled, and /payments answers PHP's empty map.
    expect(await api.payments(credentials, [paid.trackingNumber])).toEqual([unsettled(paid.trackingNumber)]);

    trax.settle([paid.trackingNumber], { on: "2026-11-28", reference: "5463", charges: "191.18", gst: "24.85" });
    trax.settle([reverted.trackingNumber], { on: "2026-11-28", reference: "5463", charges: 150, status: "Reverted" });
    trax.settle([back.trackingNumber], { on: "2026-11-29", reference: "5470", charges: 120 });
    const before = requests("shipment/payments").length;
    expect(
      await api.payments(credentials, [
        paid.trackingNumber,
        unpaid.trackingNumber,
        reverted.trackingNumber,
        back.trackingNumber,
      ]),
    ).toEqual([
      {
        trackingNumber: paid.trackingNumber,
        settled: true,
        settledOn: "2026-11-28",
        reference: "5463",
        collectedPaisa: 250_000,
        chargesPaisa: 21_603,
        netPaidPaisa: 228_397,
        incomeTaxPaisa: null,
        salesTaxPaisa: null,
      },
      unsettled(unpaid.trackingNumber),
      unsettled(reverted.trackingNumber),
      {
        trackingNumber: back.trackingNumber,
        settled: true,
        settledOn: "2026-11-29",
        reference: "5470",
        collectedPaisa: 0,
        chargesPaisa: 12_000,
        netPaidPaisa: -12_000,
        incomeTaxPaisa: null,
        salesTaxPaisa: null,
      },
    ]);
    expect(lastRequest("payments")).toMatchObject({
      method: "POST",
      body: {
        tracking_number: [paid.trackingNumber, unpaid.trackingNumber, reverted.trackingNumber, back.trackingNumber],
      },
    });
    // The amounts are asked for the settled parcels alone.
    expect(
      requests("shipment/payments")
        .slice(before)
        .map((r) => r.query.tracking_number)
        .sort(),
    ).toEqual([paid.trackingNumber, back.trackingNumber].sort());
  });

  it("fetches the airway bill as a PDF while the parcel is booked; after pickup, Trax's words", async () => {
    const booked = await api.book(credentials, parcel());
    const label = await api.label(credentials, booked.trackingNumber, null);
    expect(label.kind).toBe("pdf");
    expect(new TextDecoder().decode(label.kind === "pdf" ? label.bytes.slice(0, 5) : new Uint8Array())).toBe("%PDF-");
    expect(lastRequest("shipment/air_waybill")!.query).toEqual({ tracking_number: booked.trackingNumber, type: "1" });

    trax.advance(booked.trackingNumber, "picked-up");
    const received = await failure(api.label(credentials, booked.trackingNumber, null));
    expect(received).toMatchObject({
      retryable: false,
      message: `Trax refused the airway bill of ${booked.trackingNumber}: Already Received`,
    });
  });

  it("sends shipper advice after a failed attempt: 2 to re-attempt, 1 to return, with the owner's remarks", async () => {
    const again = await api.book(credentials, parcel());
    const back = await api.book(credentials, parcel());
    trax.advance(again.trackingNumber, "attempted");
    trax.advance(back.trackingNumber, "attempted");
    await api.advise(credentials, again.trackingNumber, "reattempt", "Call before 5 pm");
    await api.advise(credentials, back.trackingNumber, "return", "");
    expect(trax.advice.slice(-2)).toEqual([
      { trackingNumber: again.trackingNumber, type: 2, remarks: "Call before 5 pm" },
      { trackingNumber: back.trackingNumber, type: 1, remarks: "Return to shipper" },
    ]);
    expect(lastRequest("request/rcp")).toMatchObject({
      method: "POST",
      body: { tracking_number: back.trackingNumber, type: 1, remarks: "Return to shipper" },
    });
    // Trax's answer shows in the journey: a re-attempt asked for (nothing happened to the parcel yet), a return confirmed.
    const tracked = await api.track(credentials, [again.trackingNumber, back.trackingNumber]);
    expect(tracked.map((t) => t.events.at(-1))).toMatchObject([
      { kind: "other", status: "Re-Attempt - Call Requested", reason: "Call before 5 pm" },
      { kind: "returning", status: "Shipment - Return Confirm" },
    ]);

    const fresh = await api.book(credentials, parcel());
    const early = await failure(api.advise(credentials, fresh.trackingNumber, "reattempt", "x"));
    expect(early).toMatchObject({
      retryable: false,
      message: `Trax refused the shipper advice for ${fresh.trackingNumber}: Shipment is already updated`,
    });
  });
});
