import { describe, expect, it } from "vitest";
import {
  chunk,
  isRetryableStatus,
  localMobile,
  mapLimited,
  readCourierDay,
  readCourierTime,
  readPaisa,
  redact,
} from "./courier-http.server";
import { leopardsEventKind } from "./leopards/leopards-status";
import { postexEventKind, splitPostexMessage } from "./postex/postex-status";

describe("couriers' values as the shop reads them", () => {
  it("reads amounts to the paisa from their decimal digits, never through floating point", () => {
    expect(readPaisa("191.18")).toBe(19_118);
    expect(readPaisa(191.18)).toBe(19_118);
    expect(readPaisa("0.29")).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(readPaisa(1.005)).toBe(101);
    expect(readPaisa("2,500")).toBe(250_000);
    expect(readPaisa("Rs. 1,250.5")).toBe(125_050);
    expect(readPaisa("2308.82")).toBe(230_882);
    expect(readPaisa("-45.10")).toBe(-4_510);
    expect(readPaisa(".5")).toBe(50);
    expect(readPaisa(0)).toBe(0);
    for (const bad of ["", "abc", "1.2.3", null, undefined, Number.NaN, {}, "12-5"]) expect(readPaisa(bad)).toBeNull();
  });

  it("reads couriers' dates and times as Pakistan time unless a zone is given", () => {
    const utc = (text: string) => new Date(text).getTime();
    expect(readCourierTime("2026-11-24T14:05:00")?.getTime()).toBe(utc("2026-11-24T09:05:00Z"));
    expect(readCourierTime("2026-11-24 14:05")?.getTime()).toBe(utc("2026-11-24T09:05:00Z"));
    expect(readCourierTime("24/11/2026 14:05")?.getTime()).toBe(utc("2026-11-24T09:05:00Z"));
    expect(readCourierTime("24-11-2026 02:05 PM")?.getTime()).toBe(utc("2026-11-24T09:05:00Z"));
    expect(readCourierTime("24-Nov-2026")?.getTime()).toBe(utc("2026-11-23T19:00:00Z"));
    expect(readCourierTime("2026-11-24")?.getTime()).toBe(utc("2026-11-23T19:00:00Z"));
    expect(readCourierTime("2026/11/24")?.getTime()).toBe(utc("2026-11-23T19:00:00Z"));
    expect(readCourierTime("24/11/26")?.getTime()).toBe(utc("2026-11-23T19:00:00Z"));
    expect(readCourierTime("2026-11-24T14:05:00.123")?.getTime()).toBe(utc("2026-11-24T09:05:00.123Z"));
    expect(readCourierTime("2026-11-24T14:05:00Z")?.getTime()).toBe(utc("2026-11-24T14:05:00Z"));
    expect(readCourierTime("2026-11-24T14:05:00+00:00")?.getTime()).toBe(utc("2026-11-24T14:05:00Z"));
    for (const bad of ["", "tomorrow", "31/02/2026", "2026-13-01", "24/11/2026 25:00", "11/24/2026", null, 20261124])
      expect(readCourierTime(bad)).toBeNull();
    expect(readCourierDay("2026-11-24T23:30:00")).toBe("2026-11-24");
    expect(readCourierDay("2026-11-24T20:30:00Z")).toBe("2026-11-25");
    expect(readCourierDay("nope")).toBeNull();
  });

  it("writes the shop's mobile numbers as couriers want them: 03XXXXXXXXX", () => {
    expect(localMobile("+923001234567")).toBe("03001234567");
    expect(localMobile("923001234567")).toBe("03001234567");
    expect(localMobile("03001234567")).toBe("03001234567");
    expect(localMobile("3001234567")).toBe("03001234567");
  });

  it("cuts every credential out of a text, raw or URL-encoded", () => {
    const credentials = { apiKey: "KEY-1234567", apiPassword: "p@ss word/99" };
    expect(redact("GET /x?api_key=KEY-1234567&api_password=p%40ss%20word%2F99 failed", credentials)).toBe(
      "GET /x?api_key=[hidden]&api_password=[hidden] failed",
    );
    expect(redact("token p@ss word/99 refused", credentials)).toBe("token [hidden] refused");
    expect(redact("short abc stays", { token: "abc" })).toBe("short abc stays");
  });

  it("retries 5xx, 429 and 408 only", () => {
    expect([500, 502, 503, 504, 429, 408].map(isRetryableStatus)).toEqual([true, true, true, true, true, true]);
    expect([200, 400, 401, 403, 404, 422].map(isRetryableStatus)).toEqual([false, false, false, false, false, false]);
  });

  it("chunks and runs a few at a time, answering in order", async () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    let running = 0;
    let most = 0;
    const results = await mapLimited([1, 2, 3, 4, 5, 6, 7, 8, 9], 4, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5 * (10 - n)));
      running--;
      return n * 10;
    });
    expect(results).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(most).toBe(4);
  });
});

describe("couriers' statuses as tracking event kinds", () => {
  it("maps every PostEx code the guide lists, reading a refusal from an attempt's reason", () => {
    const kinds = ["0001", "0002", "0003", "0004", "0005", "0006", "0007", "0008", "0013"].map((code) =>
      postexEventKind(code, "x", null),
    );
    expect(kinds).toEqual([
      "booked",
      "returned",
      "picked-up",
      "in-transit",
      "delivered",
      "returned",
      "returned",
      "other",
      "attempted",
    ]);
    expect(postexEventKind("0013", "Attempt Made", "Customer refused to accept")).toBe("refused");
    expect(postexEventKind("0013", "Attempt Made", "Customer not answering")).toBe("attempted");
    expect(postexEventKind("13", "Attempt Made", null)).toBe("attempted");
    // Codes the guide does not list are read from PostEx's words (its order statuses, 3.15).
    expect(postexEventKind("0031", "Out For Delivery", null)).toBe("out-for-delivery");
    expect(postexEventKind(null, "Out For Return", null)).toBe("returning");
    expect(postexEventKind(null, "Picked By PostEx", null)).toBe("picked-up");
    // On its way from the shop to PostEx: the courier has it.
    expect(postexEventKind(null, "En-Route to PostEx warehouse", null)).toBe("picked-up");
    expect(postexEventKind(null, "Package on Route", null)).toBe("in-transit");
    expect(postexEventKind(null, "Un-Assigned By Me", null)).toBe("cancelled");
    expect(postexEventKind(null, "Delivery Under Review", null)).toBe("other");
    expect(splitPostexMessage("0013", "Attempt Made: Customer not answering")).toEqual({
      status: "Attempt Made",
      reason: "Customer not answering",
    });
    expect(splitPostexMessage("0001", "At Merchant's Warehouse")).toEqual({
      status: "At Merchant's Warehouse",
      reason: null,
    });
  });

  it("maps Leopards' words", () => {
    const cases: [string, string | null, string][] = [
      ["Pickup Request not Send", null, "booked"],
      ["Pickup Request Sent", null, "booked"],
      ["Consignment Booked", null, "picked-up"],
      ["Dispatched", null, "in-transit"],
      ["Arrived at Station", null, "in-transit"],
      ["Missroute", null, "in-transit"],
      ["Assign to Courier", null, "out-for-delivery"],
      ["Pending", "Consignee not available", "attempted"],
      ["Attempted", null, "attempted"],
      ["Consignee not available", null, "attempted"],
      ["Pending", "Refused by consignee", "refused"],
      ["Refused", "Consignee refused to accept", "refused"],
      ["Delivered", null, "delivered"],
      ["Being Return", null, "returning"],
      ["Ready for Return", null, "returning"],
      ["Returned to shipper", null, "returned"],
      ["Cancelled", null, "cancelled"],
      ["Something new", null, "other"],
    ];
    expect(cases.map(([status, reason]) => leopardsEventKind(status, reason))).toEqual(cases.map(([, , kind]) => kind));
  });
});
