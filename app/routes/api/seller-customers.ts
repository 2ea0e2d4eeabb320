import { apiData, apiError, handleApi, methodNotAllowed, requireApiUser } from "~/http/api.server";
import { readCustomerQuery } from "~/modules/customers/customer-query";
import { listCustomers } from "~/modules/customers/list-customers.server";
import type { Route } from "./+types/seller-customers";

/**
 * GET /api/seller/customers?q=&city=&tag=&ordersMin=...&sort=&dir=&page=: the Customers list as
 * JSON, 25 a page, with the number of matches (sellers only). A refused filter value is a 400 with
 * the field's message.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(request, context, "seller");
    const { query, errors } = readCustomerQuery(new URL(request.url).searchParams);
    if (Object.keys(errors).length > 0)
      return apiError(400, "VALIDATION", "Please check the highlighted fields", errors as Record<string, string>);
    return apiData(await listCustomers(context.db, query));
  });
}

export async function action() {
  return methodNotAllowed(["GET"], "/api/seller/customers");
}
