import { bookingFileDownload } from "~/http/booking-file-download.server";
import type { Route } from "./+types/booking-file";

/**
 * GET /seller/shipping/booking-file.csv?orderIds=... (or ?selection=filter&status=...): the booking
 * file as CSV (UTF-8 with BOM), for portals that take CSV only.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return bookingFileDownload(request, context, "csv");
}
