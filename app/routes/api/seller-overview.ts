import { apiData, apiError, handleApi, methodNotAllowed, requireApiUser } from "~/http/api.server";
import { getSellerOverview } from "~/flows/get-seller-overview.server";
import type { Route } from "./+types/seller-overview";

/** GET /api/seller/overview: the Overview's figures as JSON, for sellers only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    if (user.role !== "seller") return apiError(403, "FORBIDDEN", "Only sellers can view the shop overview");
    return apiData(await getSellerOverview(context));
  });
}

export async function action() {
  return methodNotAllowed(["GET"], "/api/seller/overview");
}
