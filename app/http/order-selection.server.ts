import { redirect, type AppLoadContext } from "react-router";
import { AppError } from "~/lib/errors";
import { readOrderSelection, type SelectionUse } from "~/modules/orders/order-selection";
import { resolveOrderSelection } from "~/modules/orders/order-selection.server";
import { sellerOrderSearchParams } from "~/modules/orders/seller-order-query";
import { setFlash } from "./flash.server";

/**
 * The orders a shipping page's URL selects (`orderIds`, or `selection=filter` and the Orders tab's
 * filter). When the filter matches more than one selection takes, the owner goes back to the Orders
 * tab, on that filter, with the reason ("201 orders match: book at most 200 at a time; narrow the filter").
 */
export async function selectedOrderIds(
  request: Request,
  context: AppLoadContext,
  use: SelectionUse,
): Promise<string[]> {
  const selection = readOrderSelection(new URL(request.url).searchParams);
  try {
    return await resolveOrderSelection(context.db, selection, use);
  } catch (error) {
    if (!(error instanceof AppError) || selection.kind !== "filter") throw error;
    throw redirect(`/seller/orders${sellerOrderSearchParams({ ...selection.filter, page: 1 })}`, {
      headers: { "Set-Cookie": await setFlash({ type: "error", message: error.message }) },
    });
  }
}
