import { ORDER_STATUSES, type OrderStatus, type PaymentStatus } from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";

// The statuses themselves are defined once, beside the schema that checks them.
export { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from "~/db/schema/statuses";

/**
 * Days after delivery in which a delivered order may still be returned when the caller does not
 * say: the default of the shop's setting (Settings, `returnWindowDays`), which callers pass in.
 */
export const DEFAULT_RETURN_WINDOW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `returnWindowDays` is the shop's setting (getSettings(...).returnWindowDays). */
export type MoveOptions = {
  deliveredAt?: Date | null;
  now?: Date;
  returnWindowDays?: number;
  /** The gateway's verified answer confirms an order awaiting payment; nobody else may (the owner may only cancel it). */
  byPayment?: boolean;
};

/** The order row a move needs, read with the row locked (`for update`) in the move's transaction. */
export type MovingOrder = {
  id: string;
  userId: string | null;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  deliveredAt: Date | null;
};

const MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  // Paid (verified with the gateway): confirmed; not paid in time, or given up: cancelled.
  awaiting_payment: ["confirmed", "cancelled"],
  pending: ["confirmed", "cancelled"],
  confirmed: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  // Returned from shipped means refused at the door.
  shipped: ["delivered", "returned"],
  // Only inside the return window; checked below.
  delivered: ["returned"],
  cancelled: [],
  returned: [],
};

export const STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: "Awaiting payment",
  pending: "Pending",
  confirmed: "Confirmed",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  returned: "Returned",
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: "Unpaid",
  collected: "Collected",
  settled: "Settled",
  refunded: "Refunded",
  paid: "Paid online",
  needs_refund: "Paid, needs refund",
};

/**
 * The payment as a buyer reads it: whether the courier still holds the cash (collected) or has paid
 * it to the shop (settled) is the shop's bookkeeping; to the buyer, who paid at the door, both are
 * "Paid". The owner's pages keep PAYMENT_STATUS_LABELS.
 */
export function buyerPaymentStatusLabel(status: PaymentStatus): string {
  if (status === "needs_refund") return "Paid; refund due";
  return status === "collected" || status === "settled" ? "Paid" : PAYMENT_STATUS_LABELS[status];
}

/** For reading a status from a form or query string. */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * True while a delivered order can still be returned: up to and including `returnWindowDays` days
 * after its delivery. Without a delivery time we cannot tell, so no.
 */
export function withinReturnWindow({
  deliveredAt,
  now = new Date(),
  returnWindowDays = DEFAULT_RETURN_WINDOW_DAYS,
}: MoveOptions): boolean {
  if (!deliveredAt) return false;
  return now.getTime() - deliveredAt.getTime() <= returnWindowDays * DAY_MS;
}

/** The last moment a delivered order can be returned, or null without a delivery time. */
export function returnWindowEnd(deliveredAt: Date | null, returnWindowDays = DEFAULT_RETURN_WINDOW_DAYS): Date | null {
  return deliveredAt ? new Date(deliveredAt.getTime() + returnWindowDays * DAY_MS) : null;
}

/** The statuses an order in `status` may move to now; what the owner's status menu offers. */
export function allowedNextStatuses(status: OrderStatus, opts: MoveOptions = {}): OrderStatus[] {
  const next = MOVES[status] ?? [];
  if (status === "delivered" && !withinReturnWindow(opts)) return [];
  if (status === "awaiting_payment" && !opts.byPayment) return ["cancelled"];
  return [...next];
}

export function canMoveOrder(from: OrderStatus, to: OrderStatus, opts: MoveOptions = {}): boolean {
  return allowedNextStatuses(from, opts).includes(to);
}

/** Throws a CONFLICT AppError with words the owner can act on when the move is not allowed. */
export function assertOrderMove(from: OrderStatus, to: OrderStatus, opts: MoveOptions = {}): void {
  if (canMoveOrder(from, to, opts)) return;
  if (from === "awaiting_payment" && to === "confirmed")
    throw new AppError(
      "CONFLICT",
      "This order is awaiting online payment: it is confirmed when the gateway says it is paid, or it can be cancelled",
    );
  if (from === "delivered" && to === "returned") {
    throw new AppError(
      "CONFLICT",
      `This order can no longer be returned: the ${opts.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS}-day return window has passed`,
    );
  }
  throw new AppError(
    "CONFLICT",
    `A ${STATUS_LABELS[from].toLowerCase()} order cannot be marked ${STATUS_LABELS[to].toLowerCase()}`,
  );
}

/** A buyer may cancel their own order until the shop starts preparing it. */
export function buyerCanCancel(status: OrderStatus): boolean {
  return status === "pending" || status === "confirmed";
}

/** Moves that put the order's items back into stock. */
export function restocksWhenMovedTo(to: OrderStatus): boolean {
  return to === "cancelled" || to === "returned";
}

/**
 * The payment status that goes with an order status. A returned order was paid only if it had been
 * delivered first (refused at the door means no cash changed hands), which `deliveredAt` tells.
 */
export function paymentStatusFor(status: OrderStatus, opts: { deliveredAt?: Date | null } = {}): PaymentStatus {
  if (status === "delivered") return "collected";
  if (status === "returned") return opts.deliveredAt ? "refunded" : "unpaid";
  return "unpaid";
}

/**
 * The payment status once a courier's settlement has paid for the order's parcel: a delivered
 * order whose cash was collected is settled. Any other order keeps its status: a parcel paid for
 * before its delivery is imported is settled when the delivery is, and a refund stays a refund.
 */
export function paymentStatusWhenSettled(status: OrderStatus, current: PaymentStatus): PaymentStatus {
  return status === "delivered" && current === "collected" ? "settled" : current;
}

/** The payment status after an allowed move; callers check the move with canMoveOrder first. */
export function paymentStatusAfterMove(from: OrderStatus, to: OrderStatus, current: PaymentStatus): PaymentStatus {
  // Paid online in whole: nothing is collected at the door, and only a refund changes it.
  if (current === "paid" || current === "needs_refund") return current;
  if (to === "delivered") return "collected";
  if (to === "returned")
    return from === "delivered" || current === "collected" || current === "settled" ? "refunded" : "unpaid";
  return current;
}
