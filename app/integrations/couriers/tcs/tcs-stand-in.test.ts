import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTcsStandIn, tcsTime, type TcsStandIn } from "./tcs-stand-in";

/** The stand-in answers as TCS's E-COM guide documents, so the client's tests mean something. */
describe("the TCS stand-in", () => {
  let tcs: TcsStandIn;
  beforeAll(async () => {
    tcs = await startTcsStandIn();
  });
  afterAll(async () => {
    await tcs?.stop();
  });

  const get = (path: string, query: Record<string, string>, bearer?: string) =>
    fetch(`${tcs.url}${path}?${new URLSearchParams(query)}`, {
      headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
    });
  const post = (path: string, body: unknown, bearer?: string, query: Record<string, string> = {}) =>
    fetch(`${tcs.url}${path}?${new URLSearchParams(query)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify(body),
    });
  const signIn = async () => {
    const { clientId, clientSecret, username, password } = tcs.credentials;
    const auth = await (await get("/auth/api/auth", { clientid: clientId, clientsecret: clientSecret })).json();
    const bearer = auth.result.accessToken as string;
    const token = await (await get("/ecom/api/authentication/token", { username, password }, bearer)).json();
    return { bearer, accesstoken: token.accesstoken as string };
  };
  const booking = (accesstoken: string, more: Record<string, unknown> = {}) => ({
    accesstoken,
    consignmentno: "",
    shipperinfo: {
      tcsaccount: tcs.credentials.accountNo,
      shippername: "Kapra LHR",
      address1: "Plot 12",
      countrycode: "PK",
      countryname: "Pakistan",
      cityname: "LAHORE",
      mobile: "03447274889",
    },
    consigneeinfo: {
      firstname: "Sana",
      middlename: "Sana",
      address1: "House 1, Street 2",
      countrycode: "PK",
      countryname: "Pakistan",
      citycode: "MUX",
      cityname: "MULTAN",
      mobile: "03331234567",
    },
    shipmentinfo: {
      costcentercode: "001 - LHR",
      referenceno: "KP-1",
      servicecode: "O",
      currency: "PKR",
      codamount: 1800,
      weightinkg: 0.5,
      pieces: 1,
      fragile: false,
    },
    ...more,
  });

  it("signs in in two steps, each refusing wrong credentials in TCS's shapes, and counts the sign-ins", async () => {
    const { clientId, username, password } = tcs.credentials;
    const wrong = await get("/auth/api/auth", { clientid: clientId, clientsecret: "nope" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ result: null, status: false, code: "401" });
    // The guide's JSON body on a GET is not read: the parameters go in the query.
    const inBody = await fetch(`${tcs.url}/auth/api/auth`, {
      method: "GET",
      headers: { "Content-Type": "application/json" },
    });
    expect(inBody.status).toBe(401);

    const { bearer } = await signIn();
    expect(bearer).toMatch(/^eyJ/);
    const auth = await (
      await get("/auth/api/auth", { clientid: clientId, clientsecret: tcs.credentials.clientSecret })
    ).json();
    expect(auth).toMatchObject({ status: true, code: "0200", result: { expiry: expect.stringMatching(/Z$/) } });

    expect(await (await get("/ecom/api/authentication/token", { username, password })).json()).toEqual({
      code: 401,
      message: "Invalid Bearer token. Mismatch configuration.",
      status: "UnAuthorized",
    });
    const badLogin = await get("/ecom/api/authentication/token", { username, password: "nope" }, bearer);
    expect(badLogin.status).toBe(401);
    expect(await badLogin.json()).toMatchObject({ message: "Invalid username or password" });
    const token = await (await get("/ecom/api/authentication/token", { username, password }, bearer)).json();
    expect(token).toMatchObject({ accesstoken: expect.stringMatching(/[+/]/), message: "success" });
    expect(Date.parse(token.expiry)).toBeGreaterThan(Date.now());
    // The accesstoken asked without a bearer never reached the sign-in.
    expect(tcs.tokenRequests).toEqual({ bearer: 4, accessToken: 3 });
  });

  it("wants the bearer and the accesstoken where TCS reads it (a GET's query, a POST's body), refusing unknown and expired ones with 401", async () => {
    const { bearer, accesstoken } = await signIn();
    const cities = "/ecom/api/setup/citylistbycountry";
    expect((await get(cities, { countrycode: "PK", accesstoken })).status).toBe(401);
    const noToken = await get(cities, { countrycode: "PK" }, bearer);
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toEqual({ code: "UnAuthorized", message: "Invalid access token", status: 401 });
    const ok = await (await get(cities, { countrycode: "PK", accesstoken }, bearer)).json();
    expect(ok).toMatchObject({ message: "SUCCESS" });
    expect(ok.data).toContainEqual({ citycode: "LHE", cityname: "LAHORE" });
    // A POST's accesstoken in its query is not seen.
    const { accesstoken: _t, ...withoutToken } = booking(accesstoken);
    expect((await post("/ecom/api/booking/create", withoutToken, bearer, { accesstoken })).status).toBe(401);
    // The guide's cost-centre path without /api/ is not there.
    expect(
      (await get("/ecom/inquiry/costcenterinquiry", { customerno: tcs.credentials.accountNo, accesstoken }, bearer))
        .status,
    ).toBe(404);

    tcs.expireTokens();
    expect((await get(cities, { countrycode: "PK", accesstoken }, bearer)).status).toBe(401);
  });

  it("refuses a booking without the guide's mandatory fields, naming them, and books nothing", async () => {
    const { bearer, accesstoken } = await signIn();
    const base = booking(accesstoken);
    const refused = await post(
      "/ecom/api/booking/create",
      {
        ...base,
        consigneeinfo: { ...base.consigneeinfo, mobile: "+923331234567", middlename: "", citycode: "XXX" },
        shipmentinfo: { ...base.shipmentinfo, costcentercode: "999", codamount: 1800.5 },
      },
      bearer,
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toEqual([
      { "consigneeinfo.middlename": "The middlename field is required." },
      { "consigneeinfo.mobile": "Mobile number must be 11 digits Like (0300xxxxxxx)" },
      { "consigneeinfo.cityname": "Invalid destination city" },
      { "shipmentinfo.costcentercode": "Invalid cost center code" },
      { "shipmentinfo.codamount": "Value must be between 0 and 250000" },
    ]);
    const { shipmentinfo: _s, ...noShipment } = base;
    expect((await (await post("/ecom/api/booking/create", noShipment, bearer)).json()).error).toEqual([
      { shipmentinfo: "The shipmentinfo field is required." },
    ]);
    expect(tcs.parcels.size).toBe(0);

    const booked = await (await post("/ecom/api/booking/create", base, bearer)).json();
    expect(booked).toMatchObject({ response: "SUCCESS", consignmentNo: expect.stringMatching(/^\d{12}$/) });
    expect(tcs.parcelFor("KP-1")).toMatchObject({
      trackingNumber: booked.consignmentNo,
      request: { consignmentno: "" },
    });
    expect(tcs.parcelFor("KP-1")!.request).not.toHaveProperty("accesstoken");
  });

  it("answers tracking newest first in TCS's time, a payment after settle, a label, and cancels only before pickup", async () => {
    const { bearer, accesstoken } = await signIn();
    const book = async (referenceno: string) => {
      const base = booking(accesstoken);
      const answer = await post(
        "/ecom/api/booking/create",
        { ...base, shipmentinfo: { ...base.shipmentinfo, referenceno } },
        bearer,
      );
      return (await answer.json()).consignmentNo as string;
    };
    const cn = await book("KP-2");
    const at = new Date("2024-10-17T07:58:00Z");
    tcs.advance(cn, "picked-up", { at: new Date("2024-10-16T05:52:00Z") });
    tcs.advance(cn, "delivered", { at });
    expect(tcsTime(at)).toBe("Thursday Oct 17, 2024 12:58");
    const tracked = await (await get("/tracking/api/Tracking/GetDynamicTrackDetail", { consignee: cn }, bearer)).json();
    expect(tracked.checkpoints.map((c: { status: string; datetime: string }) => [c.status, c.datetime])).toEqual([
      ["Shipment Delivered", "Thursday Oct 17, 2024 12:58"],
      ["Shipment Picked Up", "Wednesday Oct 16, 2024 10:52"],
    ]);
    expect(tracked.deliveryinfo).toEqual([
      expect.objectContaining({ status: "Delivered", code: "OK", recievedby: "SANA" }),
    ]);
    expect(tracked.shipmentinfo[0]).toMatchObject({ consignmentno: cn, referenceno: "KP-2" });
    expect(
      await (await get("/tracking/api/Tracking/GetDynamicTrackDetail", { consignee: "1" }, bearer)).json(),
    ).toMatchObject({ shipmentsummary: "No Data Found/Invalid CN", message: "FAIL", checkpoints: null });

    const payment = (consignmentno: string) =>
      get("/ecom/api/Payment/status", { customerno: tcs.credentials.accountNo, consignmentno, accesstoken }, bearer);
    expect((await (await payment(cn)).json()).detail[0]).toMatchObject({ "payment status": "N", "payment date": null });
    tcs.settle([cn], { on: "2024-10-21", reference: "ignored", charges: 116 });
    expect((await (await payment(cn)).json()).detail[0]).toMatchObject({
      "cn by courier": cn,
      "cn status": "OK",
      "order no": "KP-2",
      "payment status": "Y",
      "amount paid": 1684,
      "delivery charges": 116,
      "delivery date": "17/10/2024",
      "payment date": "21/10/2024",
    });
    expect(await (await payment("1")).json()).toMatchObject({ detail: null, message: "Invalid CN" });

    const label = await get("/ecom/api/print/label", { consignmentno: cn, shipperdetail: "true", accesstoken }, bearer);
    expect(label.headers.get("content-type")).toBe("application/pdf");
    expect(
      await (await get("/ecom/api/print/label", { consignmentno: "1", accesstoken }, bearer)).json(),
    ).toMatchObject({ message: "CN not found", url: "" });

    const fresh = await book("KP-3");
    const cancel = async (consignmentNumber: string) =>
      (await (await post("/ecom/api/booking/cancel", { consignmentNumber, accesstoken }, bearer)).json()).message;
    expect(await cancel(cn)).toMatch(/^Failure: /);
    expect(await cancel(fresh)).toBe("SUCCESS");
    expect(await cancel(fresh)).toMatch(/^Failure: /);
    expect(await cancel("1")).toBe("Failure: No Record Founds");
  });

  it("fails on demand: an HTTP error page, a hang past the caller's timeout, then answers again", async () => {
    const { clientId, clientSecret } = tcs.credentials;
    const auth = () => get("/auth/api/auth", { clientid: clientId, clientsecret: clientSecret });
    tcs.failNext(1, { status: 503 });
    const failed = await auth();
    expect(failed.status).toBe(503);
    expect(await failed.text()).toMatch(/503 Service Unavailable/);
    tcs.hangNext(1);
    const hung = await fetch(`${tcs.url}/auth/api/auth`, { signal: AbortSignal.timeout(200) }).catch(
      (e: Error) => e.name,
    );
    expect(hung).toBe("TimeoutError");
    expect((await auth()).status).toBe(200);
  });
});
