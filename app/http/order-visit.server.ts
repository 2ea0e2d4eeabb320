import type { AppLoadContext } from "react-router";
import type { OrderVisit } from "~/flows/place-order.server";
import { orderSourceColumns, readSourceCookie } from "~/modules/orders/order-source";
import { metaBrowserOf } from "./meta-browser.server";

/**
 * What a buyer's checkout (the page's Place Order and POST /api/orders) stores of where the buyer
 * came from (issue 44): the source cookie's first visit, read as untrusted input and named as one of
 * ORDER_SOURCES ("direct" without one), and the browser's ids Meta matches a Purchase by (null
 * without a Pixel).
 */
export async function orderVisitOf(
  request: Request,
  context: Pick<AppLoadContext, "db">,
  now: Date = new Date(),
): Promise<OrderVisit> {
  const visit = readSourceCookie(request.headers.get("cookie"), now);
  const metaBrowser = await metaBrowserOf(request, context, {
    fbclid: visit?.fbclid ?? null,
    firstSeenAt: visit?.firstSeenAt ?? null,
  });
  return { ...orderSourceColumns(visit), metaBrowser };
}
