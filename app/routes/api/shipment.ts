import { apiData, handleApi, methodNotAllowed, requireApiUser } from "~/http/api.server";
import { cancelParcelBooking } from "~/flows/book-parcels.server";
import type { Route } from "./+types/shipment";

/**
 * DELETE /api/shipments/:orderId: cancels the order's booking before the parcel is shipped (sellers
 * only). The order stays as it is and can be booked again.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"], "/api/shipments/:orderId");
  return handleApi(async () => {
    const user = await requireApiUser(request, context, "seller");
    return apiData(await cancelParcelBooking(context, { id: user.id, name: user.name }, params.orderId));
  });
}

export function loader() {
  return methodNotAllowed(["DELETE"], "/api/shipments/:orderId");
}
