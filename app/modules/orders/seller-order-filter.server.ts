import { and, eq, ilike, sql, type SQL } from "drizzle-orm";
import { orders } from "~/db/schema";
import type { OrderStatus } from "./order-lifecycle";
import { parseOrderSearch } from "./seller-order-query";

/**
 * The WHERE clause of the owner's order filter, shared by the Orders tab, the seller's API and the
 * CSV export so all three always agree. Each search kind hits an index: the unique order number,
 * orders(phone), or orders(status, created_at) for the status alone; "with a return" is a semi-join
 * on return_requests(order_id).
 */
export function sellerOrderWhere(filter: { status: OrderStatus | null; q: string; returns?: boolean }): SQL | undefined {
  const search = parseOrderSearch(filter.q);
  const conditions: (SQL | undefined)[] = [filter.status ? eq(orders.status, filter.status) : undefined];
  if (filter.returns) conditions.push(sql`exists (select 1 from return_requests rr where rr.order_id = "orders"."id")`);
  if (search.kind === "order-number") conditions.push(eq(orders.orderNumber, search.orderNumber));
  else if (search.kind === "phone") conditions.push(eq(orders.phone, search.phone));
  else if (search.kind === "name") conditions.push(ilike(orders.fullName, search.pattern));
  return and(...conditions);
}
