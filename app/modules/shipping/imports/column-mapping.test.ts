import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors";
import { checkMapping, guessMapping, IMPORT_FIELDS, NO_ORDER_COLUMN_MESSAGE, readRows } from "./column-mapping";

describe("IMPORT_FIELDS", () => {
  it("lists each kind's fields with the owner's labels and what is required", () => {
    expect(IMPORT_FIELDS.tracking.map(({ field, required }) => [field, required])).toEqual([
      ["orderNumber", true],
      ["trackingNumber", true],
      ["courierName", false],
      ["date", false],
    ]);
    expect(IMPORT_FIELDS.delivery.filter((info) => info.required).map((info) => info.field)).toEqual(["status"]);
    expect(IMPORT_FIELDS.cod.map((info) => info.field)).toEqual([
      "orderNumber",
      "trackingNumber",
      "collected",
      "charges",
      "netPaid",
      "incomeTax",
      "salesTax",
      "status",
      "settlementReference",
      "settlementDate",
    ]);
    expect(IMPORT_FIELDS.cod[0].label).toBe("Order number");
  });
});

describe("guessMapping on couriers' real header rows", () => {
  it("TCS delivery report", () => {
    expect(guessMapping("delivery", ["CN Number", "Reference No", "Consignee", "Status", "Status Date"])).toEqual({
      trackingNumber: 0,
      orderNumber: 1,
      status: 3,
      date: 4,
    });
  });

  it("PostEx settlement: Tracking # and Transaction Fee too", () => {
    const headers = [
      "Order Ref",
      "Tracking #",
      "Order Status",
      "COD Amount",
      "Transaction Fee",
      "Net Amount",
      "Settlement ID",
      "Settlement Date",
    ];
    expect(guessMapping("cod", headers)).toEqual({
      orderNumber: 0,
      trackingNumber: 1,
      status: 2,
      collected: 3,
      charges: 4,
      netPaid: 5,
      settlementReference: 6,
      settlementDate: 7,
    });
  });

  it("Leopards booked packets, for tracking numbers: the booking date, not the order's status", () => {
    const headers = [
      "S.No",
      "Booked Packet CN",
      "Booking Date",
      "Order Status",
      "Shipper Reference No",
      "Consignee Name",
      "COD Amount",
      "Courier",
    ];
    expect(guessMapping("tracking", headers)).toEqual({ trackingNumber: 1, date: 2, orderNumber: 4, courierName: 7 });
  });

  it("Leopards payment sheet: COD Charges are charges, COD is the amount collected", () => {
    const headers = ["CN #", "COD Charges", "COD", "Net Payable", "Cheque No", "Cheque Date", "Booking Date"];
    expect(guessMapping("cod", headers)).toEqual({
      trackingNumber: 0,
      charges: 1,
      collected: 2,
      netPaid: 3,
      settlementReference: 4,
      settlementDate: 5,
    });
  });

  it("M&P and Trax style: case, punctuation and word order do not matter; extra columns are left alone", () => {
    const headers = [
      "consignee city",
      "AIRWAY BILL",
      "order no.",
      "SHIPMENT_STATUS",
      "return-reason",
      "Delivery Date",
      "Weight (kg)",
    ];
    expect(guessMapping("delivery", headers)).toEqual({
      trackingNumber: 1,
      orderNumber: 2,
      status: 3,
      reason: 4,
      date: 5,
    });
  });

  it("Call Courier and BlueEx style run-together and camelCase headers", () => {
    expect(guessMapping("delivery", ["CNNO", "ORDERNUMBER", "CurrentStatus", "Remarks"])).toEqual({
      trackingNumber: 0,
      orderNumber: 1,
      status: 2,
      reason: 3,
    });
    expect(guessMapping("cod", ["orderId", "trackingNo", "codAmount (Rs)", "deliveryCharges"])).toEqual({
      orderNumber: 0,
      trackingNumber: 1,
      collected: 2,
      charges: 3,
    });
  });

  it("finds the tax couriers withhold from COD by its usual headers (issue 45)", () => {
    expect(
      guessMapping("cod", ["CN", "COD Amount", "Charges", "Income Tax", "Sales Tax", "Net Payable", "Payment ID"]),
    ).toEqual({
      trackingNumber: 0,
      collected: 1,
      charges: 2,
      incomeTax: 3,
      salesTax: 4,
      netPaid: 5,
      settlementReference: 6,
    });
    expect(guessMapping("cod", ["Order No", "Amount", "WHT", "GST", "Net"])).toMatchObject({
      incomeTax: 2,
      salesTax: 3,
      netPaid: 4,
    });
  });

  it("prefers an exact header to one that only ends with a synonym, and never maps one column twice", () => {
    // "Customer Ref" is exact; "Payment Reference" would only end with "Reference".
    expect(guessMapping("cod", ["Payment Reference", "Customer Ref", "Amount"])).toEqual({
      settlementReference: 0,
      orderNumber: 1,
      collected: 2,
    });
    // Two columns both called Status: the first is taken once.
    const twice = guessMapping("delivery", ["Order No", "Status", "Status"]);
    expect(twice).toEqual({ orderNumber: 0, status: 1 });
    // "Net Amount" ends with "Amount" (collected) but is exactly net paid: the exact pair goes first.
    expect(guessMapping("cod", ["Net Amount", "COD"])).toEqual({ netPaid: 0, collected: 1 });
    expect(guessMapping("delivery", ["Payment Reference", "Ref", "Status"])).toEqual({ orderNumber: 1, status: 2 });
    // A header ending with a synonym maps when nothing exact does ("#" reads as "No").
    expect(guessMapping("tracking", ["Customer Order #", "Tracking Number (CN)"])).toEqual({
      orderNumber: 0,
      trackingNumber: 1,
    });
    expect(guessMapping("cod", ["Order #", "Bank Cheque #", "COD"])).toEqual({
      orderNumber: 0,
      settlementReference: 1,
      collected: 2,
    });
  });

  it("maps only the kind's fields and leaves unknown headers unmapped", () => {
    expect(guessMapping("tracking", ["COD Amount", "Status", "Net Amount"])).toEqual({});
    expect(guessMapping("delivery", ["Consignee", "Phone", "City", "Weight"])).toEqual({});
  });
});

describe("checkMapping", () => {
  it("accepts a complete mapping", () => {
    expect(checkMapping("tracking", { orderNumber: 0, trackingNumber: 1 }, 2)).toEqual({ ok: true });
    expect(checkMapping("delivery", { trackingNumber: 0, status: 1 }, 2)).toEqual({ ok: true });
    expect(checkMapping("cod", { orderNumber: 2, collected: 0 }, 3)).toEqual({ ok: true });
  });

  it("refuses a file with no order column: neither order nor tracking for delivery and cod, no order for tracking", () => {
    const headers = ["Consignee", "Status", "COD Amount"];
    const check = checkMapping("cod", guessMapping("cod", headers), headers.length);
    expect(check).toEqual({
      ok: false,
      message: NO_ORDER_COLUMN_MESSAGE,
      fields: { orderNumber: NO_ORDER_COLUMN_MESSAGE },
    });
    expect(NO_ORDER_COLUMN_MESSAGE).toBe(
      "This file names no order column. Choose which column holds the order number.",
    );
    expect(checkMapping("tracking", { trackingNumber: 0 }, 1)).toMatchObject({
      ok: false,
      message: NO_ORDER_COLUMN_MESSAGE,
    });
    expect(checkMapping("delivery", { status: 0 }, 1)).toMatchObject({ ok: false, message: NO_ORDER_COLUMN_MESSAGE });
  });

  it("names each missing required field in lower case", () => {
    expect(checkMapping("delivery", { orderNumber: 0 }, 2)).toEqual({
      ok: false,
      message: "Choose which column holds the delivery status.",
      fields: { status: "Choose which column holds the delivery status." },
    });
    expect(checkMapping("cod", { trackingNumber: 0 }, 2)).toMatchObject({
      ok: false,
      message: "Choose which column holds the amount collected.",
    });
    expect(checkMapping("tracking", { orderNumber: 0 }, 2)).toMatchObject({
      ok: false,
      message: "Choose which column holds the tracking number.",
    });
  });

  it("refuses a column that is not in the file and one column used twice", () => {
    expect(checkMapping("tracking", { orderNumber: 0, trackingNumber: 2 }, 2)).toEqual({
      ok: false,
      message: "The column chosen for the tracking number is not in this file. Choose another.",
      fields: { trackingNumber: "The column chosen for the tracking number is not in this file. Choose another." },
    });
    expect(checkMapping("tracking", { orderNumber: -1, trackingNumber: 1.5 }, 2)).toMatchObject({
      ok: false,
      fields: {
        orderNumber: expect.stringContaining("not in this file"),
        trackingNumber: expect.stringContaining("not in this file"),
      },
    });
    expect(checkMapping("cod", { orderNumber: 0, collected: 1, charges: 1 }, 2)).toEqual({
      ok: false,
      message:
        "The amount collected and the courier charges cannot come from the same column. Choose another column for one of them.",
      fields: {
        charges:
          "The amount collected and the courier charges cannot come from the same column. Choose another column for one of them.",
      },
    });
  });
});

describe("readRows", () => {
  it("tracking: order numbers upper-cased, tracking numbers without spaces, blanks named as problems", () => {
    const sheet = {
      headers: ["Order No", "CN", "Courier", "Booking Date"],
      rows: [
        ["ord-100001", "7712 3456 7890", "TCS", "2025-03-04"],
        ["ORD-100002", "", "", ""],
        ["", "LE-55", "Leopards", ""],
        ['="ORD-100004"', "'009876", "", ""],
      ],
      lines: [2, 3, 5, 6],
    };
    const { rows } = readRows("tracking", sheet, { orderNumber: 0, trackingNumber: 1, courierName: 2, date: 3 });
    expect(rows).toEqual([
      {
        line: 2,
        problems: [],
        orderNumber: "ORD-100001",
        trackingNumber: "771234567890",
        courierName: "TCS",
        date: "2025-03-04",
      },
      {
        line: 3,
        problems: ["No tracking number"],
        orderNumber: "ORD-100002",
        trackingNumber: "",
        courierName: null,
        date: null,
      },
      {
        line: 5,
        problems: ["No order number"],
        orderNumber: "",
        trackingNumber: "LE-55",
        courierName: "Leopards",
        date: null,
      },
      { line: 6, problems: [], orderNumber: "ORD-100004", trackingNumber: "009876", courierName: null, date: null },
    ]);
  });

  it("delivery: classifies the courier's words and numbers lines from 2 when the sheet gives none", () => {
    const sheet = {
      headers: ["CN Number", "Reference No", "Status", "Status Date", "Remarks"],
      rows: [
        ["TCS1", "ord-1", "DELIVERED TO CONSIGNEE", "2025-03-05", ""],
        ["TCS2", "", "Return to Origin", "2025-03-06", "Refused by consignee"],
        ["TCS3", "ORD-3", "Being Returned", "", ""],
        ["", "", "", "", ""],
      ],
    };
    const { rows } = readRows("delivery", sheet, guessMapping("delivery", sheet.headers));
    expect(
      rows.map(({ line, orderNumber, trackingNumber, statusKind, reason, problems }) => ({
        line,
        orderNumber,
        trackingNumber,
        statusKind,
        reason,
        problems,
      })),
    ).toEqual([
      { line: 2, orderNumber: "ORD-1", trackingNumber: "TCS1", statusKind: "delivered", reason: null, problems: [] },
      {
        line: 3,
        orderNumber: null,
        trackingNumber: "TCS2",
        statusKind: "returned",
        reason: "Refused by consignee",
        problems: [],
      },
      { line: 4, orderNumber: "ORD-3", trackingNumber: "TCS3", statusKind: "other", reason: null, problems: [] },
      {
        line: 5,
        orderNumber: null,
        trackingNumber: null,
        statusKind: "other",
        reason: null,
        problems: ["No order number or tracking number", "No delivery status"],
      },
    ]);
  });

  it("cod: amounts in whole rupees, paisa and blanks as problems, never rounded", () => {
    const sheet = {
      headers: [
        "Order Ref",
        "Tracking #",
        "Order Status",
        "COD Amount",
        "Transaction Fee",
        "Net Amount",
        "Settlement ID",
        "Settlement Date",
      ],
      rows: [
        ["ord-100001", "PX 001", "Delivered", "Rs. 2,499/-", "-200", "2,299", "STL-9", "2025-03-10"],
        ["ORD-100002", "PX002", "", "1,299.50", "", "", "", ""],
        ["ORD-100003", "PX003", "Returned", "", "Rs 150", "(150)", "STL-9", ""],
        ["ORD-100004", "PX004", "Delivered", "-500", "abc", "PKR 1299", "", ""],
      ],
    };
    const { rows } = readRows("cod", sheet, guessMapping("cod", sheet.headers));
    expect(rows[0]).toEqual({
      line: 2,
      problems: [],
      orderNumber: "ORD-100001",
      trackingNumber: "PX001",
      collected: 2499,
      charges: -200,
      netPaid: 2299,
      incomeTax: null,
      salesTax: null,
      status: "Delivered",
      statusKind: "delivered",
      settlementReference: "STL-9",
      settlementDate: "2025-03-10",
    });
    expect(rows[1]).toMatchObject({
      collected: null,
      charges: null,
      netPaid: null,
      status: null,
      statusKind: null,
      problems: ['Amount "1,299.50" is not a whole number of rupees'],
    });
    expect(rows[2]).toMatchObject({
      collected: null,
      charges: 150,
      netPaid: -150,
      statusKind: "returned",
      problems: ["No collected amount"],
    });
    expect(rows[3]).toMatchObject({
      collected: -500,
      charges: null,
      netPaid: 1299,
      problems: ['Collected amount "-500" is negative', 'Amount "abc" is not an amount in rupees'],
    });
  });

  it("refuses a mapping checkMapping refuses, with its message and fields", () => {
    const sheet = { headers: ["Consignee", "COD Amount"], rows: [["Ali", "100"]] };
    let error: unknown;
    try {
      readRows("cod", sheet, { collected: 1 });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: "VALIDATION",
      message: NO_ORDER_COLUMN_MESSAGE,
      fields: { orderNumber: NO_ORDER_COLUMN_MESSAGE },
    });
  });
});
