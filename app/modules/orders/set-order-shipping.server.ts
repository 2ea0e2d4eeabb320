import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders } from "~/modules/orders/tables";
import type { OrderShippingFields } from "./order-shipping";

/**
 * Writes what shipping learnt about orders (booked with a courier, a tracking number, a booking
 * cancelled, a courier's COD payment) inside the caller's transaction, with `updatedAt = now`; the
 * status does not change (a move goes through move-order). One id or several.
 */
export async function setOrderShipping(
  tx: DbOrTx,
  orderIds: string | string[],
  fields: OrderShippingFields,
  now: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({ ...fields, updatedAt: now })
    .where(typeof orderIds === "string" ? eq(orders.id, orderIds) : inArray(orders.id, orderIds));
}
