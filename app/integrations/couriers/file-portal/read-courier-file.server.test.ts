import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors";
import { guessMapping, readRows } from "~/modules/shipping/imports/column-mapping";
import { portalXlsx } from "./portal-stand-in";
import { readCourierFile } from "./read-courier-file.server";

const csv = (text: string, name = "report.csv") => readCourierFile({ name, bytes: new TextEncoder().encode(text) });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe("VALIDATION");
  return error as AppError;
}

const NOT_A_SHEET =
  "This file is not a CSV or Excel (.xlsx) file. Please upload the file as your courier's portal gives it.";
const EMPTY = "This file is empty: it has no rows to import.";

describe("readCourierFile: CSV", () => {
  it("reads a comma CSV with quoted commas and line breaks, trimming cells and keeping rows' lines", async () => {
    const sheet = await csv(
      'Order No, CN Number ,COD Amount\r\nORD-100001,"7712 3456",  "Rs 1,299"\r\n\r\nORD-100002,LE123,"Gulberg, Lahore\nnear the park"\r\n,,\r\n',
    );
    expect(sheet.headers).toEqual(["Order No", "CN Number", "COD Amount"]);
    expect(sheet.rows).toEqual([
      ["ORD-100001", "7712 3456", "Rs 1,299"],
      ["ORD-100002", "LE123", "Gulberg, Lahore\nnear the park"],
    ]);
    expect(sheet.lines).toEqual([2, 4]); // the blank line 3 and the empty ",," row are dropped, not renumbered
  });

  it("detects semicolons and tabs from the header line, so commas inside cells stay text", async () => {
    const semicolon = await csv("Order #;Status;Amount\nORD-1;Delivered;1,299\n");
    expect(semicolon.headers).toEqual(["Order #", "Status", "Amount"]);
    expect(semicolon.rows).toEqual([["ORD-1", "Delivered", "1,299"]]);
    const tab = await csv(
      "Tracking No\tLast Status\tRemarks\nTRX9\tReturned\tRefused, no answer\nTRX10\t\tCall later\n",
    );
    expect(tab.headers).toEqual(["Tracking No", "Last Status", "Remarks"]);
    expect(tab.rows).toEqual([
      ["TRX9", "Returned", "Refused, no answer"],
      ["TRX10", "", "Call later"],
    ]);
  });

  it("strips a UTF-8 byte-order mark, keeps Urdu text, and pads short rows", async () => {
    const sheet = await csv("\uFEFFReference,Consignee,City\nord-7,علی,\nord-8\n");
    expect(sheet.headers[0]).toBe("Reference");
    expect(sheet.rows).toEqual([
      ["ord-7", "علی", ""],
      ["ord-8", "", ""],
    ]);
  });

  it("reads a file Excel saved as ANSI (not UTF-8) rather than refusing it", async () => {
    const bytes = Uint8Array.from([...new TextEncoder().encode("CN,City\nA1,Caf"), 0xe9, 0x0a]);
    expect((await readCourierFile({ name: "ansi.csv", bytes })).rows).toEqual([["A1", "Café"]]);
  });

  it("takes the first non-empty row as the header and drops blank edge columns", async () => {
    const sheet = await csv("\n,,\n,Order No,CN,\n,ORD-1,X1,\n");
    expect(sheet.headers).toEqual(["Order No", "CN"]);
    expect(sheet.rows).toEqual([["ORD-1", "X1"]]);
    expect(sheet.lines).toEqual([4]);
  });

  it("reads the bytes, not the name: a CSV named .xlsx is read as CSV", async () => {
    const sheet = await csv("CN,Status\nA1,Delivered\n", "export.xlsx");
    expect(sheet.rows).toEqual([["A1", "Delivered"]]);
  });

  it("refuses an unclosed quote with the line it starts near", async () => {
    const error = await refusal(csv('CN,Status\nA1,"Delivered\nA2,Returned\n'));
    expect(error.message).toMatch(/^This CSV file could not be read near line \d+: a quoted field is never closed\./);
  });
});

describe("readCourierFile: Excel (.xlsx)", () => {
  it("reads the first sheet: numbers as plain digits, dates as YYYY-MM-DD (with HH:mm when timed)", async () => {
    const bytes = await portalXlsx([
      {
        name: "Payments",
        rows: [
          [null],
          ["CN Number", "Order Ref", "COD Amount", "Payment Date", "Status Date", "Charges", "Delivered"],
          [
            771234567890,
            "  ord-100001 ",
            1299,
            { value: new Date(Date.UTC(2025, 2, 4)), format: "dd/mm/yyyy" },
            { value: new Date(Date.UTC(2025, 2, 4, 10, 30)), format: "dd/mm/yyyy hh:mm" },
            1299.4999999999998,
            true,
          ],
          [null, null, null],
          [1.5e20, "ORD-100002", 1299.5, null, null, -200, false],
        ],
      },
      { name: "Summary", rows: [["Total"], [2598]] },
    ]);
    const sheet = await readCourierFile({ name: "payments.xlsx", bytes });
    expect(sheet.headers).toEqual([
      "CN Number",
      "Order Ref",
      "COD Amount",
      "Payment Date",
      "Status Date",
      "Charges",
      "Delivered",
    ]);
    expect(sheet.rows).toEqual([
      ["771234567890", "ord-100001", "1299", "2025-03-04", "2025-03-04 10:30", "1299.5", "TRUE"],
      ["150000000000000000000", "ORD-100002", "1299.5", "", "", "-200", "FALSE"],
    ]);
    expect(sheet.lines).toEqual([3, 5]);
  });

  it("gives readRows whole rupees from number cells, a paisa problem on the right line, and dates as text", async () => {
    const bytes = await portalXlsx([
      ["Consignment No", "Customer Reference", "Amount Collected", "Service Charges", "Payment Date"],
      ["MP-1", "ord-200001", 3499, 180, { value: new Date(Date.UTC(2025, 5, 30)), format: "d mmm yyyy" }],
      [null],
      ["MP-2", "ord-200002", 1299.5, 180, null],
    ]);
    const sheet = await readCourierFile({ name: "mnp.xlsx", bytes });
    const { rows } = readRows("cod", sheet, guessMapping("cod", sheet.headers));
    expect(
      rows.map(({ line, orderNumber, collected, charges, settlementDate, problems }) => ({
        line,
        orderNumber,
        collected,
        charges,
        settlementDate,
        problems,
      })),
    ).toEqual([
      { line: 2, orderNumber: "ORD-200001", collected: 3499, charges: 180, settlementDate: "2025-06-30", problems: [] },
      {
        line: 4,
        orderNumber: "ORD-200002",
        collected: null,
        charges: 180,
        settlementDate: null,
        problems: ['Amount "1299.5" is not a whole number of rupees'],
      },
    ]);
  });

  it("reads an .xlsx whatever it is named", async () => {
    const bytes = await portalXlsx([
      ["Tracking ID", "Order ID"],
      ["PX-1", "ORD-1"],
    ]);
    const sheet = await readCourierFile({ name: "upload.csv", bytes });
    expect(sheet).toMatchObject({ headers: ["Tracking ID", "Order ID"], rows: [["PX-1", "ORD-1"]] });
  });

  it("refuses a header-only workbook as empty", async () => {
    const bytes = await portalXlsx([
      ["CN", "Status"],
      [null, null],
    ]);
    expect((await refusal(readCourierFile({ name: "x.xlsx", bytes }))).message).toBe(EMPTY);
  });
});

describe("readCourierFile: refusals", () => {
  const PNG = Uint8Array.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6,
    0, 0, 0,
  ]);
  const OLD_XLS = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
  const BROKEN_ZIP = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 1, 2, 3, 4]);

  it.each([
    ["a PNG named .csv", "orders.csv", PNG],
    ["an old Excel .xls", "orders.xls", OLD_XLS],
    ["a ZIP that is no workbook", "orders.xlsx", BROKEN_ZIP],
    ["a PDF", "orders.csv", new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n")],
    [
      "an HTML page saved as .xls",
      "orders.xls",
      new TextEncoder().encode("<html><table><tr><td>CN</td></tr></table></html>"),
    ],
  ])("refuses %s", async (_what, name, bytes) => {
    expect((await refusal(readCourierFile({ name, bytes }))).message).toBe(NOT_A_SHEET);
  });

  it.each([
    ["an empty file", ""],
    ["blank lines only", "\r\n\r\n ,, \r\n"],
    ["a header row only", "Order No,CN,Status\r\n"],
  ])("refuses %s as empty", async (_what, text) => {
    expect((await refusal(csv(text))).message).toBe(EMPTY);
  });

  it("refuses a file over 5 MB before reading it", async () => {
    const bytes = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x61);
    expect((await refusal(readCourierFile({ name: "big.csv", bytes }))).message).toBe(
      "This file is larger than 5 MB. Please split it into smaller files.",
    );
  });

  it("refuses more than 20,000 data rows and accepts exactly 20,000", async () => {
    const file = (rows: number) => `CN,Status\n${"X1,Delivered\n".repeat(rows)}`;
    expect((await csv(file(20_000))).rows).toHaveLength(20_000);
    expect((await refusal(csv(file(20_001)))).message).toBe(
      "This file has more than 20,000 rows. Please split it into smaller files.",
    );
  });
});
