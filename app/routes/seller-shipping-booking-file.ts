import { redirect } from "react-router";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { AppError } from "~/lib/errors";
import { bookingFile } from "~/modules/shipping/booking/booking-file.server";
import type { Route } from "./+types/seller-shipping-booking-file";

/**
 * GET /seller/shipping/booking-file.csv?orderIds=...: the booked orders as the courier portal's
 * bulk-upload file, in that courier's layout (Settings -> Couriers). No byte-order mark: portals
 * read the first header by its name. Orders not booked, or booked with several couriers, go back
 * to the Orders tab with the reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  try {
    const file = await bookingFile(context.db, context.providers.couriers.file, new URL(request.url).searchParams.getAll("orderIds"));
    return new Response(file.csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw redirect("/seller/orders", { headers: { "Set-Cookie": await setFlash({ type: "error", message: error.message }) } });
  }
}
