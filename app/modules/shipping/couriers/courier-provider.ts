import type { BookingColumn } from "../booking/booking-columns";
import type { CourierApis } from "./courier-api";
import type {
  CodImportRow,
  ColumnMapping,
  CourierSheet,
  DeliveryImportRow,
  TrackingImportRow,
} from "../imports/column-mapping";

/**
 * The port through which the shop exchanges parcels with a courier: it hands booked parcels over
 * (`book`), hears back tracking numbers and delivery statuses (`track`), and receives the cash the
 * courier collected (`settlements`). Plain data in and out, no database handle: this module reads
 * the orders and parcels and hands them over; whatever the provider, what comes back is the same
 * rows, applied by the same steps in one transaction (run-courier-import.server.ts:
 * importTrackingRow, importDeliveryRow, importCodRows), so the order lifecycle, stock and money
 * rules hold the same way. Implementations live in app/integrations/couriers/, made once at start
 * and reached through the request context (`context.providers.couriers`).
 *
 * Today every courier is reached through its portal's files (app/integrations/couriers/file-portal/).
 * A courier's API would be a second provider whose `Report` is a date range rather than a file:
 * `book` would call the API and answer the tracking numbers at once, `track` and `settlements`
 * would fetch the rows from it.
 */
export interface CourierProvider<Report> {
  book(booking: BookingRequest): Promise<BookingHandover>;
  track(report: Report, what: "tracking"): Promise<TrackingImportRow[]>;
  track(report: Report, what: "delivery"): Promise<DeliveryImportRow[]>;
  settlements(report: Report): Promise<CodImportRow[]>;
}

/** The courier's account as booking needs it: its name, the shop's account code, its booking file's layout. */
export type CourierAccount = { name: string; accountCode: string | null; bookingColumns: BookingColumn[] };

/** One booked parcel as the shop hands it over, in the order it was placed. */
export type ParcelHandover = {
  orderNumber: string;
  consigneeName: string;
  /** E.164 (+923XXXXXXXXX), as the shop stores it. */
  phone: string;
  email: string;
  address: string;
  postalCode: string | null;
  city: string;
  /** Whole rupees; 0: prepaid, the rider collects nothing. */
  codAmount: number;
  weightGrams: number;
  pieces: number;
  /** The items and sizes, as the label shows them. */
  description: string;
  /**
   * A replacement order (an exchange): the number of the order whose item the rider collects at the
   * door when handing this one over. Null (or absent) for an ordinary order.
   */
  exchangeFor?: string | null;
};

/** Booked parcels of one courier, handed over at `now`. */
export type BookingRequest = { courier: CourierAccount; parcels: readonly ParcelHandover[]; now: Date };

/** What booking hands to the courier: for the file provider, the CSV its portal's bulk upload takes. */
export type BookingHandover = {
  courier: string;
  fileName: string;
  csv: string;
  count: number;
  /**
   * The same rows as an Excel workbook, for an owner who opens the file before uploading it: phones
   * and order numbers are text cells, so Excel keeps 03XXXXXXXXX's leading 0 (a CSV opened in Excel
   * loses it, and saved again the portal refuses the number). Portals' bulk uploads take .xlsx too.
   */
  workbook: { fileName: string; bytes: Uint8Array };
};

/** A file as the owner uploads it (a courier portal's report). */
export type CourierFile = { name: string; bytes: Uint8Array };

/** A courier's report as its portal gives it: the file's rows and which column holds what. */
export type CourierFileReport = { sheet: CourierSheet; mapping: ColumnMapping };

/**
 * A courier reached through its portal's files: booking writes the portal's bulk-upload file, and
 * reports come as files the owner uploads, read here into a sheet of text before the module maps
 * their columns.
 */
export interface CourierFilePortal extends CourierProvider<CourierFileReport> {
  /**
   * A report file (CSV or .xlsx, as the portal gives it) as a header row and data rows of text.
   * Refuses, with an AppError("VALIDATION") the owner can act on, anything else, an empty file,
   * and files over MAX_FILE_BYTES or MAX_DATA_ROWS (courier-sheet.ts).
   */
  readSheet(file: CourierFile): Promise<CourierSheet>;
}

/**
 * The couriers' providers the shop has: the portal's files, and the merchant API of each API
 * courier (courier-api.ts), by provider kind: `api.postex`, `api.leopards`.
 */
export type CourierProviders = { file: CourierFilePortal; api: CourierApis };
