import { apiData, handleApi, methodNotAllowed, requireApiUser } from "~/http/api.server";
import { getReturnForOwner } from "~/modules/returns/get-return-for-owner.server";
import type { Route } from "./+types/seller-return";

/**
 * GET /api/seller/returns/:id: one request as the owner's page shows it: photos, items with what
 * they were paid, the exchange's money and replacement, refunds and what is left, history and the
 * buyer's record (sellers only; an unknown id is 404).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(request, context, "seller");
    return apiData(await getReturnForOwner(context.db, params.id));
  });
}

export async function action() {
  return methodNotAllowed(["GET"], "/api/seller/returns/:id");
}
