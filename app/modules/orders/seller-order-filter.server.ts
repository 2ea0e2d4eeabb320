import { and, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import { orders } from "~/modules/orders/tables";
import type { OrderStatus } from "./order-lifecycle";
import { parseOrderSearch } from "./seller-order-query";
import { AWAITING_STATES, type WhatsappOrderFilter } from "./whatsapp-order-state";
import type { OrderSource } from "./order-source";

/**
 * A pending order whose WhatsApp confirmation failed, or was sent (delivered, read) longer ago than
 * Settings -> WhatsApp's needs-call hours (24 without settings) with no tap: the owner calls. In SQL,
 * on orders_whatsapp_idx (whatsapp_status, whatsapp_sent_at); the clock is the database's.
 */
export const needsCallSql = sql<boolean>`("orders"."status" = 'pending' and ("orders"."whatsapp_status" = 'failed'
  or ("orders"."whatsapp_status" in ('sent', 'delivered', 'read') and "orders"."whatsapp_sent_at" <
    now() - coalesce((select ws.needs_call_hours from whatsapp_settings ws where ws.id = 1), 24) * interval '1 hour')))`;

function whatsappCondition(filter: WhatsappOrderFilter): SQL {
  if (filter === "awaiting")
    return and(eq(orders.status, "pending"), inArray(orders.whatsappStatus, [...AWAITING_STATES]))!;
  return needsCallSql;
}

/**
 * The WHERE clause of the owner's order filter, shared by the Orders tab, the seller's API and the
 * CSV export so all three always agree. Each search kind hits an index: the unique order number,
 * orders(phone), or orders(status, created_at) for the status alone; "with a return" is a semi-join
 * on return_requests(order_id); the WhatsApp filters use orders_whatsapp_idx, the source filter
 * orders_source_created_idx.
 */
export function sellerOrderWhere(filter: {
  status: OrderStatus | null;
  q: string;
  returns?: boolean;
  whatsapp?: WhatsappOrderFilter | null;
  source?: OrderSource | null;
}): SQL | undefined {
  const search = parseOrderSearch(filter.q);
  const conditions: (SQL | undefined)[] = [filter.status ? eq(orders.status, filter.status) : undefined];
  if (filter.returns) conditions.push(sql`exists (select 1 from return_requests rr where rr.order_id = "orders"."id")`);
  if (filter.whatsapp) conditions.push(whatsappCondition(filter.whatsapp));
  // Where the buyer came from (issue 44): on orders_source_created_idx (source, created_at).
  if (filter.source) conditions.push(eq(orders.source, filter.source));
  if (search.kind === "order-number") conditions.push(eq(orders.orderNumber, search.orderNumber));
  else if (search.kind === "phone") conditions.push(eq(orders.phone, search.phone));
  else if (search.kind === "name") conditions.push(ilike(orders.fullName, search.pattern));
  return and(...conditions);
}
