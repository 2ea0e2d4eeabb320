import { apiData, handleApi, methodNotAllowed, requireApiUser } from "~/http/api.server";
import { getCustomer } from "~/modules/customers/get-customer.server";
import type { Route } from "./+types/seller-customer";

/**
 * GET /api/seller/customers/:id: one customer as their page shows them: figures, tags, notes, the
 * newest orders, return requests, discount codes used and e-mails sent (sellers only; an unknown id is 404).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(request, context, "seller");
    return apiData(await getCustomer(context.db, params.id));
  });
}

export async function action() {
  return methodNotAllowed(["GET"], "/api/seller/customers/:id");
}
