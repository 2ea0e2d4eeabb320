import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CourierApiError, type ApiParcel, type CourierApi } from "~/modules/shipping/couriers/courier-api";
import { createMnpApi } from "./mnp-api.server";
import { MNP_STAND_IN_PATH, startMnpStandIn, type MnpStandIn } from "./mnp-stand-in";

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

describe("the M&P API client against its stand-in", () => {
  let mnp: MnpStandIn;
  let api: CourierApi;
  let credentials: Record<string, string>;
  let serial = 1000;

  const parcel = (more: Partial<ApiParcel> = {}): ApiParcel => ({
    orderNumber: `KP-${++serial}`,
    consigneeName: "Ayesha D'Souza",
    phone: "+923001234567",
    email: "ayesha@example.pk",
    address: "House 5, Street 9, DHA Phase 5",
    city: { id: "LAHORE", name: "LAHORE" },
    codAmount: 2500,
    parcelValue: 2500,
    weightGrams: 1200,
    pieces: 2,
    description: "Lawn suit (M) x1, Dupatta x1",
    exchangeFor: null,
    exchangeItems: null,
    pickupAddressCode: "41",
    remarks: null,
    ...more,
  });
  const requests = (path: string) => mnp.seen.filter((r) => r.path === `${MNP_STAND_IN_PATH}${path}`);
  const lastRequest = (path: string) => requests(path).pop();

  beforeAll(async () => {
    mnp = await startMnpStandIn();
    api = createMnpApi({ baseUrl: mnp.url, timeoutMs: 300 });
    credentials = { ...mnp.credentials };
  });
  afterAll(async () => {
    await mnp?.stop();
  });

  it("lists M&P's cities (trimmed names, the booking's key) and the account's pickup locations, credentials in the query", async () => {
    const cities = await api.cities(credentials);
    expect(cities).toContainEqual({ id: "LAHORE", name: "LAHORE" });
    expect(cities).toContainEqual({ id: "D.G KHAN", name: "D.G KHAN" });
    expect(cities.every((c) => c.id === c.id.trim())).toBe(true);
    expect(lastRequest("Branches/Get_Cities")).toMatchObject({
      method: "GET",
      query: { username: mnp.credentials.username, password: mnp.credentials.password, AccountNo: "4T154" },
    });

    expect(await api.pickupAddresses(credentials)).toEqual([
      { code: "41", address: "Kapra Warehouse: Plot 12, Sundar Industrial Estate, Lahore", city: null },
      { code: "5751", address: "Kapra Store: Shop 4, Tariq Road, Karachi", city: null },
    ]);
    expect(api.credentialFields).toEqual([
      { key: "username", label: "Username", secret: false },
      { key: "password", label: "Password", secret: true },
      { key: "accountNo", label: "Account number", secret: false },
    ]);
    expect(api.offers).toEqual({ findBooking: true, replacement: false, advise: true, label: false, payments: true });
  });

  it("refuses wrong credentials in M&P's words, not to be retried, never showing them", async () => {
    const wrong = { ...credentials, password: "wrong password!9" };
    const cities = await failure(api.cities(wrong));
    expect(cities).toMatchObject({
      retryable: false,
      message: "M&P refused the list of cities: Invalid username or password",
    });
    const booking = await failure(api.book(wrong, parcel({ orderNumber: "KP-2000" })));
    expect(booking).toMatchObject({
      retryable: false,
      message: "M&P refused the booking of KP-2000: Invalid username or password",
    });
    expect(await failure(api.track({ ...credentials, accountNo: "9X999" }, ["1"]))).toMatchObject({
      retryable: false,
      message: "M&P refused tracking of 1 parcel: Invalid account number",
    });
    expect(await failure(api.cities({ username: "x", password: "y" }))).toMatchObject({
      retryable: false,
      message: "M&P username, password or account number is missing: enter them in Settings -> Couriers",
    });
  });

  it("books with M&P's fields: 03... phone, city name, COD in whole rupees, weight in kg, our order number, the location; answers the CN", async () => {
    const order = parcel({ remarks: "Call before delivery" });
    const booked = await api.book(credentials, order);
    const consignment = mnp.parcelFor(order.orderNumber)!;
    expect(booked).toEqual({ trackingNumber: consignment.consignmentNumber, labelUrl: null });
    expect(booked.trackingNumber).toMatch(/^\d{15}$/);
    const sent = lastRequest("Booking/InsertBookingData")!;
    expect(sent.query).toEqual({});
    expect(sent.body).toEqual({
      username: mnp.credentials.username,
      password: mnp.credentials.password,
      AccountNo: "4T154",
      consigneeName: "Ayesha DSouza",
      consigneeAddress: "House 5, Street 9, DHA Phase 5",
      consigneeMobNo: "03001234567",
      consigneeEmail: "ayesha@example.pk",
      destinationCityName: "LAHORE",
      pieces: 2,
      weight: 1.2,
      codAmount: 2500,
      custRefNo: order.orderNumber,
      productDetails: "Lawn suit (M) x1, Dupatta x1",
      fragile: "NO",
      service: "Overnight",
      remarks: "Call before delivery",
      insuranceValue: "0",
      locationID: "41",
      ReturnLocation: 41,
      subAccountId: 0,
      InsertType: 19,
    });
  });

  it("books an exchange as an ordinary parcel, its note in the remarks; prepaid as COD 0", async () => {
    await api.book(
      credentials,
      parcel({ exchangeFor: "KP-0999", exchangeItems: "Kurta (L) x1", remarks: "EXCHANGE for KP-0999", codAmount: 0 }),
    );
    expect(lastRequest("Booking/InsertBookingData")!.body).toMatchObject({
      remarks: "EXCHANGE for KP-0999",
      codAmount: 0,
    });
  });

  it("takes the account's only pickup location when none is chosen, and refuses to guess between several", async () => {
    const single = await startMnpStandIn({
      locations: [{ locationID: 77, locationName: "Home", locationAddress: "Street 1, Multan" }],
    });
    try {
      const client = createMnpApi({ baseUrl: single.url });
      const order = parcel({ pickupAddressCode: null, city: { id: "MULTAN", name: "MULTAN" } });
      await client.book(single.credentials, order);
      expect(single.parcelFor(order.orderNumber)!.request).toMatchObject({ locationID: "77", ReturnLocation: 77 });
    } finally {
      await single.stop();
    }
    const many = await failure(api.book(credentials, parcel({ orderNumber: "KP-2100", pickupAddressCode: null })));
    expect(many).toMatchObject({
      retryable: false,
      message:
        "M&P needs the pickup location for the booking of KP-2100: choose one in Settings -> Couriers -> API connection",
    });
    expect(mnp.parcelFor("KP-2100")).toBeUndefined();
  });

  it("passes M&P's refusals on in its words, not to be retried: a bad phone, an unknown city, a COD above its cap", async () => {
    expect(await failure(api.book(credentials, parcel({ orderNumber: "KP-2201", phone: "+4420123" })))).toMatchObject({
      retryable: false,
      httpStatus: 200,
      message: "M&P refused the booking of KP-2201: Invalid consignee mobile number",
    });
    expect(
      await failure(
        api.book(credentials, parcel({ orderNumber: "KP-2202", city: { id: "ATLANTIS", name: "ATLANTIS" } })),
      ),
    ).toMatchObject({ retryable: false, message: "M&P refused the booking of KP-2202: Invalid destination city" });
    expect(await failure(api.book(credentials, parcel({ orderNumber: "KP-2203", codAmount: 100_000 })))).toMatchObject({
      retryable: false,
      message: "M&P refused the booking of KP-2203: COD amount cannot be greater than 99999",
    });
    for (const n of ["KP-2201", "KP-2202", "KP-2203"]) expect(mnp.parcelFor(n)).toBeUndefined();
  });

  it("retries what may pass later: 5xx, 429, a timeout, an unreachable server, an answer it cannot read; no URL nor credential in a message", async () => {
    mnp.failNext(1, { status: 500 });
    const server = await failure(api.cities(credentials));
    expect(server).toMatchObject({ retryable: true, httpStatus: 500 });
    expect(server.message).toMatch(/^M&P could not take the list of cities just now: HTTP 500/);

    mnp.failNext(1, { status: 429 });
    expect(await failure(api.pickupAddresses(credentials))).toMatchObject({ retryable: true, httpStatus: 429 });

    mnp.hangNext(1);
    expect(await failure(api.book(credentials, parcel({ orderNumber: "KP-2301" })))).toMatchObject({
      retryable: true,
      httpStatus: null,
      message: "no answer from M&P within 300 ms for the booking of KP-2301",
    });

    mnp.failNext(1, { status: 200 });
    const html = await failure(api.cities(credentials));
    expect(html.retryable).toBe(true);
    expect(html.message).toMatch(/^M&P answered in an unexpected shape: the list of cities: HTTP 200, not JSON/);

    // A GET carries the credentials in its query: a failure must not show them in any spelling.
    const down = createMnpApi({ baseUrl: "http://127.0.0.1:9/mycodapi/api/", timeoutMs: 2000 });
    const unreachable = await failure(down.cities(credentials));
    expect(unreachable.retryable).toBe(true);
    expect(unreachable.message).toMatch(/^M&P could not be reached for the list of cities/);
    const broken = createMnpApi({
      baseUrl: mnp.url,
      fetchImpl: async (url) => {
        throw new TypeError(`fetch failed for ${String(url)}`);
      },
    });
    const leaked = await failure(broken.advise(credentials, "544794010101495", "return", "x"));
    for (const message of [unreachable.message, leaked.message]) {
      for (const secret of [
        mnp.credentials.password,
        encodeURIComponent(mnp.credentials.password),
        new URLSearchParams({ p: mnp.credentials.password }).toString().slice(2),
        mnp.credentials.username,
      ])
        expect(message).not.toContain(secret);
    }
    expect(leaked.message).toContain("[hidden]");
    // And the next call goes through.
    expect((await api.cities(credentials)).length).toBeGreaterThan(10);
  });

  it("settles a booking whose answer was lost: findBooking finds it by our order number, so it is never booked twice", async () => {
    const order = parcel({ orderNumber: "KP-3001" });
    mnp.bookButLoseAnswer(1);
    const lost = await failure(api.book(credentials, order));
    expect(lost.retryable).toBe(true);
    const sent = { from: new Date(), to: new Date() };
    expect(await api.findBooking(credentials, "KP-3001", sent)).toEqual({
      trackingNumber: mnp.parcelFor("KP-3001")!.consignmentNumber,
      labelUrl: null,
    });
    expect(lastRequest("Reports/CN_Detail_Customer_Order_No")!.body).toEqual({
      UserName: mnp.credentials.username,
      Password: mnp.credentials.password,
      AccountNumber: "4T154",
      CustomerOrderRef: "KP-3001",
    });
    expect(await api.findBooking(credentials, "KP-3999", sent)).toBeNull();

    // A voided booking is not the parcel.
    const voided = await api.book(credentials, parcel({ orderNumber: "KP-3002" }));
    await api.cancel(credentials, [voided.trackingNumber]);
    expect(await api.findBooking(credentials, "KP-3002", sent)).toBeNull();
  });

  it("voids consignments not yet picked up, many per call, trying each pickup location; a picked-up one stays with M&P's words", async () => {
    const a = await api.book(credentials, parcel());
    const b = await api.book(credentials, parcel());
    const c = await api.book(credentials, parcel({ pickupAddressCode: "5751" }));
    mnp.advance(b.trackingNumber, "picked-up");
    const before = requests("Booking/VoidConsignment").length;
    expect(await api.cancel(credentials, [a.trackingNumber, b.trackingNumber, c.trackingNumber, "999"])).toEqual([
      { trackingNumber: a.trackingNumber, cancelled: true, message: null },
      {
        trackingNumber: b.trackingNumber,
        cancelled: false,
        message: "Consignment cannot be void, shipment has been picked up",
      },
      { trackingNumber: c.trackingNumber, cancelled: true, message: null },
      { trackingNumber: "999", cancelled: false, message: "Invalid consignment number" },
    ]);
    expect(
      requests("Booking/VoidConsignment")
        .slice(before)
        .map((r) => r.body),
    ).toEqual([
      {
        Username: mnp.credentials.username,
        password: mnp.credentials.password,
        locationID: "41",
        consignmentNumberList: [a.trackingNumber, b.trackingNumber, c.trackingNumber, "999"],
      },
      expect.objectContaining({
        locationID: "5751",
        consignmentNumberList: [b.trackingNumber, c.trackingNumber, "999"],
      }),
    ]);
    expect(mnp.parcels.get(a.trackingNumber)!.voided).toBe(true);
    expect(mnp.parcels.get(b.trackingNumber)!.voided).toBe(false);
  });

  it("tracks in chunks of 200, each journey oldest first with M&P's words, codes, Pakistan times and reasons", async () => {
    const booked = [];
    for (let i = 0; i < 4; i++) booked.push(await api.book(credentials, parcel()));
    const [attempted, delivered, refused, returned] = booked.map((b) => b.trackingNumber);
    const start = Math.ceil(Date.now() / 1000) * 1000;
    const at = (hours: number) => new Date(start + hours * 3_600_000);
    for (const n of [attempted, delivered, refused, returned]) {
      mnp.advance(n, "picked-up", { at: at(1) });
      mnp.advance(n, "in-transit", { at: at(5) });
    }
    mnp.advance(attempted, "attempted", { at: at(26), reason: "Consignee not answering" });
    mnp.advance(delivered, "delivered", { at: at(27.5) });
    mnp.advance(refused, "refused", { at: at(28) });
    mnp.advance(returned, "returned", { at: at(73.25) });

    // 201 numbers: two requests; numbers M&P does not know are left out.
    const unknown = Array.from({ length: 197 }, (_, i) => String(100_000 + i));
    const before = requests("Tracking/Bulk_Consignment_Tracking_New").length;
    const tracked = await api.track(credentials, [...unknown, attempted, delivered, refused, returned]);
    const sent = requests("Tracking/Bulk_Consignment_Tracking_New").slice(before);
    expect(sent.map((r) => (r.body as { Consignments: string[] }).Consignments.length)).toEqual([200, 1]);
    expect(sent[0].body).toMatchObject({
      Username: mnp.credentials.username,
      Password: mnp.credentials.password,
      AccountNo: "4T154",
    });
    expect(tracked.map((t) => t.trackingNumber)).toEqual([attempted, delivered, refused, returned]);
    const journey = (n: string) => tracked.find((t) => t.trackingNumber === n)!;

    expect(journey(attempted).orderNumber).toBe(mnp.parcels.get(attempted)!.custRefNo);
    expect(journey(attempted).events.map((e) => [e.kind, e.status, e.code, e.reason])).toEqual([
      ["booked", "Booking", "BOOKING", "Shipment booked"],
      ["in-transit", "Arrived at OPS", "ARRIVAL", "Shipment arrived at origin facility"],
      ["in-transit", "ROUTED", "ROUTED", "Shipment routed to LAHORE"],
      ["out-for-delivery", "On Delivery", "ON DELIVERY", "Shipment is out for delivery"],
      ["attempted", "Undelivered", "UNDELIVERED", "Consignee not answering"],
    ]);
    expect(journey(attempted).events[1].at).toEqual(at(1));
    expect(journey(attempted).events[4].at).toEqual(at(26));
    expect(journey(delivered).events.at(-1)).toEqual({
      kind: "delivered",
      status: "Delivered",
      code: "DELIVERED",
      at: at(27.5),
      reason: "Received by Ayesha DSouza",
    });
    expect(journey(refused).events.at(-1)).toMatchObject({ kind: "refused", status: "RD", at: at(28) });
    expect(
      journey(returned)
        .events.slice(-2)
        .map((e) => [e.kind, e.status]),
    ).toEqual([
      ["returning", "Return to Origin"],
      ["returned", "Return to Shipper"],
    ]);

    // M&P's other way of writing a time reads the same.
    mnp.writeTimesAs("iso");
    try {
      const iso = await api.track(credentials, [attempted]);
      expect(iso[0].events).toEqual(journey(attempted).events);
    } finally {
      mnp.writeTimesAs("us");
    }
  });

  it("reads payments from the tracking answer to the paisa: settled with M&P's PaymentID and date; not before", async () => {
    const paid = await api.book(credentials, parcel());
    const back = await api.book(credentials, parcel());
    mnp.advance(paid.trackingNumber, "delivered");
    mnp.advance(back.trackingNumber, "returned");
    expect(await api.payments(credentials, [paid.trackingNumber])).toEqual([unsettled(paid.trackingNumber)]);

    mnp.settle([paid.trackingNumber], { on: "2026-11-28", reference: "PAY-554433", charges: "191.18" });
    mnp.settle([back.trackingNumber], { on: "2026-11-29", reference: "PAY-554434", charges: 120 });
    expect(await api.payments(credentials, [paid.trackingNumber, back.trackingNumber, "999"])).toEqual([
      {
        trackingNumber: paid.trackingNumber,
        settled: true,
        settledOn: "2026-11-28",
        reference: "PAY-554433",
        collectedPaisa: 250_000,
        chargesPaisa: 19_118,
        netPaidPaisa: 230_882,
        incomeTaxPaisa: null,
        salesTaxPaisa: null,
      },
      {
        trackingNumber: back.trackingNumber,
        settled: true,
        settledOn: "2026-11-29",
        reference: "PAY-554434",
        collectedPaisa: 0,
        chargesPaisa: 12_000,
        netPaidPaisa: -12_000,
        incomeTaxPaisa: null,
        salesTaxPaisa: null,
      },
      unsettled("999"),
    ]);
    expect(await api.payments(credentials, ["999"])).toEqual([unsettled("999")]);
  });

  it("sends shipper advice after an attempt: option 3 with reattempt 1 to try again, option 2 to return", async () => {
    const again = await api.book(credentials, parcel());
    const back = await api.book(credentials, parcel());
    mnp.advance(again.trackingNumber, "attempted");
    mnp.advance(back.trackingNumber, "attempted");
    await api.advise(credentials, again.trackingNumber, "reattempt", "Call before 5 pm");
    await api.advise(credentials, back.trackingNumber, "return", "");
    expect(mnp.advice.slice(-2)).toEqual([
      { consignment: again.trackingNumber, adviceoption: "3", reattempt: "1", remarks: "Call before 5 pm" },
      { consignment: back.trackingNumber, adviceoption: "2", reattempt: null, remarks: "Return to shipper" },
    ]);
    expect(lastRequest("ShipperAdvice/CloseShipperAdvice")).toMatchObject({
      method: "GET",
      query: {
        username: mnp.credentials.username,
        password: mnp.credentials.password,
        accountno: "4T154",
        consignment: back.trackingNumber,
      },
    });

    const fresh = await api.book(credentials, parcel());
    expect(await failure(api.advise(credentials, fresh.trackingNumber, "reattempt", "x"))).toMatchObject({
      retryable: false,
      message: `M&P refused the shipper advice for ${fresh.trackingNumber}: No active advice found against this consignment`,
    });
  });

  it("has no airway bill: the shop prints its own label", async () => {
    expect(await failure(api.label(credentials, "544794010101495", null))).toMatchObject({
      retryable: false,
      message: "M&P publishes no airway bill in its API: print the shop's own label, which carries the CN",
    });
  });

  // Last: every call above has been made.
  it("puts the credentials in the body of every POST and never in its URL", async () => {
    const posts = mnp.seen.filter((r) => r.method === "POST");
    expect(new Set(posts.map((r) => r.path.slice(MNP_STAND_IN_PATH.length)))).toEqual(
      new Set([
        "Booking/InsertBookingData",
        "Reports/CN_Detail_Customer_Order_No",
        "Booking/VoidConsignment",
        "Tracking/Bulk_Consignment_Tracking_New",
      ]),
    );
    for (const request of posts) expect(request.query, request.path).toEqual({});
  });
});

/** The shapes docs/couriers/mnp-api.md marks unclear, answered by a scripted fetch: the client reads each of them. */
describe("the M&P API client on the answers M&P's research leaves open", () => {
  const credentials = { username: "kapra_4T154", password: "s3cret pass", accountNo: "4T154" };
  const scripted = (answers: Record<string, { status?: number; body: unknown }>) => {
    const asked: { path: string; body: unknown }[] = [];
    const api = createMnpApi({
      baseUrl: "https://mnp.test/mycodapi/api",
      fetchImpl: async (input, init) => {
        const url = new URL(String(input));
        const path = url.pathname.replace("/mycodapi/api/", "");
        asked.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null });
        const answer = answers[path];
        if (!answer) throw new Error(`unscripted ${path}`);
        return new Response(JSON.stringify(answer.body), {
          status: answer.status ?? 200,
          headers: { "Content-Type": "application/json" },
        });
      },
    });
    return { api, asked };
  };
  const parcel: ApiParcel = {
    orderNumber: "KP-9001",
    consigneeName: "Hina",
    phone: "+923001112223",
    email: "",
    address: "Street 4",
    city: { id: "KARACHI", name: "KARACHI" },
    codAmount: 1500,
    parcelValue: 1500,
    weightGrams: 40,
    pieces: 1,
    description: "Scarf",
    exchangeFor: null,
    exchangeItems: null,
    pickupAddressCode: "41",
    remarks: null,
  };

  it("reads pickup locations as a bare list or wrapped in an array", async () => {
    const bare = scripted({
      "Locations/Get_locations": { body: [{ LocationID: 41, LocationName: "WH", LocationAddress: "Plot 1" }] },
    });
    expect(await bare.api.pickupAddresses(credentials)).toEqual([{ code: "41", address: "WH: Plot 1", city: null }]);
    const wrapped = scripted({
      "Locations/Get_locations": {
        body: [{ isSucces: "true", message: "", locationList: [{ locationID: "7", locationName: "Home" }] }],
      },
    });
    expect(await wrapped.api.pickupAddresses(credentials)).toEqual([{ code: "7", address: "Home", city: null }]);
  });

  it("reads a boolean isSuccess, passes ASP.NET's 4xx on, and retries M&P's server faults and 5xx", async () => {
    const booked = scripted({
      "Booking/InsertBookingData": { body: [{ isSuccess: true, message: "ok", orderReferenceId: 544794010101495 }] },
    });
    expect(await booked.api.book(credentials, parcel)).toEqual({ trackingNumber: "544794010101495", labelUrl: null });
    expect(booked.asked[0].body).toMatchObject({ weight: 0.1, pieces: 1, codAmount: 1500 });

    const refused = scripted({
      "Booking/InsertBookingData": { body: [{ IsSuccess: false, message: "Invalid account number" }] },
    });
    expect(await failure(refused.api.book(credentials, parcel))).toMatchObject({
      retryable: false,
      message: "M&P refused the booking of KP-9001: Invalid account number",
    });

    const invalid = scripted({
      "Booking/InsertBookingData": { status: 400, body: { Message: "The request is invalid." } },
    });
    expect(await failure(invalid.api.book(credentials, parcel))).toMatchObject({
      retryable: false,
      httpStatus: 400,
      message: "M&P refused the booking of KP-9001: The request is invalid.",
    });

    const fault = scripted({
      "Booking/InsertBookingData": {
        body: [{ isSuccess: "false", message: "Object reference not set to an instance of an object." }],
      },
    });
    expect(await failure(fault.api.book(credentials, parcel))).toMatchObject({ retryable: true });

    const down = scripted({ "Branches/Get_Cities": { status: 503, body: { Message: "An error has occurred." } } });
    expect(await failure(down.api.cities(credentials))).toMatchObject({
      retryable: true,
      httpStatus: 503,
      message: "M&P could not take the list of cities just now: An error has occurred.",
    });
  });

  it("reads VoidConsignment's per-CN list by the CN it names, whatever its order", async () => {
    const { api } = scripted({
      "Locations/Get_locations": { body: { isSucces: true, locationList: [{ locationID: 41 }] } },
      "Booking/VoidConsignment": {
        body: [
          {
            isSuccess: "true",
            message: "",
            orderReferenceIdList: [
              { consignmentNumber: "B", success: false, message: "Shipment already delivered" },
              { consignmentNumber: "A", success: true, message: "Voided" },
            ],
          },
        ],
      },
    });
    expect(await api.cancel(credentials, ["A", "B"])).toEqual([
      { trackingNumber: "A", cancelled: true, message: null },
      { trackingNumber: "B", cancelled: false, message: "Shipment already delivered" },
    ]);
  });

  it("reads .NET's month-first times with AM/PM and M&P's other status words", async () => {
    const { api } = scripted({
      "Tracking/Bulk_Consignment_Tracking_New": {
        body: [
          {
            isSuccess: "true",
            tracking_Details: [
              {
                ConsignmentNumber: "544",
                OrderId: "KP-9001",
                CNTrackingDetail: [
                  {
                    TrackingTagID: "12",
                    TransactionTime: "11/24/2026 2:05:00 PM",
                    TrackingStatus: "Unsuccessful Delivery Attempt",
                    TrackingNarration: "Refused by consignee",
                    Event: null,
                  },
                  {
                    TrackingTagID: "11",
                    TransactionTime: "2026-11-24 09:30:00",
                    TrackingStatus: "Out for delivery",
                    TrackingNarration: "N/A",
                    Event: null,
                  },
                  {
                    TrackingTagID: "13",
                    TransactionTime: "11/25/2026 10:00:00 AM",
                    TrackingStatus: "Something new",
                    TrackingNarration: "",
                    Event: null,
                  },
                ],
              },
            ],
          },
        ],
      },
    });
    const [tracked] = await api.track(credentials, ["544"]);
    expect(tracked.events).toEqual([
      {
        kind: "out-for-delivery",
        status: "Out for delivery",
        code: "11",
        at: new Date("2026-11-24T04:30:00Z"),
        reason: null,
      },
      {
        kind: "refused",
        status: "Unsuccessful Delivery Attempt",
        code: "12",
        at: new Date("2026-11-24T09:05:00Z"),
        reason: "Refused by consignee",
      },
      { kind: "other", status: "Something new", code: "13", at: new Date("2026-11-25T05:00:00Z"), reason: null },
    ]);
  });
});
