import { bookingFileDownload } from "~/http/booking-file-download.server";
import type { Route } from "./+types/booking-workbook";

/** GET /seller/shipping/booking-file.xlsx?orderIds=...: the booking file as an Excel workbook (phones and order numbers as text). */
export function loader({ request, context }: Route.LoaderArgs) {
  return bookingFileDownload(request, context, "xlsx");
}
