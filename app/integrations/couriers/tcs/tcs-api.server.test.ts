import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CourierApiError, type ApiParcel, type CourierApi } from "~/modules/shipping/couriers/courier-api";
import { consigneeNames, createTcsApi, readTcsTime } from "./tcs-api.server";
import { startTcsStandIn, type TcsStandIn } from "./tcs-stand-in";

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

const SETTINGS = "Settings -> Couriers -> API connection";

describe("the TCS API client against its stand-in", () => {
  let tcs: TcsStandIn;
  let api: CourierApi;
  let credentials: Record<string, string>;
  let serial = 1000;

  const parcel = (more: Partial<ApiParcel> = {}): ApiParcel => ({
    orderNumber: `KP-${++serial}`,
    consigneeName: "Ayesha Khan",
    phone: "+923001234567",
    email: "ayesha@example.pk",
    address: "House 5, Street 9, DHA Phase 5",
    city: { id: "LHE", name: "LAHORE" },
    codAmount: 2500,
    parcelValue: 2500,
    weightGrams: 800,
    pieces: 2,
    description: "Lawn suit (M) x1, Dupatta x1",
    exchangeFor: null,
    exchangeItems: null,
    pickupAddressCode: "001 - LHR",
    remarks: null,
    ...more,
  });
  const requests = (path: string) => tcs.seen.filter((r) => r.path === path);
  const lastRequest = (path: string) => requests(path).pop();
  const signIns = () => ({ ...tcs.tokenRequests });
  // Whole minutes after now: TCS writes its tracking times to the minute.
  const start = Math.ceil(Date.now() / 60_000) * 60_000;
  const at = (hours: number) => new Date(start + hours * 3_600_000);

  beforeAll(async () => {
    tcs = await startTcsStandIn();
    api = createTcsApi({ baseUrl: tcs.url, timeoutMs: 300 });
    credentials = { ...tcs.credentials };
  });
  afterAll(async () => {
    await tcs?.stop();
  });

  it("asks for the five credentials in Settings' order and offers what TCS publishes", () => {
    expect(api.kind).toBe("tcs");
    expect(api.credentialFields).toEqual([
      { key: "clientId", label: "Client ID", secret: false },
      { key: "clientSecret", label: "Client secret", secret: true },
      { key: "username", label: "Envio username", secret: false },
      { key: "password", label: "Envio password", secret: true },
      { key: "accountNo", label: "TCS account number", secret: false },
    ]);
    expect(api.offers).toEqual({ findBooking: false, replacement: false, advise: false, label: true, payments: true });
  });

  it("signs in once, then lists TCS's cities (by code, the booking's id) and the account's cost centres with the same tokens", async () => {
    const before = signIns();
    const cities = await api.cities(credentials);
    expect(cities).toContainEqual({ id: "LHE", name: "LAHORE" });
    expect(cities).toContainEqual({ id: "TDJ", name: "TANDO JAM" });
    expect(cities.map((c) => c.name)).toEqual([...cities.map((c) => c.name)].sort((a, b) => a.localeCompare(b)));
    expect(await api.pickupAddresses(credentials)).toEqual([
      { code: "001 - LHR", address: "Kapra LHR: Plot 12, Sundar Industrial Estate", city: "LAHORE" },
      { code: "002 - KHI", address: "Kapra KHI: Shop 4, Tariq Road", city: "KARACHI" },
    ]);
    expect(signIns()).toEqual({ bearer: before.bearer + 1, accessToken: before.accessToken + 1 });

    const auth = lastRequest("/auth/api/auth")!;
    expect(auth).toMatchObject({
      method: "GET",
      query: { clientid: credentials.clientId, clientsecret: credentials.clientSecret },
    });
    const token = lastRequest("/ecom/api/authentication/token")!;
    expect(token.query).toEqual({ username: credentials.username, password: credentials.password });
    const bearer = token.headers.authorization;
    expect(bearer).toMatch(/^Bearer eyJ/);
    const cityRequest = lastRequest("/ecom/api/setup/citylistbycountry")!;
    expect(cityRequest.headers.authorization).toBe(bearer);
    expect(cityRequest.query).toEqual({ countrycode: "PK", accesstoken: expect.stringMatching(/[+/]/) });
    expect(lastRequest("/ecom/api/inquiry/costcenterinquiry")!.query).toMatchObject({
      customerno: credentials.accountNo,
    });
  });

  it("books with the guide's fields: our order number as referenceno, the COD in whole rupees, 03 phones, TCS's city code and the cost centre", async () => {
    const order = parcel({ remarks: "Call before delivery" });
    const booked = await api.book(credentials, order);
    expect(booked).toEqual({ trackingNumber: tcs.parcelFor(order.orderNumber)!.trackingNumber, labelUrl: null });
    const sent = lastRequest("/ecom/api/booking/create")!;
    expect(sent.method).toBe("POST");
    expect(sent.query).toEqual({});
    expect(sent.body).toEqual({
      accesstoken: expect.any(String),
      consignmentno: "",
      shipperinfo: {
        tcsaccount: credentials.accountNo,
        shippername: "Kapra LHR",
        address1: "Plot 12, Sundar Industrial Estate",
        countrycode: "PK",
        countryname: "Pakistan",
        cityname: "LAHORE",
        mobile: "03447274889",
      },
      consigneeinfo: {
        firstname: "Ayesha",
        middlename: "Ayesha",
        lastname: "Khan",
        address1: "House 5, Street 9, DHA Phase 5",
        countrycode: "PK",
        countryname: "Pakistan",
        citycode: "LHE",
        cityname: "LAHORE",
        email: "ayesha@example.pk",
        mobile: "03001234567",
      },
      shipmentinfo: {
        costcentercode: "001 - LHR",
        referenceno: order.orderNumber,
        contentdesc: "Lawn suit (M) x1, Dupatta x1",
        servicecode: "O",
        currency: "PKR",
        codamount: 2500,
        weightinkg: 0.8,
        pieces: 2,
        fragile: false,
        remarks: "Call before delivery",
      },
    });
  });

  it("books an exchange as an ordinary parcel whose remarks tell the rider what to collect; a prepaid one with COD 0", async () => {
    await api.book(
      credentials,
      parcel({
        exchangeFor: "KP-0999",
        exchangeItems: "Lawn suit (M, Green) x1",
        remarks: "EXCHANGE: collect the old item (KP-0999)",
        codAmount: 0,
        weightGrams: 200,
        city: { id: "TDJ", name: "TANDO JAM" },
        pickupAddressCode: "002 - KHI",
      }),
    );
    const sent = lastRequest("/ecom/api/booking/create")!.body as Record<string, Record<string, unknown>>;
    expect(sent.shipmentinfo).toMatchObject({
      costcentercode: "002 - KHI",
      codamount: 0,
      weightinkg: 0.5,
      remarks: "EXCHANGE: collect the old item (KP-0999). Collect: Lawn suit (M, Green) x1",
    });
    expect(sent.consigneeinfo).toMatchObject({ citycode: "TDJ", cityname: "TANDO JAM" });
    expect(sent.shipperinfo).toMatchObject({ cityname: "KARACHI", mobile: "03211112223" });
  });

  it("takes the account's only cost centre when none is chosen, and refuses to guess between several", async () => {
    const several = await failure(api.book(credentials, parcel({ orderNumber: "KP-1901", pickupAddressCode: null })));
    expect(several).toMatchObject({
      retryable: false,
      message: `TCS has 2 cost centres for this account: choose the one parcels are picked up from in ${SETTINGS}`,
    });
    const unknown = await failure(api.book(credentials, parcel({ orderNumber: "KP-1902", pickupAddressCode: "X1" })));
    expect(unknown).toMatchObject({
      retryable: false,
      message: `TCS lists no cost centre "X1" for this account: choose another in ${SETTINGS}`,
    });
    expect(tcs.parcelFor("KP-1901")).toBeUndefined();

    const single = await startTcsStandIn({ costCentres: [tcs.costCentres[1]] });
    try {
      const singleApi = createTcsApi({ baseUrl: single.url });
      await singleApi.book(single.credentials, parcel({ orderNumber: "KP-1903", pickupAddressCode: null }));
      expect(single.parcelFor("KP-1903")!.request.shipmentinfo).toMatchObject({ costcentercode: "002 - KHI" });
    } finally {
      await single.stop();
    }
  });

  it("passes TCS's refusals on in its words, not to be retried", async () => {
    const phone = await failure(api.book(credentials, parcel({ orderNumber: "KP-2001", phone: "+4420123" })));
    expect(phone).toMatchObject({
      retryable: false,
      httpStatus: 400,
      message:
        "TCS refused the booking of KP-2001: consigneeinfo.mobile: Mobile number must be 11 digits Like (0300xxxxxxx)",
    });
    const city = await failure(
      api.book(credentials, parcel({ orderNumber: "KP-2002", city: { id: "LHC", name: "LAHORE CANTT" } })),
    );
    expect(city.message).toBe("TCS refused the booking of KP-2002: consigneeinfo.cityname: Invalid destination city");
    expect(city.retryable).toBe(false);
    expect(tcs.parcelFor("KP-2001")).toBeUndefined();
    expect(tcs.parcelFor("KP-2002")).toBeUndefined();
  });

  it("refuses wrong or missing credentials in TCS's words, never repeating a secret", async () => {
    const fresh = createTcsApi({ baseUrl: tcs.url });
    const secret = "wrong-secret-5f1e2d3c";
    const client = await failure(fresh.cities({ ...credentials, clientSecret: secret }));
    expect(client).toMatchObject({
      retryable: false,
      httpStatus: 401,
      message: `TCS refused the client ID and client secret: code 401. Check them in ${SETTINGS}`,
    });
    const password = "wrong-password-77aa";
    const envio = await failure(fresh.pickupAddresses({ ...credentials, password }));
    expect(envio).toMatchObject({
      retryable: false,
      httpStatus: 401,
      message: `TCS refused the Envio username and password: Invalid username or password. Check them in ${SETTINGS}`,
    });
    for (const error of [client, envio]) {
      expect(error.message).not.toContain(secret);
      expect(error.message).not.toContain(password);
    }
    expect(await failure(fresh.cities({ ...credentials, clientSecret: " " }))).toMatchObject({
      retryable: false,
      message: `TCS Client secret is missing: enter it in ${SETTINGS}`,
    });
    // A wrong account number: TCS finds no cost centre for it.
    expect(await failure(fresh.pickupAddresses({ ...credentials, accountNo: "99999" }))).toMatchObject({
      retryable: false,
      message: "TCS refused the cost centre inquiry: Failure: No Record Founds",
    });
  });

  it("retries what may pass later: 5xx, 429, a timeout, an unreachable server, an answer it cannot read", async () => {
    await api.cities(credentials); // signed in: the failures below hit the calls themselves
    tcs.failNext(1, { status: 502 });
    const gateway = await failure(api.cities(credentials));
    expect(gateway).toMatchObject({
      retryable: true,
      httpStatus: 502,
      message: "TCS could not take the list of cities just now: HTTP 502",
    });

    tcs.failNext(1, { status: 429 });
    expect(await failure(api.pickupAddresses(credentials))).toMatchObject({ retryable: true, httpStatus: 429 });

    tcs.hangNext(1);
    expect(await failure(api.track(credentials, ["779400000001"]))).toMatchObject({
      retryable: true,
      httpStatus: null,
      message: "no answer from TCS within 300 ms for tracking of 779400000001",
    });

    tcs.failNext(1, { status: 200 });
    const html = await failure(api.cities(credentials));
    expect(html.retryable).toBe(true);
    expect(html.message).toMatch(/^TCS answered in an unexpected shape: the list of cities: HTTP 200, not JSON/);

    // A sign-in that fails on TCS's side is worth a retry too.
    const fresh = createTcsApi({ baseUrl: tcs.url });
    tcs.failNext(1, { status: 503 });
    expect(await failure(fresh.cities(credentials))).toMatchObject({ retryable: true, httpStatus: 503 });

    const down = createTcsApi({ baseUrl: "http://127.0.0.1:9", timeoutMs: 2000 });
    const unreachable = await failure(down.cities(credentials));
    expect(unreachable.retryable).toBe(true);
    expect(unreachable.message).toMatch(
      /^TCS could not be reached for the sign-in with the client ID and client secret/,
    );
    expect(unreachable.message).not.toContain(credentials.clientSecret);
    expect((await api.cities(credentials)).length).toBeGreaterThan(10);
  });

  it("reuses its tokens across calls and parallel calls, and signs in again after a 401 or near their expiry", async () => {
    const fresh = createTcsApi({ baseUrl: tcs.url });
    const before = signIns();
    const numbers = [];
    for (let i = 0; i < 6; i++) numbers.push((await fresh.book(credentials, parcel())).trackingNumber);
    await fresh.track(credentials, numbers);
    await fresh.payments(credentials, numbers);
    expect(signIns()).toEqual({ bearer: before.bearer + 1, accessToken: before.accessToken + 1 });

    // Parallel first calls share one sign-in.
    const parallel = createTcsApi({ baseUrl: tcs.url });
    await Promise.all([
      parallel.cities(credentials),
      parallel.pickupAddresses(credentials),
      parallel.track(credentials, numbers),
    ]);
    expect(signIns()).toEqual({ bearer: before.bearer + 2, accessToken: before.accessToken + 2 });

    // TCS forgets the tokens (expired early, revoked): the call is refused with 401, signed in again and sent once more.
    tcs.expireTokens();
    expect((await fresh.cities(credentials)).length).toBeGreaterThan(10);
    expect(signIns()).toEqual({ bearer: before.bearer + 3, accessToken: before.accessToken + 3 });
    const [refused, resent] = requests("/ecom/api/setup/citylistbycountry").slice(-2);
    expect(resent.query.accesstoken).not.toBe(refused.query.accesstoken);

    // Tokens that expire within a minute are not used: every call signs in.
    const brief = await startTcsStandIn({ tokenLifetimeMs: 30_000 });
    try {
      const briefApi = createTcsApi({ baseUrl: brief.url });
      await briefApi.cities(brief.credentials);
      await briefApi.cities(brief.credentials);
      expect(brief.tokenRequests).toEqual({ bearer: 2, accessToken: 2 });
    } finally {
      await brief.stop();
    }
  });

  it("cancels consignments not yet picked up; one already with TCS stays booked, with TCS's words", async () => {
    const a = await api.book(credentials, parcel());
    const b = await api.book(credentials, parcel());
    tcs.advance(b.trackingNumber, "picked-up");
    expect(await api.cancel(credentials, [a.trackingNumber, b.trackingNumber, "779499999999"])).toEqual([
      { trackingNumber: a.trackingNumber, cancelled: true, message: null },
      {
        trackingNumber: b.trackingNumber,
        cancelled: false,
        message: "Failure: Shipment already picked up, it cannot be cancelled",
      },
      { trackingNumber: "779499999999", cancelled: false, message: "Failure: No Record Founds" },
    ]);
    expect(tcs.parcels.get(a.trackingNumber)!.cancelled).toBe(true);
    expect(tcs.parcels.get(b.trackingNumber)!.cancelled).toBe(false);
    expect(lastRequest("/ecom/api/booking/cancel")!.body).toEqual({
      accesstoken: expect.any(String),
      consignmentNumber: "779499999999",
    });
    const [cancelled] = await api.track(credentials, [a.trackingNumber]);
    expect(cancelled.events.map((e) => [e.kind, e.code])).toEqual([["cancelled", "CN"]]);
  });

  it("tracks each consignment (4 at a time, the bearer alone), oldest first, with TCS's codes, Pakistan times and reasons", async () => {
    const booked = [];
    for (let i = 0; i < 6; i++) booked.push(await api.book(credentials, parcel()));
    const numbers = booked.map((b) => b.trackingNumber);
    const [delivered, attempted, refused, returned, untouched] = numbers;
    for (const n of [delivered, attempted, refused, returned]) tcs.advance(n, "picked-up", { at: at(1) });
    tcs.advance(delivered, "in-transit", { at: at(20) });
    tcs.advance(delivered, "out-for-delivery", { at: at(26) });
    tcs.advance(delivered, "delivered", { at: at(27.5) });
    tcs.advance(attempted, "attempted", { at: at(26), reason: "Customer not answering" });
    tcs.advance(refused, "refused", { at: at(28) });
    tcs.advance(returned, "attempted", { at: at(25) });
    tcs.advance(returned, "returned", { at: at(73.25) });

    const before = requests("/tracking/api/Tracking/GetDynamicTrackDetail").length;
    const tracked = await api.track(credentials, [...numbers, "779400000000", delivered]);
    const asked = requests("/tracking/api/Tracking/GetDynamicTrackDetail").slice(before);
    expect(asked).toHaveLength(7);
    expect(asked[0].query).toEqual({ consignee: numbers[0] });
    expect(asked[0].headers.authorization).toMatch(/^Bearer /);
    expect(tracked.map((t) => t.trackingNumber)).toEqual([...numbers, "779400000000"]);
    const journey = (n: string) => tracked.find((t) => t.trackingNumber === n)!;

    expect(journey(delivered).orderNumber).toBe(tcs.parcels.get(delivered)!.orderNumber);
    expect(journey(delivered).events).toEqual([
      { kind: "picked-up", status: "Shipment Picked Up", code: null, at: at(1), reason: null },
      { kind: "in-transit", status: "Arrived at TCS Facility", code: null, at: at(20), reason: null },
      { kind: "out-for-delivery", status: "Out For Delivery", code: null, at: at(26), reason: null },
      { kind: "delivered", status: "Shipment Delivered", code: "OK", at: at(27.5), reason: null },
    ]);
    expect(journey(attempted).events.at(-1)).toEqual({
      kind: "attempted",
      status: "Undelivered",
      code: "SC",
      at: at(26),
      reason: "Customer not answering",
    });
    expect(journey(refused).events.at(-1)).toMatchObject({
      kind: "refused",
      status: "Refused",
      reason: "Consignee Refused To Accept",
    });
    expect(journey(returned).events.map((e) => [e.kind, e.code])).toEqual([
      ["picked-up", null],
      ["attempted", "SC"],
      ["returned", "RO"],
    ]);
    expect(journey(returned).events.at(-1)!.at).toEqual(at(73.25));
    expect(journey(untouched).events).toEqual([]);
    // "No Data Found/Invalid CN": nothing for that number, the others are tracked all the same.
    expect(journey("779400000000")).toEqual({ trackingNumber: "779400000000", orderNumber: null, events: [] });
  });

  it("reads payments to the paisa on TCS's payment date, one settlement a day; an unpaid consignment is not settled", async () => {
    const paid = await api.book(credentials, parcel());
    const unpaid = await api.book(credentials, parcel());
    const back = await api.book(credentials, parcel());
    tcs.advance(paid.trackingNumber, "delivered");
    tcs.advance(back.trackingNumber, "returned");
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
    expect(await api.payments(credentials, [paid.trackingNumber])).toEqual([unsettled(paid.trackingNumber)]);

    tcs.settle([paid.trackingNumber, back.trackingNumber], { on: "2026-11-28", reference: "-", charges: "191.18" });
    expect(
      await api.payments(credentials, [
        paid.trackingNumber,
        unpaid.trackingNumber,
        back.trackingNumber,
        "779400000000",
      ]),
    ).toEqual([
      {
        ...unsettled(paid.trackingNumber),
        settled: true,
        settledOn: "2026-11-28",
        reference: "TCS 2026-11-28",
        chargesPaisa: 19_118,
        netPaidPaisa: 230_882,
      },
      unsettled(unpaid.trackingNumber),
      {
        ...unsettled(back.trackingNumber),
        settled: true,
        settledOn: "2026-11-28",
        reference: "TCS 2026-11-28",
        chargesPaisa: 19_118,
        netPaidPaisa: 0,
      },
      unsettled("779400000000"),
    ]);
    expect(lastRequest("/ecom/api/Payment/status")!.query).toEqual({
      customerno: credentials.accountNo,
      consignmentno: "779400000000",
      accesstoken: expect.any(String),
    });
  });

  it("fetches the airway bill as a PDF; an unknown consignment in TCS's words", async () => {
    const booked = await api.book(credentials, parcel());
    const label = await api.label(credentials, booked.trackingNumber, null);
    expect(label.kind).toBe("pdf");
    expect(new TextDecoder().decode(label.kind === "pdf" ? label.bytes.slice(0, 5) : new Uint8Array())).toBe("%PDF-");
    expect(lastRequest("/ecom/api/print/label")!.query).toEqual({
      consignmentno: booked.trackingNumber,
      shipperdetail: "true",
      accesstoken: expect.any(String),
    });
    expect(await failure(api.label(credentials, "12345", null))).toMatchObject({
      retryable: false,
      message: "TCS refused the airway bill of 12345: CN not found",
    });
  });

  it("says what TCS does not publish: no lookup by order number, no shipper advice", async () => {
    const asked = tcs.seen.length;
    expect(await failure(api.findBooking(credentials, "KP-7", { from: new Date(), to: new Date() }))).toMatchObject({
      retryable: false,
      message:
        "TCS publishes no way to look a booking up by order number: look for KP-7 in TCS's portal (Envio) before booking it again",
    });
    expect(await failure(api.advise(credentials, "779400000001", "reattempt", ""))).toMatchObject({
      retryable: false,
      message: "TCS publishes no shipper advice in its API: give your advice in TCS's portal",
    });
    expect(tcs.seen.length).toBe(asked);
  });

  it("a booking whose answer was lost fails as retryable, with the consignment booked once at TCS", async () => {
    await api.cities(credentials);
    tcs.bookButLoseAnswer(1);
    const lost = await failure(api.book(credentials, parcel({ orderNumber: "KP-3001" })));
    expect(lost.retryable).toBe(true);
    expect(lost.message).toMatch(/^TCS could not be reached for the booking of KP-3001/);
    expect([...tcs.parcels.values()].filter((p) => p.orderNumber === "KP-3001")).toHaveLength(1);
  });
});

describe("TCS's values", () => {
  it("reads TCS's tracking time as Pakistan time", () => {
    expect(readTcsTime("Thursday Oct 17, 2024 12:58")).toEqual(new Date("2024-10-17T07:58:00Z"));
    expect(readTcsTime("Oct 7, 2024 09:05")).toEqual(new Date("2024-10-07T04:05:00Z"));
    expect(readTcsTime("")).toBeNull();
  });

  it("splits one full name into the first, middle and last names TCS wants", () => {
    expect(consigneeNames("Ayesha")).toEqual({ firstname: "Ayesha", middlename: "Ayesha" });
    expect(consigneeNames("Muhammad Ali Khan")).toEqual({ firstname: "Muhammad", middlename: "Ali", lastname: "Khan" });
    expect(consigneeNames("Mo Rizwan")).toEqual({ firstname: "Mo Rizwan", middlename: "Mo Rizwan" });
    // A last or middle word under 3 letters is never sent alone (TCS refuses it): the whole name stands in.
    expect(consigneeNames("Sana K")).toEqual({ firstname: "Sana", middlename: "Sana K" });
    expect(consigneeNames("Muhammad Al Khan")).toEqual({
      firstname: "Muhammad",
      middlename: "Muhammad Al Khan",
      lastname: "Khan",
    });
    expect(consigneeNames("Sana Khan")).toEqual({ firstname: "Sana", middlename: "Sana", lastname: "Khan" });
    expect(consigneeNames("Bo")).toEqual({ firstname: "Bo.", middlename: "Bo." });
  });
});
