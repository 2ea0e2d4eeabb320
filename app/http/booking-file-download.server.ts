import { redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { AppError } from "~/lib/errors";
import { readOrderSelection } from "~/modules/orders/order-selection";
import { resolveOrderSelection } from "~/modules/orders/order-selection.server";
import { bookingFile } from "~/modules/shipping/booking/booking-file.server";

/**
 * GET /seller/shipping/booking-file.xlsx (or .csv)?orderIds=... (or ?selection=filter&status=...:
 * every order matching the Orders tab's filter, at most 200): the booked orders as the courier
 * portal's bulk-upload file, in that courier's layout (Settings -> Couriers). The workbook keeps
 * phones' leading 0 for an owner who opens it in Excel first; the CSV is for portals that take CSV
 * only. Orders not booked, or booked with several couriers, go back to the Orders tab with the reason.
 */
export async function bookingFileDownload(
  request: Request,
  context: AppLoadContext,
  format: "csv" | "xlsx",
): Promise<Response> {
  await requireSeller(request, context);
  try {
    const orderIds = await resolveOrderSelection(
      context.db,
      readOrderSelection(new URL(request.url).searchParams),
      "book",
    );
    const file = await bookingFile(context.db, context.providers.couriers.file, orderIds);
    const [body, type, name] =
      format === "csv"
        ? [file.csv, "text/csv; charset=utf-8", file.fileName]
        : [
            Buffer.from(file.workbook.bytes),
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            file.workbook.fileName,
          ];
    return new Response(body, {
      headers: {
        "Content-Type": type,
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw redirect("/seller/orders", {
      headers: { "Set-Cookie": await setFlash({ type: "error", message: error.message }) },
    });
  }
}
