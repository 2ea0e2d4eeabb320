import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orderItems, orders, type OrderStatus } from "~/db/schema";
import { AppError } from "~/lib/errors";
import { OPEN_ORDER_LIMITS, openOrdersMessage, openUnitsMessage } from "./abuse-limits";
import { abuseLimitScale } from "./rate-limit.server";

/** Orders still holding stock: placed and not yet delivered, cancelled or returned. */
const OPEN_STATUSES: OrderStatus[] = ["pending", "confirmed", "processing", "shipped"];

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
  const subjects: SQL[] = [eq(orders.phone, order.phone)];
  const keys = [`open-orders:phone:${order.phone}`];
  if (order.userId) {
    subjects.unshift(eq(orders.userId, order.userId));
    keys.unshift(`open-orders:account:${order.userId}`);
  }
  // Always the account before the phone, so two transactions never wait on each other in a circle.
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  for (const subject of subjects) {
    const [open] = await tx
      .select({ orders: sql<number>`count(distinct ${orders.id})::int`, units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(and(subject, inArray(orders.status, OPEN_STATUSES)));
    if (open.orders + 1 > maxOrders) throw new AppError("ORDER_LIMIT_REACHED", openOrdersMessage(maxOrders), { items: openOrdersMessage(maxOrders) });
    if (open.units + units > maxUnits) throw new AppError("ORDER_LIMIT_REACHED", openUnitsMessage(maxUnits, open.units), { items: openUnitsMessage(maxUnits, open.units) });
  }
}
