import type { BookingColumn } from "~/modules/shipping/tables";

export type { BookingColumn };

/** What the shop can write in a courier's bulk-booking file, by field name (the settings list names them). */
export const BOOKING_FIELDS = {
  orderNumber: "Order number (the reference)",
  consigneeName: "Consignee name",
  phone: "Phone (03XXXXXXXXX)",
  email: "E-mail",
  address: "Full address",
  city: "City",
  codAmount: "COD amount (PKR)",
  weightKg: "Weight (kg)",
  weightGrams: "Weight (grams)",
  pieces: "Pieces",
  description: "Product description (items and sizes)",
  instructions: "Special instructions",
  accountCode: "Account or shipper code",
} as const;
export type BookingField = keyof typeof BOOKING_FIELDS;

export function isBookingField(value: string): value is BookingField {
  return Object.hasOwn(BOOKING_FIELDS, value);
}

const layout = (pairs: [string, BookingField][]): BookingColumn[] =>
  pairs.map(([header, field]) => ({ header, field }));

/** The common layout: what most portals' bulk upload takes. */
const STANDARD = layout([
  ["Order Reference", "orderNumber"],
  ["Consignee Name", "consigneeName"],
  ["Consignee Phone", "phone"],
  ["Consignee Address", "address"],
  ["Destination City", "city"],
  ["COD Amount", "codAmount"],
  ["Weight (kg)", "weightKg"],
  ["Pieces", "pieces"],
  ["Product Description", "description"],
  ["Special Instructions", "instructions"],
]);

/**
 * A starting layout for the couriers Pakistani shops use, from their portals' bulk-booking sheets.
 * The owner edits it in Settings -> Couriers when a portal changes its template.
 */
export const DEFAULT_BOOKING_COLUMNS: Record<string, BookingColumn[]> = {
  tcs: layout([
    ["Reference No", "orderNumber"],
    ["Consignee Name", "consigneeName"],
    ["Consignee Mobile", "phone"],
    ["Consignee Address", "address"],
    ["Destination City", "city"],
    ["COD Amount", "codAmount"],
    ["Weight", "weightKg"],
    ["Pieces", "pieces"],
    ["Product Details", "description"],
    ["Remarks", "instructions"],
  ]),
  leopards: layout([
    ["Order ID", "orderNumber"],
    ["Consignee Name", "consigneeName"],
    ["Consignee Phone", "phone"],
    ["Consignee Email", "email"],
    ["Consignee Address", "address"],
    ["Destination City", "city"],
    ["Collect Amount", "codAmount"],
    ["Booked Packet Weight (grams)", "weightGrams"],
    ["No of Pieces", "pieces"],
    ["Product Description", "description"],
    ["Special Instructions", "instructions"],
  ]),
  postex: layout([
    ["Order Reference Number", "orderNumber"],
    ["Customer Name", "consigneeName"],
    ["Customer Phone", "phone"],
    ["Delivery Address", "address"],
    ["City Name", "city"],
    ["Invoice Payment", "codAmount"],
    ["Items", "pieces"],
    ["Order Detail", "description"],
    ["Weight", "weightKg"],
    ["Notes", "instructions"],
  ]),
};

/** The layout a new courier starts with: its own when known by name, else the common one. */
export function defaultBookingColumns(courierName: string): BookingColumn[] {
  const key = courierName
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, "");
  return DEFAULT_BOOKING_COLUMNS[key] ?? STANDARD;
}

/** The layout as the settings textarea shows it: one `Header = field` per line. */
export function formatBookingColumns(columns: readonly BookingColumn[]): string {
  return columns.map((c) => `${c.header} = ${c.field}`).join("\n");
}

/** The textarea back into a layout, or the first line that is wrong and why. */
export function parseBookingColumns(text: string): { columns: BookingColumn[] } | { error: string } {
  const columns: BookingColumn[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line) continue;
    const at = line.lastIndexOf("=");
    const header = at > 0 ? line.slice(0, at).trim() : "";
    const field = at > 0 ? line.slice(at + 1).trim() : "";
    if (!header || !field)
      return { error: `Line ${index + 1}: write it as "Column header = field", e.g. "Reference No = orderNumber"` };
    if (!isBookingField(field))
      return {
        error: `Line ${index + 1}: "${field.slice(0, 30)}" is not a field the shop can fill (${Object.keys(BOOKING_FIELDS).join(", ")})`,
      };
    if (header.length > 60) return { error: `Line ${index + 1}: keep the column header under 60 characters` };
    columns.push({ header, field });
  }
  if (!columns.some((c) => c.field === "orderNumber"))
    return {
      error:
        "The file needs a column for the order number (field orderNumber): it is how the courier's files name the order",
    };
  if (columns.length > 30) return { error: "A booking file has at most 30 columns" };
  return { columns };
}
