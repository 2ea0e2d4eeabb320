import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLeopardsStandIn, type LeopardsStandIn } from "./leopards-stand-in";

/** The stand-in answers as Leopards' eCom Merchant APIs v2 document, so the client's tests mean something. */
describe("the Leopards stand-in", () => {
  let leopards: LeopardsStandIn;
  beforeAll(async () => {
    leopards = await startLeopardsStandIn();
  });
  afterAll(async () => {
    await leopards?.stop();
  });
  const post = async (method: string, body: Record<string, unknown>, auth = true) => {
    const response = await fetch(`${leopards.url}${method}/format/json/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        ...(auth
          ? { api_key: leopards.apiKey, api_password: leopards.apiPassword }
          : { api_key: "x", api_password: "y" }),
        ...body,
      }),
    });
    expect(response.status).toBe(200);
    return response.json();
  };
  const packet = {
    booked_packet_weight: 500,
    booked_packet_no_piece: 1,
    booked_packet_collect_amount: 2200,
    booked_packet_order_id: "KP-1",
    origin_city: "self",
    destination_city: 0,
    shipment_name_eng: "self",
    shipment_email: "self",
    shipment_phone: "self",
    shipment_address: "self",
    consignment_name_eng: "Hina",
    consignment_email: "",
    consignment_phone: "03001112223",
    consignment_address: "Street 4",
    special_instructions: "Fragile",
  };

  it("refuses wrong credentials with status 0 and its words, over HTTP 200", async () => {
    expect(await post("getAllCities", {}, false)).toMatchObject({ status: 0, error: "Invalid API Key or Password" });
  });

  it("refuses a bookPacket without a mandatory field in Leopards' words, and books nothing", async () => {
    const withCity = { ...packet, destination_city: leopards.cityId("Peshawar") };
    const words: Record<string, string> = {
      booked_packet_weight: "Packet Weight is required",
      destination_city: "Destination City is required",
      consignment_phone: "Consignee Phone is required",
      special_instructions: "Special Instructions are required",
    };
    for (const [field, message] of Object.entries(words)) {
      expect(await post("bookPacket", { ...withCity, [field]: "" })).toEqual({
        status: 0,
        error: message,
        track_number: null,
        slip_link: null,
      });
    }
    expect(await post("bookPacket", { ...withCity, booked_packet_weight: 0.5 })).toMatchObject({
      status: 0,
      error: "Packet Weight must be in grams (a whole number)",
    });
    expect(leopards.packets.size).toBe(0);
    const booked = await post("bookPacket", withCity);
    expect(booked).toMatchObject({
      status: 1,
      error: 0,
      track_number: expect.stringMatching(/^LE\d{8}$/),
      slip_link: expect.stringContaining("/api/slip/"),
    });
    expect((await fetch(booked.slip_link)).headers.get("content-type")).toBe("application/pdf");
  });

  it("drives a journey with Leopards' words and opens an advice record on each attempt", async () => {
    const booked = await post("bookPacket", {
      ...packet,
      booked_packet_order_id: "KP-2",
      destination_city: leopards.cityId("Dera Ghazi Khan"),
    });
    leopards.advance(booked.track_number, "picked-up");
    leopards.advance(booked.track_number, "attempted", { reason: "Address incomplete" });
    const tracked = await post("trackBookedPacket", { track_numbers: booked.track_number });
    expect(tracked.packet_list[0]).toMatchObject({
      booked_packet_status: "Pending",
      booked_packet_order_id: "KP-2",
      destination_city_name: "Dera Ghazi Khan",
    });
    expect(
      tracked.packet_list[0]["Tracking Detail"].map((d: { Status: string; Reason: string }) => [d.Status, d.Reason]),
    ).toEqual([
      ["Pickup Request not Send", "N/A"],
      ["Consignment Booked", "N/A"],
      ["Pending", "Address incomplete"],
    ]);
    const list = await post("shipperAdviceList", { Cn_number: booked.track_number });
    expect(list.data).toEqual([
      expect.objectContaining({
        cn_number: booked.track_number,
        reason: "Address incomplete",
        shipper_advice_status: "Pending",
      }),
    ]);
    expect(
      await post("updateShipperAdvice", {
        data: [
          { id: list.data[0].id, cn_number: booked.track_number, shipper_advice_status: "XX", shipper_remarks: "x" },
        ],
      }),
    ).toEqual({ status: 0, error: "Invalid advice status. Allowed values: RA, RT" });
  });

  it("takes the key and password in the body of a method that takes one, refusing them in its URL; GET-only methods read them from the query", async () => {
    const keys = { api_key: leopards.apiKey, api_password: leopards.apiPassword };
    const inUrl = (method: string, init: RequestInit = {}) =>
      fetch(`${leopards.url}${method}/format/json/?${new URLSearchParams({ ...keys, track_numbers: "LE1" })}`, init);
    for (const method of [
      "trackBookedPacket",
      "getAllCities",
      "bookPacket",
      "cancelBookedPackets",
      "getShipmentDetailsByOrderID",
      "shipperAdviceList",
    ]) {
      // Only in the URL: not taken, as Leopards reads a POST's body.
      expect(
        await (
          await inUrl(method, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ track_numbers: "LE1" }),
          })
        ).json(),
        method,
      ).toMatchObject({ status: 0, error: "Invalid API Key or Password" });
      // In the body and the URL too: refused all the same.
      expect(
        await (
          await inUrl(method, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ ...keys, track_numbers: "LE1" }),
          })
        ).json(),
        method,
      ).toMatchObject({ status: 0, error: "API Key and Password are taken in the request body only" });
      expect((await inUrl(method)).status, method).toBe(405);
    }
    const paid = await fetch(
      `${leopards.url}getPaymentDetails/format/json/?${new URLSearchParams({ ...keys, cn_numbers: "LE1" })}`,
    );
    expect(await paid.json()).toMatchObject({ status: 0, error: "CN number not found" });
    const posted = await fetch(`${leopards.url}getPaymentDetails/format/json/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...keys, cn_numbers: "LE1" }),
    });
    expect(posted.status).toBe(405);
  });

  it("takes at most 50 CN numbers for payment details", async () => {
    const numbers = Array.from({ length: 51 }, (_, i) => `LE${70000000 + i}`).join(",");
    const response = await fetch(
      `${leopards.url}getPaymentDetails/format/json/?${new URLSearchParams({ api_key: leopards.apiKey, api_password: leopards.apiPassword, cn_numbers: numbers })}`,
    );
    expect(await response.json()).toEqual({
      status: 0,
      error: "Maximum 50 CN Numbers are allowed",
      payment_list: null,
    });
  });
});
