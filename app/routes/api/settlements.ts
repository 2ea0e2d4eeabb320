import { apiData, handleApi, methodNotAllowed, requireApiUser } from "~/http/api.server";
import { listSettlements } from "~/modules/shipping/booking/list-shipments.server";
import type { Route } from "./+types/settlements";
import { serialIdFrom } from "~/lib/serial-id";

/** GET /api/settlements?courier=&page=: the couriers' COD payments as imported, newest first (sellers only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(request, context, "seller");
    const params = new URL(request.url).searchParams;
    return apiData(
      await listSettlements(context.db, {
        courierId: serialIdFrom(params.get("courier")),
        page: Number(params.get("page")) || 1,
      }),
    );
  });
}

export async function action() {
  return methodNotAllowed(["GET"], "/api/settlements");
}
