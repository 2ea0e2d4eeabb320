import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orderItems, orders } from "~/modules/orders/reads";
import type { OrderStatus } from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";
import { OPEN_ORDER_LIMITS, openOrdersMessage, openUnitsMessage } from "./abuse-limits";
import { abuseLimitScale } from "../../db/rate-limit.server";

/** Orders still holding stock: placed (paid or awaiting payment) and not yet delivered, cancelled or returned. */
const OPEN_STATUSES: OrderStatus[] = ["awaiting_payment", "pending", "confirmed", "processing", "shipped"];

export type OrderToCap = {
  userId: string | null;
  /** E.164, as stored on orders. */
  phone: string;
  lines: { quantity: number }[];
  /** Orders the owner enters for a customer are the shop's own decision: not capped. */
  enteredBy: unknown;
};

/**
 * Refuses an order that would give its account, or its phone number, more than OPEN_ORDER_LIMITS
 * open orders or units (ORDER_LIMIT_REACHED, 409). Runs inside the order's transaction and first
 * takes a transaction lock per account and per phone, so two orders racing cannot both squeeze
 * under the cap.
 */
export async function refuseOverOpenOrderLimits(tx: Tx, order: OrderToCap): Promise<void> {
  if (order.enteredBy) return;
  const scale = abuseLimitScale();
  const maxOrders = OPEN_ORDER_LIMITS.orders * scale;
  const maxUnits = OPEN_ORDER_LIMITS.units * scale;
  const units = order.lines.reduce((n, line) => n + line.quantity, 0);
  // One lock statement and one count for both: two round trips per order instead of four.
  // Always the account before the phone (the select list runs left to right), so two transactions
  // never wait on each other in a circle.
  const lock = (key: string) => sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
  const account = order.userId ? eq(orders.userId, order.userId) : sql`false`;
  const phone = eq(orders.phone, order.phone);
  await tx.execute(
    order.userId
      ? sql`select ${lock(`open-orders:account:${order.userId}`)}, ${lock(`open-orders:phone:${order.phone}`)}`
      : sql`select ${lock(`open-orders:phone:${order.phone}`)}`,
  );
  const [open] = await tx
    .select({
      accountOrders: sql<number>`count(distinct ${orders.id}) filter (where ${account})::int`,
      accountUnits: sql<number>`coalesce(sum(${orderItems.quantity}) filter (where ${account}), 0)::int`,
      phoneOrders: sql<number>`count(distinct ${orders.id}) filter (where ${phone})::int`,
      phoneUnits: sql<number>`coalesce(sum(${orderItems.quantity}) filter (where ${phone}), 0)::int`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(or(account, phone), inArray(orders.status, OPEN_STATUSES)));
  const counts = order.userId
    ? [
        [open.accountOrders, open.accountUnits],
        [open.phoneOrders, open.phoneUnits],
      ]
    : [[open.phoneOrders, open.phoneUnits]];
  for (const [openOrders, openUnits] of counts) {
    if (openOrders + 1 > maxOrders)
      throw new AppError("ORDER_LIMIT_REACHED", openOrdersMessage(maxOrders), { items: openOrdersMessage(maxOrders) });
    if (openUnits + units > maxUnits)
      throw new AppError("ORDER_LIMIT_REACHED", openUnitsMessage(maxUnits, openUnits), {
        items: openUnitsMessage(maxUnits, openUnits),
      });
  }
}
