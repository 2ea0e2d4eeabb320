import { and, count, desc, lte } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders } from "~/modules/orders/tables";
import { AppError } from "~/lib/errors";
import { SELECTION_MAX, tooManyMatchMessage, type OrderSelection, type SelectionUse } from "./order-selection";
import { sellerOrderWhere } from "./seller-order-filter.server";

/**
 * The order ids a selection stands for. Ticked ids come back as given (each page keeps its own
 * checks on them). A filter is resolved in SQL with the Orders tab's own WHERE clause, newest first
 * as the list shows them, on the same indexes (orders(status, created_at) for a status), placed no
 * later than the moment the owner saw the list. More than SELECTION_MAX matches is refused with
 * how many match (a 400 AppError): "all that match" never quietly means some of them.
 */
export async function resolveOrderSelection(
  db: DbOrTx,
  selection: OrderSelection,
  use: SelectionUse,
): Promise<string[]> {
  if (selection.kind === "ids") return selection.orderIds;
  const { asOf, ...filter } = selection.filter;
  const where = and(sellerOrderWhere(filter), asOf ? lte(orders.createdAt, asOf) : undefined);
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(SELECTION_MAX + 1);
  if (rows.length > SELECTION_MAX) {
    const [{ n }] = await db.select({ n: count() }).from(orders).where(where);
    throw new AppError("VALIDATION", tooManyMatchMessage(Number(n), use));
  }
  return rows.map((r) => r.id);
}
