import { describe, expect, it } from "vitest";
import { defaultBookingColumns } from "~/modules/shipping/booking/booking-columns";
import type { ParcelHandover } from "~/modules/shipping/couriers/courier-provider";
import { guessMapping } from "~/modules/shipping/imports/column-mapping";
import { fileCourierProvider } from "./file-courier-provider.server";
import { portalCsv, portalFile, portalXlsx } from "./portal-stand-in";

const PARCEL: ParcelHandover = {
  orderNumber: "ORD-100001",
  consigneeName: "Ayesha Khan",
  phone: "+923001234567",
  email: "ayesha@example.pk",
  address: "House 12, Street 4",
  postalCode: "54000",
  city: "Lahore",
  codAmount: 3450,
  weightGrams: 1200,
  pieces: 2,
  description: "Lawn suit (M) x2",
};

/** The file portal, through the port only: plain data in, the portal's files out and back. */
describe("the couriers' file portal (fileCourierProvider)", () => {
  it("books parcels as the portal's bulk-upload CSV: UTF-8 with BOM, CRLF, the courier's layout, local mobiles as the portal reads them, the rider's note, no formulas and no visible guard", async () => {
    const handover = await fileCourierProvider.book({
      courier: {
        name: "TCS Express",
        accountCode: "TCS-001",
        bookingColumns: [...defaultBookingColumns("TCS"), { header: "Account", field: "accountCode" }],
      },
      parcels: [
        PARCEL,
        {
          ...PARCEL,
          orderNumber: "ORD-100002",
          consigneeName: '=HYPERLINK("x")',
          postalCode: null,
          codAmount: 0,
          weightGrams: 500,
          pieces: 1,
        },
        // A buyer abroad keeps the + of the number; an address that starts with a sign loses only the sign.
        {
          ...PARCEL,
          orderNumber: "ORD-100003",
          phone: "+447700900123",
          address: "-@cmd|' /C calc'!A0 Flat 3",
          postalCode: null,
        },
      ],
      // 01:00 on the 25th in Karachi: the 25th's file.
      now: new Date("2026-11-24T20:00:00Z"),
    });
    expect(handover).toMatchObject({
      courier: "TCS Express",
      fileName: "tcs-express-booking-2026-11-25.csv",
      count: 3,
    });
    expect(handover.csv.startsWith("\uFEFFReference No,")).toBe(true);
    expect(handover.csv.endsWith("\r\n")).toBe(true);
    expect(handover.csv.slice(1).trimEnd().split("\r\n")).toEqual([
      "Reference No,Consignee Name,Consignee Mobile,Consignee Address,Destination City,COD Amount,Weight,Pieces,Product Details,Remarks,Account",
      'ORD-100001,Ayesha Khan,03001234567,"House 12, Street 4, 54000",Lahore,3450,1.2,2,Lawn suit (M) x2,Cash on delivery. Call before delivery.,TCS-001',
      `ORD-100002,"HYPERLINK(""x"")",03001234567,"House 12, Street 4",Lahore,0,0.5,1,Lawn suit (M) x2,Prepaid: do not collect cash. Call before delivery.,TCS-001`,
      `ORD-100003,Ayesha Khan,+447700900123,cmd|' /C calc'!A0 Flat 3,Lahore,3450,1.2,2,Lawn suit (M) x2,Cash on delivery. Call before delivery.,TCS-001`,
    ]);
  });

  it("tells the rider to collect an exchange's old item, with the price difference or no cash", async () => {
    const handover = await fileCourierProvider.book({
      courier: { name: "Leopards", accountCode: null, bookingColumns: defaultBookingColumns("Leopards") },
      parcels: [
        { ...PARCEL, orderNumber: "EX-100003", codAmount: 0, exchangeFor: "ORD-100001" },
        { ...PARCEL, orderNumber: "EX-100004", codAmount: 300, exchangeFor: "ORD-100002" },
      ],
      now: new Date("2026-11-24T20:00:00Z"),
    });
    const [, same, more] = handover.csv.trim().split("\r\n");
    expect(same).toMatch(
      /^EX-100003,.*,0,1200,2,Lawn suit \(M\) x2,EXCHANGE: collect the old item \(ORD-100001\)\. Do not collect cash\. Call before delivery\.$/,
    );
    expect(more).toMatch(
      /^EX-100004,.*,300,1200,2,Lawn suit \(M\) x2,EXCHANGE: collect the old item \(ORD-100002\)\. Cash on delivery \(the price difference\)\. Call before delivery\.$/,
    );
  });

  it("reads the portal's CSV and Excel reports alike, and gives their rows through the mapping", async () => {
    const rows = [
      ["Order Ref", "CN Number", "Current Status", "Status Date"],
      ["ORD-100001", 771234567890, "Delivered", "2026-11-20 14:30"],
    ];
    const csv = await fileCourierProvider.readSheet(
      portalFile("status.csv", portalCsv(rows, { delimiter: ";", bom: true })),
    );
    const xlsx = await fileCourierProvider.readSheet(portalFile("status.xlsx", await portalXlsx(rows)));
    expect(xlsx).toEqual(csv);
    expect(csv).toMatchObject({
      headers: rows[0],
      rows: [["ORD-100001", "771234567890", "Delivered", "2026-11-20 14:30"]],
    });
    const [row] = await fileCourierProvider.track(
      { sheet: csv, mapping: guessMapping("delivery", csv.headers) },
      "delivery",
    );
    expect(row).toMatchObject({
      line: 2,
      orderNumber: "ORD-100001",
      trackingNumber: "771234567890",
      status: "Delivered",
      statusKind: "delivered",
      problems: [],
    });
  });

  it("gives a COD report's rows in whole rupees", async () => {
    const sheet = await fileCourierProvider.readSheet(
      portalFile(
        "cod.xlsx",
        await portalXlsx(
          [
            ["CN Number", "COD Amount", "Delivery Charges", "Payment ID", "Payment Date"],
            [771234567890, 3450, 200, 90017, new Date(Date.UTC(2026, 10, 25))],
          ],
          { dateFormat: "dd/mm/yyyy" },
        ),
      ),
    );
    const [row] = await fileCourierProvider.settlements({ sheet, mapping: guessMapping("cod", sheet.headers) });
    expect(row).toMatchObject({
      trackingNumber: "771234567890",
      collected: 3450,
      charges: 200,
      settlementReference: "90017",
      settlementDate: "2026-11-25",
      problems: [],
    });
  });
});
