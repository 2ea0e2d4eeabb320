import { inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders } from "~/db/schema";
import { AppError } from "~/lib/errors";
import { isUuid } from "~/lib/uuid";
import type { OrderStatus } from "./order-lifecycle";
import type { OrderActor } from "./order-actor";
import { updateOrderStatus } from "./update-order-status.server";

export type BulkMoveResult = {
  status: OrderStatus;
  moved: { orderId: string; orderNumber: string }[];
  failed: { orderId: string; orderNumber: string | null; reason: string }[];
};

/**
 * Moves several orders to one status (confirm the morning's orders, ship a day's parcels). Each
 * order is checked and moved in its own transaction, so one that cannot move (already cancelled,
 * say) does not hold back the others; the result says which moved and why the rest did not.
 */
export async function bulkUpdateOrderStatus(db: Db, actor: OrderActor, orderIds: string[], status: OrderStatus, now = new Date()): Promise<BulkMoveResult> {
  // In id order, the same lock order as every other multi-order change.
  const ids = [...new Set(orderIds)].sort();
  const valid = ids.filter(isUuid);
  const numbers = new Map(
    valid.length ? (await db.select({ id: orders.id, n: orders.orderNumber }).from(orders).where(inArray(orders.id, valid))).map((r) => [r.id, r.n]) : [],
  );
  const result: BulkMoveResult = { status, moved: [], failed: [] };
  for (const orderId of ids) {
    try {
      const moved = await updateOrderStatus(db, actor, orderId, { status }, now);
      result.moved.push({ orderId, orderNumber: moved.orderNumber });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.failed.push({ orderId, orderNumber: numbers.get(orderId) ?? null, reason: error.message });
    }
  }
  return result;
}
