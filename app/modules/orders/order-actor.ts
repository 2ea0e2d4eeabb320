import type { OrderStatus } from "./order-lifecycle";

/** Who changed an order: a signed-in person (buyer or owner), or the shop itself (null id). */
export type OrderActor = { id: string | null; name: string };

/** The shop acting on its own, for example when a buyer's account is deleted. */
export const SYSTEM_ACTOR: OrderActor = { id: null, name: "System" };

/** One row of an order's status history (record-status-change.server.ts writes it). `from` is null for the order being placed. */
export type StatusChange = {
  orderId: string;
  from: OrderStatus | null;
  to: OrderStatus;
  actor: OrderActor;
  note?: string | null;
  at?: Date;
};
