import type { DbOrTx } from "~/db/client.server";
import { bookingFile } from "../booking/booking-file.server";
import { readRows, type CodImportRow, type ColumnMapping, type CourierSheet, type DeliveryImportRow, type TrackingImportRow } from "../imports/column-mapping";

/**
 * How the shop exchanges parcels with a courier: it hands booked parcels over (`book`), hears back
 * tracking numbers and delivery statuses (`track`), and receives the cash it collected
 * (`settlements`). Whatever the provider, what comes back is the same rows, applied by the same
 * steps in one transaction (courier-import.server.ts: importTrackingRow, importDeliveryRow,
 * importCodRows), so the order lifecycle, stock and money rules hold the same way.
 *
 * Today every courier is reached through its portal's files (`fileCourierProvider`). A courier's
 * API would be a second provider whose `Report` is a date range rather than a file: `book` would
 * call the API and answer the tracking numbers at once, `track` and `settlements` would fetch
 * the rows from it.
 */
export interface CourierProvider<Report> {
  book(db: DbOrTx, orderIds: readonly string[]): Promise<BookingHandover>;
  track(report: Report, what: "tracking"): Promise<TrackingImportRow[]>;
  track(report: Report, what: "delivery"): Promise<DeliveryImportRow[]>;
  settlements(report: Report): Promise<CodImportRow[]>;
}

/** What booking hands to the courier: for the file provider, the CSV its portal's bulk upload takes. */
export type BookingHandover = { courier: string; fileName: string; csv: string; count: number };

/** A courier's report as its portal gives it: the file's rows and which column holds what. */
export type CourierFileReport = { sheet: CourierSheet; mapping: ColumnMapping };

export const fileCourierProvider: CourierProvider<CourierFileReport> = {
  book: (db, orderIds) => bookingFile(db, orderIds),
  track: (async ({ sheet, mapping }: CourierFileReport, what: "tracking" | "delivery") => readRows(what, sheet, mapping).rows) as CourierProvider<CourierFileReport>["track"],
  settlements: async ({ sheet, mapping }) => readRows("cod", sheet, mapping).rows,
};
