import type {
  CourierFilePortal,
  CourierFileReport,
  CourierProvider,
} from "~/modules/shipping/couriers/courier-provider";
import { readRows } from "~/modules/shipping/imports/column-mapping";
import { writeBookingFile } from "./booking-file.server";
import { readCourierFile } from "./read-courier-file.server";

/**
 * Couriers reached through their portals' files (decision 0022): booking answers with the CSV the
 * portal's bulk upload takes; reports are the CSV or .xlsx files the portal gives, read into a
 * sheet, whose rows the module's column mapping turns into import rows.
 */
export const fileCourierProvider: CourierFilePortal = {
  book: (booking) => writeBookingFile(booking),
  readSheet: (file) => readCourierFile(file),
  track: (async ({ sheet, mapping }: CourierFileReport, what: "tracking" | "delivery") =>
    readRows(what, sheet, mapping).rows) as CourierProvider<CourierFileReport>["track"],
  settlements: async ({ sheet, mapping }) => readRows("cod", sheet, mapping).rows,
};
