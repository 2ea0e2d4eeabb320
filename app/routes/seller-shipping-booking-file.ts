import { redirect } from "react-router";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { AppError } from "~/lib/errors";
import { readOrderSelection } from "~/modules/orders/order-selection";
import { resolveOrderSelection } from "~/modules/orders/order-selection.server";
import { bookingFile } from "~/modules/shipping/booking/booking-file.server";
import type { Route } from "./+types/seller-shipping-booking-file";

/**
 * GET /seller/shipping/booking-file.csv?orderIds=... (or ?selection=filter&status=...: every order
 * matching the Orders tab's filter): the booked orders as the courier portal's bulk-upload file, in
 * that courier's layout (Settings -> Couriers). No byte-order mark: portals read the first header by
 * its name. Orders not booked, booked with several couriers, or a filter matching more than 200, go
 * back to the Orders tab with the reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  try {
    const orderIds = await resolveOrderSelection(context.db, readOrderSelection(new URL(request.url).searchParams), "book");
    const file = await bookingFile(context.db, context.providers.couriers.file, orderIds);
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
