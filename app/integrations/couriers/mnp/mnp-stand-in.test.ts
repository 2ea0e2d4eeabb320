import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMnpStandIn, type MnpStandIn } from "./mnp-stand-in";

/** The stand-in answers as M&P's COD API does (docs/couriers/mnp-api.md), so the client's tests mean something. */
describe("the M&P stand-in", () => {
  let mnp: MnpStandIn;
  beforeAll(async () => {
    mnp = await startMnpStandIn();
  });
  afterAll(async () => {
    await mnp?.stop();
  });
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${mnp.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: await response.json() };
  };
  const get = async (path: string, query: Record<string, string>) => {
    const response = await fetch(`${mnp.url}${path}?${new URLSearchParams(query)}`);
    return { status: response.status, json: await response.json() };
  };
  const login = () => ({ username: mnp.credentials.username, password: mnp.credentials.password });
  const booking = (more: Record<string, unknown> = {}) => ({
    ...login(),
    consigneeName: "Sana",
    consigneeAddress: "House 1, Gulgasht",
    consigneeMobNo: "03331234567",
    consigneeEmail: "",
    destinationCityName: "multan",
    pieces: 1,
    weight: 0.5,
    codAmount: 1800,
    custRefNo: "KP-1",
    productDetails: "Shirt",
    fragile: "NO",
    service: "Overnight",
    remarks: "",
    insuranceValue: "0",
    locationID: "41",
    AccountNo: mnp.credentials.accountNo,
    InsertType: 19,
    ReturnLocation: 41,
    subAccountId: 0,
    ...more,
  });

  it("refuses wrong credentials in M&P's words over HTTP 200, per endpoint's key casing", async () => {
    const wrong = { username: mnp.credentials.username, password: "nope", AccountNo: mnp.credentials.accountNo };
    expect(await get("Branches/Get_Cities", wrong)).toEqual({
      status: 200,
      json: { Message: "Invalid username or password" },
    });
    expect((await get("Locations/Get_locations", wrong)).json).toMatchObject({
      isSucces: false,
      message: "Invalid username or password",
    });
    expect((await post("Booking/InsertBookingData", booking({ password: "nope" }))).json).toEqual([
      { isSuccess: "false", message: "Invalid username or password", orderReferenceId: "" },
    ]);
    // The tracking model spells them Username/Password: lower-case keys are not read.
    expect(
      (await post("Tracking/Bulk_Consignment_Tracking_New", { ...login(), AccountNo: "4T154", Consignments: ["1"] }))
        .json[0],
    ).toMatchObject({ isSuccess: "false", message: "Invalid username or password" });
    expect((await post("Booking/InsertBookingData", booking({ AccountNo: "XX" }))).json[0]).toMatchObject({
      isSuccess: "false",
      message: "Invalid account number",
    });
  });

  it("refuses a booking without a mandatory field, with an apostrophe, a bad phone, an unknown city, COD above 99999, ReturnLocation 0; books nothing", async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ consigneeName: "" }, "Consignee name is required"],
      [{ consigneeAddress: " " }, "Consignee address is required"],
      [{ custRefNo: "" }, "Customer reference number is required"],
      [{ consigneeName: "D'Souza" }, "Special characters are not allowed in consigneeName"],
      [{ consigneeMobNo: "+923331234567" }, "Invalid consignee mobile number"],
      [{ destinationCityName: "Atlantis" }, "Invalid destination city"],
      [{ codAmount: 100_000 }, "COD amount cannot be greater than 99999"],
      [{ ReturnLocation: 0 }, "Invalid Return Location"],
      [{ locationID: "9" }, "Invalid location"],
      [{ service: "O" }, "Invalid service type"],
    ];
    for (const [more, message] of refusals) {
      expect((await post("Booking/InsertBookingData", booking(more))).json, message).toEqual([
        { isSuccess: "false", message, orderReferenceId: "" },
      ]);
    }
    const { remarks: _omitted, ...withoutRemarks } = booking();
    expect((await post("Booking/InsertBookingData", withoutRemarks)).json[0].message).toBe("remarks is missing");
    expect(mnp.parcels.size).toBe(0);

    const booked = await post("Booking/InsertBookingData", booking());
    expect(booked.json).toEqual([
      { isSuccess: "true", message: "Order saved successfully!", orderReferenceId: expect.stringMatching(/^\d{15}$/) },
    ]);
    expect(mnp.parcelFor("KP-1")?.consignmentNumber).toBe(booked.json[0].orderReferenceId);
    expect((await post("Booking/InsertBookingData", booking())).json[0].message).toBe(
      "Customer reference number already exists",
    );
  });

  it("lists a journey out of order with M&P's words, month-first times, and the payment once settled", async () => {
    const booked = await post("Booking/InsertBookingData", booking({ custRefNo: "KP-2" }));
    const cn = booked.json[0].orderReferenceId as string;
    mnp.advance(cn, "picked-up", { at: new Date("2026-11-24T09:05:00Z") });
    mnp.advance(cn, "delivered", { at: new Date("2026-11-25T10:00:00Z") });
    mnp.settle([cn], { on: "2026-11-30", reference: "PAY-9", charges: 150.5 });
    const tracked = await post("Tracking/Bulk_Consignment_Tracking_New", {
      Username: mnp.credentials.username,
      Password: mnp.credentials.password,
      AccountNo: mnp.credentials.accountNo,
      Consignments: [cn, "1"],
    });
    const detail = tracked.json[0].tracking_Details[0];
    expect(tracked.json[0].tracking_Details).toHaveLength(1);
    expect(detail.CNTrackingDetail.map((e: { TrackingStatus: string }) => e.TrackingStatus)).toEqual([
      "Delivered",
      "On Delivery",
      "Arrived at OPS",
      "Booking",
    ]);
    expect(detail.CNTrackingDetail[2]).toMatchObject({ TransactionTime: "11/24/2026 14:05:00", Event: "ARRIVAL" });
    expect(detail).toMatchObject({
      OrderId: "KP-2",
      CODAmount: "1800.00",
      PaymentID: "PAY-9",
      PaymentDate: "11/30/2026 00:00:00",
      AmountPaid: "1649.50",
      CNTrackingInvDetail: [expect.objectContaining({ AmountInvoiced: "150.50" })],
    });
    const tooMany = Array.from({ length: 201 }, (_, i) => String(i));
    expect(
      (
        await post("Tracking/Bulk_Consignment_Tracking_New", {
          Username: mnp.credentials.username,
          Password: mnp.credentials.password,
          AccountNo: mnp.credentials.accountNo,
          Consignments: tooMany,
        })
      ).json[0].message,
    ).toBe("Maximum 200 consignments are allowed");
  });

  it("takes shipper advice only for a consignment awaiting it, with a reattempt option for option 3", async () => {
    const cn = (await post("Booking/InsertBookingData", booking({ custRefNo: "KP-3" }))).json[0].orderReferenceId;
    const advise = (more: Record<string, string>) =>
      get("ShipperAdvice/CloseShipperAdvice", {
        ...login(),
        accountno: mnp.credentials.accountNo,
        consignment: cn,
        ...more,
      });
    expect((await advise({ adviceoption: "2" })).json[0].message).toBe(
      "No active advice found against this consignment",
    );
    mnp.advance(cn, "attempted", { reason: "Phone off" });
    expect((await advise({ adviceoption: "3" })).json[0].message).toBe(
      "Reattempt option is required for re-attempt advice",
    );
    expect((await advise({ adviceoption: "3", reattempt: "1", remarks: "Call first" })).json[0]).toEqual({
      isSuccess: "true",
      message: "Advice saved successfully",
    });
    expect(mnp.advice).toEqual([{ consignment: cn, adviceoption: "3", reattempt: "1", remarks: "Call first" }]);
  });

  it("answers an unknown route with ASP.NET's 404, and fails on demand", async () => {
    const missing = await get("Booking/Nothing", {});
    expect(missing.status).toBe(404);
    expect(missing.json.Message).toMatch(/^No HTTP resource was found/);
    mnp.failNext(1, { status: 502 });
    expect((await fetch(`${mnp.url}Branches/Get_Cities`)).status).toBe(502);
    mnp.hangNext(1);
    const hung = await fetch(`${mnp.url}Branches/Get_Cities`, { signal: AbortSignal.timeout(200) }).catch(
      (e: Error) => e.name,
    );
    expect(hung).toBe("TimeoutError");
  });
});
