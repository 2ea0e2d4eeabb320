/**
 * What each kind of courier file can import, the words an owner sees for each field, and the
 * header words courier portals use for it. Pure and browser-safe: the mapping screen lists these.
 */

export type ImportKind = "tracking" | "delivery" | "cod";

export const IMPORT_KINDS: readonly ImportKind[] = ["tracking", "delivery", "cod"];

export type ImportField =
  | "orderNumber"
  | "trackingNumber"
  | "courierName"
  | "date"
  | "status"
  | "reason"
  | "collected"
  | "charges"
  | "netPaid"
  | "incomeTax"
  | "salesTax"
  | "settlementReference"
  | "settlementDate";

export type ImportFieldInfo<F extends ImportField = ImportField> = { field: F; label: string; required: boolean };

const field = <F extends ImportField>(name: F, label: string, required = false): ImportFieldInfo<F> => ({
  field: name,
  label,
  required,
});

/**
 * Per kind, in the order the mapping screen shows them. `required` is a field the import cannot do
 * without; delivery and cod need an order number OR a tracking number (settlement sheets often
 * carry only the CN), which checkMapping enforces and neither flag can say.
 */
export const IMPORT_FIELDS = {
  tracking: [
    field("orderNumber", "Order number", true),
    field("trackingNumber", "Tracking number", true),
    field("courierName", "Courier"),
    field("date", "Booking date"),
  ],
  delivery: [
    field("orderNumber", "Order number"),
    field("trackingNumber", "Tracking number"),
    field("status", "Delivery status", true),
    field("date", "Status date"),
    field("reason", "Reason"),
  ],
  cod: [
    field("orderNumber", "Order number"),
    field("trackingNumber", "Tracking number"),
    field("collected", "Amount collected", true),
    field("charges", "Courier charges"),
    field("netPaid", "Net amount paid"),
    field("incomeTax", "Income tax withheld"),
    field("salesTax", "Sales tax withheld"),
    field("status", "Status"),
    field("settlementReference", "Payment reference"),
    field("settlementDate", "Payment date"),
  ],
} as const satisfies Record<ImportKind, readonly ImportFieldInfo[]>;

/** The fields of one kind, e.g. KindField<"tracking"> = "orderNumber" | "trackingNumber" | ... */
export type KindField<K extends ImportKind> = (typeof IMPORT_FIELDS)[K][number]["field"];

/**
 * Header words per field, most specific first (earlier wins a tie). Beyond the usual spellings:
 * "Tracking #" and "Order #" (matching reads "#" as "no"), "Transaction Fee" (PostEx's charges),
 * "COD Charges" (charges, not the amount collected).
 */
export const HEADER_SYNONYMS: Record<ImportField, readonly string[]> = {
  orderNumber: [
    "Order Number",
    "Order No",
    "Order #",
    "Order ID",
    "Order Ref",
    "Order Reference",
    "Order Code",
    "Customer Reference",
    "Customer Ref",
    "Customer Reference No",
    "Shipper Reference",
    "Shipper Ref",
    "Shipper Reference No",
    "Merchant Reference",
    "Merchant Order No",
    "Reference No",
    "Reference Number",
    "Ref No",
    "Reference",
    "Ref",
  ],
  trackingNumber: [
    "Tracking Number",
    "Tracking No",
    "Tracking ID",
    "Tracking Code",
    "Track No",
    "Track Number",
    "Tracking",
    "CN",
    "CN No",
    "CN Number",
    "Consignment No",
    "Consignment Number",
    "Consignment",
    "Booked Packet CN",
    "AWB",
    "AWB No",
    "AWB Number",
    "Airway Bill",
    "Airway Bill No",
    "Air Waybill",
    "Waybill",
    "Waybill No",
  ],
  courierName: [
    "Courier",
    "Courier Name",
    "Courier Company",
    "Courier Service",
    "Carrier",
    "Shipping Company",
    "Logistics Partner",
  ],
  date: [
    "Date",
    "Delivery Date",
    "Status Date",
    "Last Status Date",
    "Delivered On",
    "Booking Date",
    "Booked On",
    "Shipment Date",
    "Pickup Date",
  ],
  status: [
    "Status",
    "Delivery Status",
    "Shipment Status",
    "Current Status",
    "Last Status",
    "Order Status",
    "Tracking Status",
    "Parcel Status",
  ],
  reason: ["Reason", "Remarks", "Return Reason", "Reason for Return", "Comments"],
  collected: [
    "COD",
    "COD Amount",
    "Collected",
    "Collected Amount",
    "Amount Collected",
    "Cash Collected",
    "COD Collected",
    "COD Value",
    "Amount",
  ],
  charges: [
    "Charges",
    "Delivery Charges",
    "Courier Charges",
    "Shipping Charges",
    "Service Charges",
    "Total Charges",
    "COD Charges",
    "Transaction Fee",
    "Delivery Fee",
    "Shipping Fee",
    "Service Fee",
    "Courier Fee",
    "Fee",
    "Fees",
    "Freight",
  ],
  netPaid: [
    "Net",
    "Net Paid",
    "Net Amount",
    "Net Payable",
    "Amount Paid",
    "Paid Amount",
    "Net Payment",
    "Payable Amount",
    "Amount Payable",
  ],
  // Tax couriers withhold from COD since July 2025 (issue 45): income tax ("WHT") and sales tax ("GST").
  incomeTax: [
    "Income Tax Withheld",
    "Income Tax Deducted",
    "Withholding Income Tax",
    "Withholding Tax",
    "Income Tax",
    "WHT",
    "WH Tax",
    "IT Withheld",
  ],
  salesTax: [
    "Sales Tax Withheld",
    "Sales Tax Deducted",
    "Withholding Sales Tax",
    "Sales Tax",
    "GST Withheld",
    "GST",
    "ST Withheld",
  ],
  settlementReference: [
    "Payment ID",
    "Payment Reference",
    "Payment Ref",
    "Payment No",
    "Invoice No",
    "Invoice",
    "Cheque No",
    "Settlement ID",
    "Settlement Reference",
    "Settlement No",
    "Transaction ID",
    "Transaction No",
    "Transaction Reference",
  ],
  settlementDate: [
    "Payment Date",
    "Settlement Date",
    "Paid On",
    "Paid Date",
    "Cheque Date",
    "Transaction Date",
    "Invoice Date",
  ],
};

/** A tracking import's date is when the parcel was booked; a delivery import's is the status's. */
export const DATE_SYNONYMS_BY_KIND: Partial<Record<ImportKind, readonly string[]>> = {
  tracking: ["Booking Date", "Booked On", "Shipment Date", "Pickup Date", "Date"],
};

/** Which column (0-based index into the sheet's headers) holds each field; unmapped fields are absent. */
export type ColumnMapping<K extends ImportKind = ImportKind> = Partial<Record<KindField<K>, number>>;
