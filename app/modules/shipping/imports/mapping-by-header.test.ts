import { describe, expect, it } from "vitest";
import { NO_ORDER_COLUMN_MESSAGE } from "./check-mapping";
import { mappingByHeader } from "./mapping-by-header";

const HEADERS = ["Reference No", "CN", "Status", "COD Amount", "Status"];

describe("a mapping given by column headers (the API's)", () => {
  it("turns headers into columns, ignoring case and spaces, and leaves out null and empty fields", () => {
    expect(
      mappingByHeader(
        "cod",
        JSON.stringify({ trackingNumber: " cn", collected: "cod amount", orderNumber: null, charges: "" }),
        HEADERS,
      ),
    ).toEqual({ ok: true, mapping: { trackingNumber: 1, collected: 3 } });
  });

  it("refuses what is not a JSON object of the kind's fields", () => {
    expect(mappingByHeader("tracking", "orderNumber=Reference No", HEADERS)).toMatchObject({
      ok: false,
      fields: { mapping: expect.stringContaining("must be JSON") },
    });
    expect(mappingByHeader("tracking", "null", HEADERS)).toMatchObject({
      ok: false,
      fields: { mapping: expect.stringContaining("JSON object") },
    });
    expect(
      mappingByHeader("tracking", JSON.stringify({ orderNumber: "Reference No", collected: "COD Amount" }), HEADERS),
    ).toEqual({
      ok: false,
      message:
        '"collected": not a field of a tracking file. Its fields are orderNumber, trackingNumber, courierName, date',
      fields: {
        mapping:
          '"collected": not a field of a tracking file. Its fields are orderNumber, trackingNumber, courierName, date',
      },
    });
  });

  it("says which header is not in the file, is given twice, or is not text", () => {
    const result = mappingByHeader(
      "delivery",
      JSON.stringify({ orderNumber: "Order No", status: "Status", reason: 4 }),
      HEADERS,
    );
    expect(result).toEqual({
      ok: false,
      message:
        'No column of this file is headed "Order No". Its columns: "Reference No", "CN", "Status", "COD Amount", "Status"',
      fields: {
        orderNumber:
          'No column of this file is headed "Order No". Its columns: "Reference No", "CN", "Status", "COD Amount", "Status"',
        status: '2 columns of this file are headed "Status": rename one in the file',
        reason: "Give the column's header as text",
      },
    });
  });

  it("checks the columns by the page's rules (checkMapping)", () => {
    expect(mappingByHeader("delivery", JSON.stringify({ trackingNumber: "CN" }), HEADERS)).toMatchObject({
      ok: false,
      fields: { status: "Choose which column holds the delivery status." },
    });
    expect(mappingByHeader("tracking", JSON.stringify({ trackingNumber: "CN" }), HEADERS)).toMatchObject({
      ok: false,
      message: NO_ORDER_COLUMN_MESSAGE,
    });
  });
});
