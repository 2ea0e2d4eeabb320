import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTraxStandIn, type TraxStandIn } from "./trax-stand-in";

/** The stand-in refuses what Sonic refuses, so a client that sends the wrong thing cannot pass against it. */
describe("the Trax stand-in", () => {
  let trax: TraxStandIn;
  beforeAll(async () => {
    trax = await startTraxStandIn();
  });
  afterAll(async () => {
    await trax?.stop();
  });
  const call = async (
    path: string,
    init: { method?: "GET" | "POST"; key?: string | null; body?: unknown; query?: Record<string, string> } = {},
  ) => {
    const url = new URL(`${trax.url}/${path}`);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    const response = await fetch(url, {
      method: init.method ?? "GET",
      headers: {
        ...(init.key === null ? {} : { Authorization: init.key ?? trax.apiKey }),
        "Content-Type": "application/json",
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, body: await response.json() };
  };
  const shipment = {
    service_type_id: 1,
    pickup_address_id: 3015,
    information_display: 1,
    consignee_city_id: 202,
    consignee_name: "Hina",
    consignee_address: "Street 4, Gulshan",
    consignee_phone_number_1: "03001112223",
    order_id: "KP-1",
    item_product_type_id: 1,
    item_description: "1 x Kurta (M, Blue)",
    item_quantity: 1,
    item_insurance: 0,
    pickup_date: "2026-11-24",
    estimated_weight: 0.5,
    shipping_mode_id: 1,
    amount: 2200,
    payment_mode_id: 1,
    charges_mode_id: 4,
  };
  const book = (body: Record<string, unknown>) => call("shipment/book", { method: "POST", body });

  it("refuses a missing or wrong key with status 1 over HTTP 200, in Sonic's words", async () => {
    expect(await call("cities", { key: null })).toEqual({
      status: 200,
      body: { status: 1, message: "API Token (Authorization) is Missing." },
    });
    expect(await call("cities", { key: "Bearer " + trax.apiKey })).toEqual({
      status: 200,
      body: { status: 1, message: "Invalid API Token (Authorization)." },
    });
    expect((await call("cities")).body).toMatchObject({ status: 0, cities: expect.any(Array) });
  });

  it("refuses a booking without a mandatory field, naming each in Laravel's error bag, and books nothing", async () => {
    const { service_type_id: _s, consignee_phone_number_1: _p, estimated_weight: _w, ...partial } = shipment;
    expect((await book(partial)).body).toEqual({
      status: 1,
      message: "Error(s) in Input",
      errors: {
        service_type_id: ["Service Type ID is Required."],
        consignee_phone_number_1: ["Consignee Phone Number 1 is Required."],
        estimated_weight: ["Estimated Weight is Required."],
      },
    });
    const { item_description: _d, payment_mode_id: _m, ...regular } = shipment;
    expect((await book(regular)).body.errors).toEqual({
      payment_mode_id: ["Payment Mode ID is Required when Service Type ID is 1."],
      item_description: ["Item Description is Required when Service Type ID is 1."],
    });
    expect((await book({ ...shipment, pickup_address_id: 1 })).body.errors).toEqual({
      pickup_address_id: ["Invalid Store ID"],
    });
    expect((await book({ ...shipment, consignee_phone_number_1: "0300-12345" })).body.errors).toEqual({
      consignee_phone_number_1: [
        "Consignee Phone Number 1 format is Invalid or must be integer, required Format is: (03000000000, +92-300-0000000, 300-0000000, 0300-0000000).",
      ],
    });
    expect((await book({ ...shipment, special_instructions: "" })).body.errors).toEqual({
      special_instructions: ["Special Instructions is Optional but cannot be Empty if Present."],
    });
    expect(trax.parcels.size).toBe(0);
  });

  it("requires the Replacement fields for service type 2, and keeps them", async () => {
    const replacement = { ...shipment, service_type_id: 2, order_id: "KP-2" };
    expect((await book(replacement)).body.errors).toEqual({
      replacement_item_product_type_id: ["Replacement Item Product Type ID is Required when Service Type ID is 2."],
      replacement_item_description: ["Replacement Item Description is Required when Service Type ID is 2."],
      replacement_item_quantity: ["Replacement Item Quantity is Required when Service Type ID is 2."],
    });
    const booked = await book({
      ...replacement,
      replacement_item_product_type_id: 1,
      replacement_item_description: "1 x Kurta (L, Blue)",
      replacement_item_quantity: 1,
    });
    expect(booked.body).toEqual({
      status: 0,
      message: "Shipment has been Booked!",
      tracking_number: expect.stringMatching(/^\d{12}$/),
    });
    expect(trax.parcelFor("KP-2")).toMatchObject({
      serviceTypeId: 2,
      request: { replacement_item_description: "1 x Kurta (L, Blue)", replacement_item_quantity: 1 },
    });
    trax.advance(booked.body.tracking_number, "delivered");
    const tracked = await call("shipment/track", {
      query: { tracking_number: booked.body.tracking_number, type: "0" },
    });
    expect(tracked.body.details.tracking_history[0]).toMatchObject({ status: "Replacement-Exchanged" });
  });

  it("wants a parcel value when nothing is collected, as Sonic does", async () => {
    expect((await book({ ...shipment, order_id: "KP-3", amount: 0, payment_mode_id: 4 })).body).toEqual({
      status: 1,
      message: "Error(s) in Input",
      errors: "Parcel value is required when collection amount is zero, and should be greater then 0",
    });
    expect(
      (await book({ ...shipment, order_id: "KP-3", amount: 0, payment_mode_id: 4, parcel_value: 3000 })).body,
    ).toMatchObject({ status: 0 });
  });

  it("tracks newest first with unix timestamps and Pakistan wall times; cancels only while Booked", async () => {
    const { body } = await book({ ...shipment, order_id: "KP-4" });
    const number = body.tracking_number as string;
    const at = new Date("2026-11-24T07:44:00Z"); // 12:44 PM in Pakistan
    trax.advance(number, "picked-up", { at });
    trax.advance(number, "attempted", { at: new Date(at.getTime() + 60_000), reason: "Address Closed" });
    const tracked = await call("shipment/track", { query: { tracking_number: number, type: "0" } });
    expect(tracked.body.details.tracking_history.slice(0, 2)).toEqual([
      {
        date_time: "24/11/2026 12:45 PM",
        timestamp: at.getTime() / 1000 + 60,
        status: "Shipment - Delivery Unsuccessful",
        status_reason: "Address Closed",
      },
      {
        date_time: "24/11/2026 12:44 PM",
        timestamp: at.getTime() / 1000,
        status: "Shipment - Arrived at Origin",
        status_reason: null,
      },
    ]);
    expect((await call("shipment/cancel", { method: "POST", body: { tracking_number: number } })).body).toEqual({
      status: 1,
      message: "Shipment's Status has already been changed",
    });
    expect((await call("shipment/track", { query: { tracking_number: "1", type: "0" } })).body).toEqual({
      status: 1,
      message: "Error(s) in Input",
      errors: { tracking_number: ["Given Tracking Number is of Invalid ID."] },
    });
    expect((await call("shipment/track/order_id", { query: { order_id: "KP-404", type: "0" } })).body).toEqual({
      status: 1,
      message: "Error(s) in Input",
      errors: { order_id: "Given Order ID is of Invalid ID." },
    });
  });

  it("takes /payments as a POST only, and answers PHP's empty map before anything is paid", async () => {
    const { body } = await book({ ...shipment, order_id: "KP-5" });
    expect((await call("payments", { query: { "tracking_number[]": body.tracking_number } })).status).toBe(405);
    expect(
      (await call("payments", { method: "POST", body: { tracking_number: [body.tracking_number] } })).body,
    ).toEqual({
      status: 0,
      payments: [],
    });
    trax.settle([body.tracking_number], { on: "2026-11-30", reference: "5463", charges: "150.50", gst: "19.57" });
    expect(
      (await call("payments", { method: "POST", body: { tracking_number: [body.tracking_number] } })).body,
    ).toEqual({
      status: 0,
      payments: {
        [body.tracking_number]: [
          {
            payment_status: "Processed",
            billing_method: "Reimbursement Account",
            payment_date: "2026-11-30 11:10:47",
            payment_method: "IBFT",
            payment_type: "Delivered",
            payment_id: 5463,
          },
        ],
      },
    });
    expect(
      (await call("shipment/payments", { query: { tracking_number: body.tracking_number } })).body.payments,
    ).toEqual([
      {
        id: 5463,
        datetime: "2026-11-30 11:10:47",
        type: 0,
        amount: 2200,
        charges: "150.50",
        gst: "19.57",
        payable: "2029.93",
      },
    ]);
  });

  it("fails on demand: an HTTP error page, a hang past the caller's timeout, then answers again", async () => {
    trax.failNext(1, { status: 502 });
    const failed = await fetch(`${trax.url}/cities`, { headers: { Authorization: trax.apiKey } });
    expect(failed.status).toBe(502);
    expect(await failed.text()).toMatch(/502 Bad Gateway/);
    trax.hangNext(1);
    const hung = await fetch(`${trax.url}/cities`, {
      headers: { Authorization: trax.apiKey },
      signal: AbortSignal.timeout(200),
    }).catch((e: Error) => e.name);
    expect(hung).toBe("TimeoutError");
    expect((await call("cities")).body.status).toBe(0);
  });
});
