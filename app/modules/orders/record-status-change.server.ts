import type { DbOrTx } from "~/db/client.server";
import { orderStatusHistory } from "~/modules/orders/tables";
import type { StatusChange } from "./order-actor";

/**
 * Adds a row to the order's status history. Call it in the transaction that changes the status,
 * so the history and the order never disagree. `from` is null for the order being placed.
 */
export async function recordStatusChange(db: DbOrTx, change: StatusChange): Promise<void> {
  await recordStatusChanges(db, [change]);
}

/** Several orders' rows in one statement (a booking of many orders). */
export async function recordStatusChanges(db: DbOrTx, changes: StatusChange[]): Promise<void> {
  if (changes.length === 0) return;
  await db.insert(orderStatusHistory).values(
    changes.map((change) => ({
      orderId: change.orderId,
      fromStatus: change.from,
      toStatus: change.to,
      actorId: change.actor.id,
      actorName: change.actor.name,
      note: change.note ?? null,
      createdAt: change.at ?? new Date(),
    })),
  );
}
