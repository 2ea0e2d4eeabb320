import { apiData, handleApi, methodNotAllowed, readJson, requireApiUser } from "~/http/api.server";
import { AppError } from "~/lib/errors";
import { parseOrRefuse, returnRequestInput } from "~/modules/returns/return-input";
import { requestReturn } from "~/flows/request-return.server";
import type { Route } from "./+types/order-returns";

const PATH = "/api/orders/{id}/returns";

/** Photos need the multipart form of the order page; JSON carries none. */
export const NO_PHOTOS_BY_API =
  "Photos can be attached only on the order page (/orders/{id}/return), not over the JSON API";

export async function loader() {
  return methodNotAllowed(["POST"], PATH);
}

/**
 * POST /api/orders/{id}/returns `{ items: [{ orderItemId, quantity, kind, exchangeVariantId? }], reason, reasonText? }`:
 * the buyer asks to return or exchange items of their delivered order, by the same flow as the
 * order page. 201 `{ returnId, returnNumber }`; a malformed body 400 with the fields; someone
 * else's or an unknown order 404; outside the return window, an order not delivered, quantities
 * already asked for or an exchange out of stock 409 with the reason. Nothing changes on a refusal.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"], PATH);
    const user = await requireApiUser(request, context);
    const body = await readJson(request);
    if (body.photos !== undefined) throw new AppError("VALIDATION", NO_PHOTOS_BY_API, { photos: NO_PHOTOS_BY_API });
    const input = parseOrRefuse(returnRequestInput, body);
    const created = await requestReturn(context, { userId: user.id, orderId: params.id, ...input });
    const response = apiData({ returnId: created.returnId, returnNumber: created.returnNumber }, 201);
    response.headers.set("Location", `/api/orders/${params.id}`);
    return response;
  });
}
