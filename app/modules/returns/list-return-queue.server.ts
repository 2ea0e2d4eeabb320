import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "~/db/client.server";
import { orders } from "~/modules/orders/reads";
import { returnRequests } from "~/modules/returns/tables";
import type { OrderStatus, ReturnReason, ReturnStatus } from "~/db/schema/statuses";
import { RETURN_QUEUE_FILTERS, RETURN_QUEUE_PAGE_SIZE, type ReturnQueueFilter } from "./return-queue";

export type ReturnQueueRow = {
  id: string;
  returnNumber: string;
  orderId: string;
  orderNumber: string;
  buyerName: string;
  createdAt: Date;
  status: ReturnStatus;
  /** The queue filter the request falls in now (return-queue.ts). */
  stage: Exclude<ReturnQueueFilter, "all">;
  reason: ReturnReason;
  /** Units in the request, and how many of them are exchanged or returned. */
  itemCount: number;
  exchangeCount: number;
  returnCount: number;
  photoCount: number;
  replacement: { orderNumber: string; status: OrderStatus } | null;
};

export type ReturnQueuePage = {
  filter: ReturnQueueFilter;
  rows: ReturnQueueRow[];
  page: number;
  pageSize: number;
  pageCount: number;
  /** Requests in the filter. */
  total: number;
  /** Requests in each filter ("all" included), for the tabs. */
  counts: Record<ReturnQueueFilter, number>;
};

const replacement = alias(orders, "replacement");
const NOT_SHIPPED = sql`(${replacement.status} in ('pending', 'confirmed', 'processing'))`;

/** The filter a request falls in (return-queue.ts says why). */
const stageSql = sql<Exclude<ReturnQueueFilter, "all">>`(case ${returnRequests.status}
  when 'requested' then 'new'
  when 'approved' then (case when ${NOT_SHIPPED} then 'approved' else 'waiting' end)
  when 'received' then 'received'
  when 'closed' then 'done'
  else 'rejected' end)`;

function filterWhere(filter: ReturnQueueFilter): SQL | undefined {
  switch (filter) {
    case "all":
      return undefined;
    case "new":
      return eq(returnRequests.status, "requested");
    case "approved":
      return and(eq(returnRequests.status, "approved"), sql`coalesce(${NOT_SHIPPED}, false)`);
    case "waiting":
      return and(eq(returnRequests.status, "approved"), sql`not coalesce(${NOT_SHIPPED}, false)`);
    case "received":
      return eq(returnRequests.status, "received");
    case "done":
      return eq(returnRequests.status, "closed");
    case "rejected":
      return eq(returnRequests.status, "rejected");
  }
}

const unitsOf = (kind: "exchange" | "return" | null) =>
  sql<number>`(select coalesce(sum(ri.quantity), 0) from return_items ri where ri.return_id = "return_requests"."id"${kind ? sql` and ri.kind = ${kind}` : sql``})::int`;

/**
 * The owner's queue of return requests, newest first, one page of a filter, paginated in SQL (the
 * status and creation indexes), with the count of every filter for the tabs.
 */
export async function listReturnQueue(
  db: DbOrTx,
  { filter, page = 1 }: { filter: ReturnQueueFilter; page?: number },
): Promise<ReturnQueuePage> {
  const where = filterWhere(filter);
  const countRows = await db
    .select({ stage: stageSql, count: sql<number>`count(*)::int` })
    .from(returnRequests)
    .leftJoin(replacement, eq(replacement.id, returnRequests.replacementOrderId))
    .groupBy(stageSql);
  const counts = Object.fromEntries(RETURN_QUEUE_FILTERS.map((f) => [f, 0])) as Record<ReturnQueueFilter, number>;
  for (const row of countRows) {
    counts[row.stage] = row.count;
    counts.all += row.count;
  }
  const total = counts[filter];
  const pageCount = Math.max(1, Math.ceil(total / RETURN_QUEUE_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .select({
      id: returnRequests.id,
      returnNumber: returnRequests.returnNumber,
      orderId: returnRequests.orderId,
      orderNumber: orders.orderNumber,
      buyerName: orders.fullName,
      createdAt: returnRequests.createdAt,
      status: returnRequests.status,
      stage: stageSql,
      reason: returnRequests.reason,
      itemCount: unitsOf(null),
      exchangeCount: unitsOf("exchange"),
      returnCount: unitsOf("return"),
      photoCount: sql<number>`jsonb_array_length(${returnRequests.photos})::int`,
      replacementNumber: replacement.orderNumber,
      replacementStatus: replacement.status,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .leftJoin(replacement, eq(replacement.id, returnRequests.replacementOrderId))
    .where(where)
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
    .limit(RETURN_QUEUE_PAGE_SIZE)
    .offset((current - 1) * RETURN_QUEUE_PAGE_SIZE);
  return {
    filter,
    page: current,
    pageSize: RETURN_QUEUE_PAGE_SIZE,
    pageCount,
    total,
    counts,
    rows: rows.map(({ replacementNumber, replacementStatus, ...row }) => ({
      ...row,
      replacement:
        replacementNumber && replacementStatus ? { orderNumber: replacementNumber, status: replacementStatus } : null,
    })),
  };
}
