import { stringify } from "csv-stringify/sync";
import writeExcelFile, { type Row } from "write-excel-file/node";
import type { BookingField } from "~/modules/shipping/booking/booking-columns";
import type { BookingHandover, BookingRequest, ParcelHandover } from "~/modules/shipping/couriers/courier-provider";
import { shopDay } from "~/lib/shop-time";
import { exchangeNote } from "~/modules/shipping/booking/parcel";

/** 03XXXXXXXXX, as courier portals take a Pakistani mobile number. */
export function localMobile(e164: string): string {
  return /^\+923\d{9}$/.test(e164) ? `0${e164.slice(3)}` : e164;
}

/**
 * The rider's note: a parcel the shop has its money for (COD 0) must not be charged at the door; a
 * replacement order (an exchange) says first that the old item is to be collected, and its COD is
 * only the price difference (often Rs 0).
 */
export function bookingInstructions(codAmount: number, exchangeFor?: string | null): string {
  if (exchangeFor) {
    return `${exchangeNote(exchangeFor)}. ${codAmount > 0 ? "Cash on delivery (the price difference)." : "Do not collect cash."} Call before delivery.`;
  }
  return codAmount > 0
    ? "Cash on delivery. Call before delivery."
    : "Prepaid: do not collect cash. Call before delivery.";
}

/**
 * Free text a buyer typed (name, address, city, e-mail), made safe for a spreadsheet without
 * changing what the portal reads: portals take the cell's raw text, so an apostrophe guard would
 * be booked as part of the name. A leading =, +, - or @ (or a tab or line break before one) is
 * dropped instead: no name or address starts with one, and a formula planted there never runs.
 */
export function guardFreeText(value: string): string {
  return value.replace(/^[=+\-@\s]+/, "");
}

function cell(parcel: ParcelHandover, field: BookingField, accountCode: string | null): string {
  switch (field) {
    case "orderNumber":
      return parcel.orderNumber;
    case "consigneeName":
      return guardFreeText(parcel.consigneeName);
    // Never guarded: a portal must read the number as written (03XXXXXXXXX, or + and digits abroad).
    case "phone":
      return localMobile(parcel.phone);
    case "email":
      return guardFreeText(parcel.email);
    case "address":
      return guardFreeText([parcel.address, parcel.postalCode].filter(Boolean).join(", "));
    case "city":
      return guardFreeText(parcel.city);
    case "codAmount":
      return String(parcel.codAmount);
    case "weightKg":
      return (parcel.weightGrams / 1000).toFixed(2).replace(/\.?0+$/, "");
    case "weightGrams":
      return String(parcel.weightGrams);
    case "pieces":
      return String(parcel.pieces);
    case "description":
      return guardFreeText(parcel.description);
    case "instructions":
      return bookingInstructions(parcel.codAmount, parcel.exchangeFor);
    case "accountCode":
      return accountCode ?? "";
  }
}

/**
 * The courier portal's bulk-upload CSV for booked parcels, in the courier's layout (Settings ->
 * Couriers), named for the courier and the Karachi day. UTF-8 with a byte-order mark, so Excel
 * shows Urdu names as written; rows end CRLF, as Excel's own CSV. Phones are plain 03XXXXXXXXX:
 * the portal's bulk upload reads the raw text (a ="..." or tab guard would be booked as written).
 * Free text is made safe for spreadsheets by guardFreeText; phones, amounts, weights and order
 * numbers are never changed.
 */
export async function writeBookingFile({ courier, parcels, now }: BookingRequest): Promise<BookingHandover> {
  const columns = courier.bookingColumns;
  const lines = parcels.map((parcel) =>
    columns.map((column) => cell(parcel, column.field as BookingField, courier.accountCode)),
  );
  const csv = `\uFEFF${stringify([columns.map((c) => c.header), ...lines], { record_delimiter: "windows" })}`;
  const slug =
    courier.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "courier";
  const name = `${slug}-booking-${shopDay(now)}`;
  // Counts and amounts are numbers; everything else (phones, order numbers, names) is a text cell,
  // so Excel shows and saves 03001234567 as written and never reads a cell as a formula.
  const rows: Row[] = [
    columns.map((c) => ({ value: c.header, type: String, fontWeight: "bold" as const })),
    ...lines.map((line) =>
      line.map((value, i) =>
        NUMBER_FIELDS.has(columns[i].field as BookingField) && value !== "" && Number.isFinite(Number(value))
          ? { value: Number(value), type: Number }
          : { value, type: String },
      ),
    ),
  ];
  const bytes = await writeExcelFile(rows, {
    columns: columns.map((c) => ({ width: Math.min(40, Math.max(12, c.header.length + 2)) })),
  }).toBuffer();
  return {
    courier: courier.name,
    fileName: `${name}.csv`,
    csv,
    count: parcels.length,
    workbook: { fileName: `${name}.xlsx`, bytes: new Uint8Array(bytes) },
  };
}

const NUMBER_FIELDS = new Set<BookingField>(["codAmount", "weightKg", "weightGrams", "pieces"]);
