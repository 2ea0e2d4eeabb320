import { data, type AppLoadContext } from "react-router";
import { AppError } from "~/lib/errors";
import { serialIdFrom } from "~/lib/serial-id";
import { COURIER_NOT_FOUND, getCourier, type Courier } from "~/modules/shipping/couriers/couriers.server";

/**
 * The courier a `/seller/settings/couriers/{id}/...` page is about, or the 404 page: a malformed
 * id and one that names no courier are the same "not found", in the loader and in the action, so
 * neither shows "Something went wrong" nor touches anything.
 */
export async function courierOr404(db: AppLoadContext["db"], params: { id?: string }): Promise<Courier> {
  const id = serialIdFrom(params.id ?? null);
  if (!id) throw data(COURIER_NOT_FOUND, { status: 404 });
  try {
    return await getCourier(db, id);
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") throw data(COURIER_NOT_FOUND, { status: 404 });
    throw error;
  }
}
