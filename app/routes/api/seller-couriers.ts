import { apiData, apiError, handleApi, methodNotAllowed, readJson, requireApiUser } from "~/http/api.server";
import { parseCourierForm } from "~/modules/shipping/couriers/courier-form";
import { createCourier, listCouriers, type Courier } from "~/modules/shipping/couriers/couriers.server";
import type { Route } from "./+types/seller-couriers";

const PATH = "/api/seller/couriers";

function courierJson(c: Courier) {
  return {
    id: c.id,
    name: c.name,
    trackingUrl: c.trackingUrl,
    accountCode: c.accountCode,
    active: c.active,
    rateCard: c.rateCard,
    bookingColumns: c.bookingColumns,
  };
}

/** GET /api/seller/couriers: the shop's couriers, active first, by name (sellers only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(request, context, "seller");
    return apiData((await listCouriers(context.db)).map(courierJson));
  });
}

/**
 * POST /api/seller/couriers: adds a courier from the fields of the Settings -> Couriers form (text,
 * as the form sends them); an empty booking layout takes the courier's default. 201 with the courier.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"], PATH);
    await requireApiUser(request, context, "seller");
    const parsed = parseCourierForm(await readJson(request));
    if (!parsed.ok)
      return apiError(
        400,
        "VALIDATION",
        "Please check the highlighted fields",
        parsed.errors as Record<string, string>,
      );
    return apiData(courierJson(await createCourier(context.db, parsed.data)), 201);
  });
}
