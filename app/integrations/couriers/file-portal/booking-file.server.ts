import { stringify } from "csv-stringify/sync";
import type { BookingField } from "~/modules/shipping/booking/booking-columns";
import type { BookingHandover, BookingRequest, ParcelHandover } from "~/modules/shipping/couriers/courier-provider";
import { neutraliseCsvCell } from "~/modules/orders/csv-cell";
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
  return codAmount > 0 ? "Cash on delivery. Call before delivery." : "Prepaid: do not collect cash. Call before delivery.";
}

function cell(parcel: ParcelHandover, field: BookingField, accountCode: string | null): string {
  switch (field) {
    case "orderNumber": return parcel.orderNumber;
    case "consigneeName": return parcel.consigneeName;
    case "phone": return localMobile(parcel.phone);
    case "email": return parcel.email;
    case "address": return [parcel.address, parcel.postalCode].filter(Boolean).join(", ");
    case "city": return parcel.city;
    case "codAmount": return String(parcel.codAmount);
    case "weightKg": return (parcel.weightGrams / 1000).toFixed(2).replace(/\.?0+$/, "");
    case "weightGrams": return String(parcel.weightGrams);
    case "pieces": return String(parcel.pieces);
    case "description": return parcel.description;
    case "instructions": return bookingInstructions(parcel.codAmount, parcel.exchangeFor);
    case "accountCode": return accountCode ?? "";
  }
}

/**
 * The courier portal's bulk-upload CSV for booked parcels, in the courier's layout (Settings ->
 * Couriers), named for the courier and the Karachi day. Text cells are made safe for spreadsheets
 * (a customer cannot plant a formula).
 */
export function writeBookingFile({ courier, parcels, now }: BookingRequest): BookingHandover {
  const columns = courier.bookingColumns;
  const lines = parcels.map((parcel) => columns.map((column) => neutraliseCsvCell(cell(parcel, column.field as BookingField, courier.accountCode))));
  const csv = stringify([columns.map((c) => c.header), ...lines]);
  const slug = courier.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "courier";
  return { courier: courier.name, fileName: `${slug}-booking-${shopDay(now)}.csv`, csv, count: parcels.length };
}
