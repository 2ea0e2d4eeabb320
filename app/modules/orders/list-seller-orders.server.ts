import { asc, count, desc, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orderItems, orders, orderStatusHistory } from "~/modules/orders/tables";
import { returnRequests } from "~/modules/returns/reads";
import type { OrderChannel, OrderSource, ReturnStatus } from "~/db/schema/statuses";
import type { OrderSourceDetails } from "./tables";
import { codRiskFlags, type CodRiskFlag, type CodRiskSettings } from "./cod-risk";
import { allowedNextStatuses, ORDER_STATUSES, type OrderStatus } from "./order-lifecycle";
import type { OrderDetail } from "./get-order.server";
import { needsCallSql, sellerOrderWhere } from "./seller-order-filter.server";
import type { WhatsappOrderState } from "./whatsapp-order-state";
import { orderCustomersOf, type OrderCustomerNote } from "./order-customers.server";
import { SELLER_ORDERS_PAGE_SIZE, type SellerOrderQuery } from "./seller-order-query";
import { pageWindow } from "~/lib/page-window";
import { trackingUrlSql } from "~/modules/orders/tracking-url-sql";

export type SellerOrderItem = {
  productId: string | null;
  name: string;
  color: string;
  size: string;
  price: number;
  quantity: number;
};

/** A buyer's request to return or exchange items of an order, as the owner's list names it. */
export type OrderReturnLink = { id: string; returnNumber: string; status: ReturnStatus };

/**
 * An order as the owner's list has it: the order page's fields (no delivery estimate), its channel,
 * its items, the order a replacement (an exchange) stands for, and the return requests made on it.
 */
export type SellerOrder = Omit<OrderDetail, "deliveryFrom" | "deliveryTo" | "items"> & {
  channel: OrderChannel;
  /** Where a web order's buyer first came from (issue 44); null on an entered order or one placed before sources. */
  source: OrderSource | null;
  sourceCampaign: string | null;
  sourceDetails: OrderSourceDetails | null;
  items: SellerOrderItem[];
  /** A replacement order (EX-...): the number of the order whose item it exchanges. */
  replacesOrderNumber: string | null;
  returns: OrderReturnLink[];
  /** The WhatsApp confirmation's state and times (status null: not asked on WhatsApp). */
  whatsapp: WhatsappOrderState;
};

export type StatusHistoryEntry = {
  from: OrderStatus | null;
  to: OrderStatus;
  actorName: string;
  note: string | null;
  at: Date;
};

/** A customer's orders before this one (same phone or same account), and how they ended. */
export type CustomerRecord = {
  earlierOrders: number;
  cancelled: number;
  /** Returned from shipped: refused at the door, never delivered. */
  refused: number;
  /** Returned after delivery. */
  returned: number;
  recent: { id: string; orderNumber: string; status: OrderStatus; createdAt: string }[];
};

export type SellerOrderDetail = SellerOrder & {
  history: StatusHistoryEntry[];
  customer: CustomerRecord;
  /** The moves the lifecycle allows now: what the status select offers. */
  nextStatuses: OrderStatus[];
  /** Breaks today's COD rules (blocked phone, above the limit, a risk tag, a low delivery rate): the rules may have changed since it was placed. */
  riskFlags: CodRiskFlag[];
  /** The customer's page (the customers row of the order's phone; null for an anonymised order). */
  customerId: number | null;
  /** The customer's notes marked "show on orders", newest first. */
  customerNotes: OrderCustomerNote[];
};

export type SellerOrderPage<T = SellerOrder> = {
  orders: T[];
  /** Orders matching the filter, and the page of them shown. */
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** Every order in the shop by status (the summary cards), whatever the filter. */
  statusCounts: Record<OrderStatus, number>;
};

const sellerOrderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  userId: orders.userId,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  paymentMethod: orders.paymentMethod,
  channel: orders.channel,
  source: orders.source,
  sourceCampaign: orders.sourceCampaign,
  sourceDetails: orders.sourceDetails,
  subtotal: orders.subtotal,
  discountCode: orders.discountCode,
  discountTotal: orders.discountTotal,
  shippingFee: orders.shippingFee,
  storeCreditUsed: orders.storeCreditUsed,
  codFee: orders.codFee,
  amountPaid: orders.amountPaid,
  advanceDue: orders.advanceDue,
  paymentDueBy: orders.paymentDueBy,
  total: orders.total,
  fullName: orders.fullName,
  email: orders.email,
  phone: orders.phone,
  address: orders.address,
  city: orders.city,
  postalCode: orders.postalCode,
  country: orders.country,
  courierName: orders.courierName,
  trackingNumber: orders.trackingNumber,
  trackingUrl: trackingUrlSql,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  deliveredAt: orders.deliveredAt,
  // By its primary key, for the page's rows only. Qualified by hand: a one-table select leaves its
  // columns unqualified, and inside the subquery they would be the subquery's own.
  replacesOrderNumber: sql<
    string | null
  >`(select r.order_number from orders r where r.id = "orders"."replaces_order_id")`,
  whatsappStatus: orders.whatsappStatus,
  whatsappSentAt: orders.whatsappSentAt,
  whatsappReadAt: orders.whatsappReadAt,
  whatsappAnsweredAt: orders.whatsappAnsweredAt,
  whatsappRepliedAt: orders.whatsappRepliedAt,
  whatsappNeedsCall: needsCallSql,
};

/** Count per status in one GROUP BY (an index-only scan of orders(status, created_at)). */
export async function countOrdersByStatus(db: DbOrTx): Promise<Record<OrderStatus, number>> {
  const rows = await db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/**
 * One page of the owner's orders, newest first, with the filter of the Orders tab (status, and a
 * search by order number, phone or name), the number of matches and the summary counts. Only the
 * page's rows leave the database.
 */
export async function listSellerOrders(db: DbOrTx, query: SellerOrderQuery): Promise<SellerOrderPage> {
  const where = sellerOrderWhere(query);
  const statusCounts = await countOrdersByStatus(db);
  // Without a search (or the returns filter) the summary counts already hold the number of matches: no second count.
  const total =
    query.q.trim() || query.returns || query.whatsapp || query.source
      ? Number((await db.select({ n: count() }).from(orders).where(where))[0].n)
      : query.status
        ? statusCounts[query.status]
        : Object.values(statusCounts).reduce((a, b) => a + b, 0);
  const pageSize = query.per ?? SELLER_ORDERS_PAGE_SIZE;
  const { page, pageCount, offset } = pageWindow(total, query.page, pageSize);
  const rows = await db
    .select(sellerOrderColumns)
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset(offset);
  const [items, returns] = await Promise.all([
    itemsOf(
      db,
      rows.map((r) => r.id),
    ),
    returnsOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return {
    orders: rows.map(
      ({
        whatsappStatus,
        whatsappSentAt,
        whatsappReadAt,
        whatsappAnsweredAt,
        whatsappRepliedAt,
        whatsappNeedsCall,
        ...row
      }) => ({
        ...row,
        items: items.get(row.id) ?? [],
        returns: returns.get(row.id) ?? [],
        whatsapp: {
          status: whatsappStatus,
          sentAt: whatsappSentAt,
          readAt: whatsappReadAt,
          answeredAt: whatsappAnsweredAt,
          repliedAt: whatsappRepliedAt,
          // Either driver may answer a boolean expression as text.
          needsCall: whatsappNeedsCall === true || (whatsappNeedsCall as unknown) === "t",
        },
      }),
    ),
    total,
    page,
    pageSize,
    pageCount,
    statusCounts,
  };
}

/**
 * The Orders tab's page: each order with its status history, its customer's record, the moves it
 * may make now and its COD risk flags under today's settings.
 */
export async function listSellerOrdersWithDetails(
  db: DbOrTx,
  query: SellerOrderQuery,
  settings: CodRiskSettings & { returnWindowDays?: number },
  now = new Date(),
): Promise<SellerOrderPage<SellerOrderDetail>> {
  const result = await listSellerOrders(db, query);
  const ids = result.orders.map((o) => o.id);
  const [history, customers, people] = await Promise.all([
    historyOf(db, ids),
    customerRecordsOf(db, ids),
    orderCustomersOf(
      db,
      result.orders.map((o) => o.phone),
    ),
  ]);
  return {
    ...result,
    orders: result.orders.map((o) => {
      const person = people.get(o.phone) ?? null;
      return {
        ...o,
        history: history.get(o.id) ?? [],
        customer: customers.get(o.id) ?? emptyRecord(),
        nextStatuses: allowedNextStatuses(o.status, {
          deliveredAt: o.deliveredAt,
          now,
          returnWindowDays: settings.returnWindowDays,
        }),
        riskFlags: codRiskFlags(settings, o, person),
        customerId: person?.id ?? null,
        customerNotes: person?.notes ?? [],
      };
    }),
  };
}

async function itemsOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, SellerOrderItem[]>> {
  const byOrder = new Map<string, SellerOrderItem[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      name: orderItems.name,
      color: orderItems.color,
      size: orderItems.size,
      price: orderItems.price,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  for (const { orderId, ...item } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), item]);
  return byOrder;
}

/** The return requests of the given orders, oldest first (return_requests(order_id)). */
async function returnsOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, OrderReturnLink[]>> {
  const byOrder = new Map<string, OrderReturnLink[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: returnRequests.orderId,
      id: returnRequests.id,
      returnNumber: returnRequests.returnNumber,
      status: returnRequests.status,
    })
    .from(returnRequests)
    .where(inArray(returnRequests.orderId, orderIds))
    .orderBy(asc(returnRequests.createdAt));
  for (const { orderId, ...link } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), link]);
  return byOrder;
}

/** Status changes of the given orders, oldest first. */
export async function historyOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, StatusHistoryEntry[]>> {
  const byOrder = new Map<string, StatusHistoryEntry[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderStatusHistory.orderId,
      from: orderStatusHistory.fromStatus,
      to: orderStatusHistory.toStatus,
      actorName: orderStatusHistory.actorName,
      note: orderStatusHistory.note,
      at: orderStatusHistory.createdAt,
    })
    .from(orderStatusHistory)
    .where(inArray(orderStatusHistory.orderId, orderIds))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
  for (const { orderId, ...entry } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), entry]);
  return byOrder;
}

function emptyRecord(): CustomerRecord {
  return { earlierOrders: 0, cancelled: 0, refused: 0, returned: 0, recent: [] };
}

type CustomerRow = {
  order_id: string;
  earlier: number;
  cancelled: number;
  refused: number;
  returned: number;
  recent: CustomerRecord["recent"] | string | null;
};

/**
 * For each order, the same customer's earlier orders (same phone, or same account), counted by how
 * they ended, plus the five latest. Two lateral subqueries per order of the page, each on the
 * orders(phone) and orders(user_id, created_at) indexes; anonymised orders (empty phone) match nothing.
 */
async function customerRecordsOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, CustomerRecord>> {
  const records = new Map<string, CustomerRecord>();
  if (orderIds.length === 0) return records;
  const ids = sql.join(
    orderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const sameCustomer = sql`p.id <> o.id and p.created_at < o.created_at
    and ((o.phone <> '' and p.phone = o.phone) or (o.user_id is not null and p.user_id = o.user_id))`;
  const result = await db.execute(sql`
    select o.id as order_id, s.earlier, s.cancelled, s.refused, s.returned, r.recent
    from orders o
    cross join lateral (
      select count(*)::int as earlier,
        (count(*) filter (where p.status = 'cancelled'))::int as cancelled,
        (count(*) filter (where p.status = 'returned' and p.delivered_at is null))::int as refused,
        (count(*) filter (where p.status = 'returned' and p.delivered_at is not null))::int as returned
      from orders p where ${sameCustomer}
    ) s
    cross join lateral (
      select json_agg(json_build_object('id', e.id, 'orderNumber', e.order_number, 'status', e.status, 'createdAt', e.created_at) order by e.created_at desc) as recent
      from (select p.id, p.order_number, p.status, p.created_at from orders p where ${sameCustomer} order by p.created_at desc limit 5) e
    ) r
    where o.id in (${ids})`);
  for (const row of (result as unknown as { rows: CustomerRow[] }).rows) {
    const recent =
      typeof row.recent === "string" ? (JSON.parse(row.recent) as CustomerRecord["recent"]) : (row.recent ?? []);
    records.set(row.order_id, {
      earlierOrders: Number(row.earlier),
      cancelled: Number(row.cancelled),
      refused: Number(row.refused),
      returned: Number(row.returned),
      recent,
    });
  }
  return records;
}

/** One order's WhatsApp confirmation state (the owner's order page); null for no such order. */
export async function orderWhatsappState(db: DbOrTx, orderId: string): Promise<WhatsappOrderState | null> {
  const [row] = await db
    .select({
      status: orders.whatsappStatus,
      sentAt: orders.whatsappSentAt,
      readAt: orders.whatsappReadAt,
      answeredAt: orders.whatsappAnsweredAt,
      repliedAt: orders.whatsappRepliedAt,
      needsCall: needsCallSql,
    })
    .from(orders)
    .where(sql`${orders.id} = ${orderId}`);
  if (!row) return null;
  return { ...row, needsCall: row.needsCall === true || (row.needsCall as unknown) === "t" };
}
