import type { DbOrTx } from "~/db/client.server";
import { orderStatusHistory } from "~/db/schema";
import type { OrderStatus } from "./order-lifecycle";

/** Who changed an order: a signed-in person (buyer or owner), or the shop itself (null id). */
export type OrderActor = { id: string | null; name: string };

/** The shop acting on its own, for example when a buyer's account is deleted. */
export const SYSTEM_ACTOR: OrderActor = { id: null, name: "System" };

/**
 * Adds a row to the order's status history. Call it in the transaction that changes the status,
 * so the history and the order never disagree. `from` is null for the order being placed.
 */
export async function recordStatusChange(db: DbOrTx, change: StatusChange): Promise<void> {
  await recordStatusChanges(db, [change]);
}

export type StatusChange = { orderId: string; from: OrderStatus | null; to: OrderStatus; actor: OrderActor; note?: string | null; at?: Date };

/** Several orders' rows in one statement (a booking of many orders). */
export async function recordStatusChanges(db: DbOrTx, changes: StatusChange[]): Promise<void> {
  if (changes.length === 0) return;
  await db.insert(orderStatusHistory).values(changes.map((change) => ({
    orderId: change.orderId,
    fromStatus: change.from,
    toStatus: change.to,
    actorId: change.actor.id,
    actorName: change.actor.name,
    note: change.note ?? null,
    createdAt: change.at ?? new Date(),
  })));
}
