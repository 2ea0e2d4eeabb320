import { redirect } from "react-router";
import { requireSeller } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { courierAirwayBill } from "~/modules/shipping/booking/api-parcel-actions.server";
import type { Route } from "./+types/airway-bill";

/**
 * GET /seller/shipping/airway-bill/:orderId: the courier's own airway bill for a parcel booked over
 * its API: its PDF (inline, to print from the browser), or a redirect to where the courier keeps it.
 * Our own label stays at /seller/shipping/labels. A parcel without one, or the courier's refusal:
 * a short page with the reason.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  try {
    const { label, fileName } = await courierAirwayBill(
      context.db,
      context.providers.couriers.api,
      context.secretBoxes["courier-credentials"],
      params.orderId,
    );
    if (label.kind === "url") throw redirect(label.url, { headers: { "Cache-Control": "private, no-store" } });
    return new Response(new Uint8Array(label.bytes), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return new Response(`${error.message}\n`, {
      status: error.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
}
