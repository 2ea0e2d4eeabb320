import type { DbOrTx } from "~/db/client.server";
import type { OrderActor, StatusChange } from "~/modules/orders/order-actor";
import type { MovingOrder, OrderStatus } from "~/modules/orders/order-lifecycle";
import type { OrderShippingFields } from "~/modules/orders/order-shipping";

/** A move of an order as shipping asks for it (a courier's report, a parcel settled). */
export type OrderMoveRequest = {
  now: Date;
  note?: string | null;
  deliveredAt?: Date;
  courier?: { courierName?: string; trackingNumber?: string };
};

/**
 * What shipping needs done to the orders its parcels follow, which modules/orders owns: its status
 * history written, its courier, tracking number and payment written, and an order moved along its lifecycle with every side effect of a move (the
 * buyer's e-mail, stock, the discount code's use, the live event). Shipping declares this port; the
 * flows that call shipping give it (app/flows/move-order.server.ts: `orderDesk`), so shipping never
 * imports the orders module's operations.
 */
export type OrderDesk = {
  recordHistory(tx: DbOrTx, changes: StatusChange[]): Promise<void>;
  /** The courier's name, tracking number or COD payment written on orders (their status unchanged), in the caller's transaction. */
  setShipping(tx: DbOrTx, orderIds: string | string[], fields: OrderShippingFields, now: Date): Promise<void>;
  /** Inside the caller's transaction, the order already locked by it (the move-order flow's applyOrderMove). */
  applyMove<O extends MovingOrder>(
    tx: DbOrTx,
    actor: OrderActor,
    order: O,
    to: OrderStatus,
    opts: OrderMoveRequest,
  ): Promise<O>;
};
