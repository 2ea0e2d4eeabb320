import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orderItems, orders } from "~/modules/orders/reads";
import { refunds, returnEvents, returnItems, returnRequests } from "~/modules/returns/tables";
import type { StoredImageRef } from "~/db/schema/stored-image";
import type { OrderStatus, PaymentStatus, ReturnItemKind, ReturnReason, ReturnStatus } from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";
import { isUuid } from "~/lib/uuid";
import type { OrderActor } from "~/modules/orders/order-actor";
import {
  refundRoom,
  returnIsDone,
  returnItemValues,
  unitsPaidValue,
  linePaidValues,
  type NamedLine,
  type RefundRoom,
} from "./return-rules";

/**
 * The storage of a return request shared by its steps: the request row locked, the order's lines
 * and what its requests already hold, each item's paid value, the refund room, the history rows.
 * Lock order of every step: the order rows first (the original, then a replacement), then the
 * request, so a step and an order's move never wait on each other in a circle.
 */

export const RETURN_NOT_FOUND = "Return request not found";

export type LockedReturn = {
  id: string;
  returnNumber: string;
  orderId: string;
  userId: string | null;
  status: ReturnStatus;
  reason: ReturnReason;
  replacementOrderId: string | null;
};

const lockedColumns = {
  id: returnRequests.id,
  returnNumber: returnRequests.returnNumber,
  orderId: returnRequests.orderId,
  userId: returnRequests.userId,
  status: returnRequests.status,
  reason: returnRequests.reason,
  replacementOrderId: returnRequests.replacementOrderId,
};

/** The request as it is now, without a lock: for a step that must lock orders before it (see above). */
export async function findReturn(db: DbOrTx, returnId: string): Promise<LockedReturn> {
  if (!isUuid(returnId)) throw new AppError("NOT_FOUND", RETURN_NOT_FOUND);
  const [row] = await db.select(lockedColumns).from(returnRequests).where(eq(returnRequests.id, returnId));
  if (!row) throw new AppError("NOT_FOUND", RETURN_NOT_FOUND);
  return row;
}

/** The request row, locked until the transaction ends: two steps on one request run one after the other. */
export async function lockReturn(tx: DbOrTx, returnId: string): Promise<LockedReturn> {
  if (!isUuid(returnId)) throw new AppError("NOT_FOUND", RETURN_NOT_FOUND);
  const [row] = await tx
    .select(lockedColumns)
    .from(returnRequests)
    .where(eq(returnRequests.id, returnId))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND", RETURN_NOT_FOUND);
  return row;
}

const STATUS_REFUSALS: Record<ReturnStatus, string> = {
  requested: "This return request is still waiting for a decision",
  approved: "This return request is already approved",
  received: "This return's items were already received",
  closed: "This return is already closed",
  rejected: "This return request was rejected",
};

/** Refuses a step from a status it does not start from, saying where the request is. */
export function assertReturnStatus(request: LockedReturn, allowed: readonly ReturnStatus[]): void {
  if (!allowed.includes(request.status)) throw new AppError("CONFLICT", STATUS_REFUSALS[request.status]);
}

/** An order line as returns read it. */
export type ReturnOrderLine = NamedLine & {
  productId: string | null;
  variantId: number | null;
  imageKey: string | null;
};

export async function readOrderLines(db: DbOrTx, orderId: string): Promise<ReturnOrderLine[]> {
  return db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      name: orderItems.name,
      color: orderItems.color,
      size: orderItems.size,
      price: orderItems.price,
      quantity: orderItems.quantity,
      imageKey: orderItems.imageKey,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** An item of one of the order's requests. */
export type RequestedItem = {
  id: number;
  returnId: string;
  status: ReturnStatus;
  orderItemId: number;
  quantity: number;
  kind: ReturnItemKind;
  exchangeVariantId: number | null;
  exchangeColor: string | null;
  exchangeSize: string | null;
  condition: "resellable" | "damaged" | null;
  restockedAt: Date | null;
};

/** Every item of every request on the order, in the order the requests were made. */
export async function readRequestedItems(db: DbOrTx, orderId: string): Promise<RequestedItem[]> {
  return db
    .select({
      id: returnItems.id,
      returnId: returnItems.returnId,
      status: returnRequests.status,
      orderItemId: returnItems.orderItemId,
      quantity: returnItems.quantity,
      kind: returnItems.kind,
      exchangeVariantId: returnItems.exchangeVariantId,
      exchangeColor: returnItems.exchangeColor,
      exchangeSize: returnItems.exchangeSize,
      condition: returnItems.condition,
      restockedAt: returnItems.restockedAt,
    })
    .from(returnItems)
    .innerJoin(returnRequests, eq(returnRequests.id, returnItems.returnId))
    .where(eq(returnRequests.orderId, orderId))
    .orderBy(asc(returnRequests.createdAt), asc(returnRequests.returnNumber), asc(returnItems.id));
}

/** Per order line, the units that open or finished requests (all but rejected) hold. */
export function requestedQuantities(items: readonly RequestedItem[]): Map<number, number> {
  const held = new Map<number, number>();
  for (const item of items) {
    if (item.status === "rejected") continue;
    held.set(item.orderItemId, (held.get(item.orderItemId) ?? 0) + item.quantity);
  }
  return held;
}

/**
 * What each requested item was paid (return-rules' `returnItemValues`): the requests that stand
 * take their line's units in the order they were made; a rejected request's items are valued on
 * their own, for showing only.
 */
export function requestedItemValues(
  lines: readonly ReturnOrderLine[],
  discountTotal: number,
  items: readonly RequestedItem[],
): Map<number, number> {
  const values = returnItemValues(
    lines,
    discountTotal,
    items.filter((i) => i.status !== "rejected"),
  );
  const linePaid = linePaidValues(lines, discountTotal);
  const quantityOf = new Map(lines.map((l) => [l.id, l.quantity]));
  for (const item of items) {
    if (item.status === "rejected")
      values.set(
        item.id,
        unitsPaidValue(
          linePaid.get(item.orderItemId) ?? 0,
          quantityOf.get(item.orderItemId) ?? item.quantity,
          0,
          item.quantity,
        ),
      );
  }
  return values;
}

/** The order's money as a request's steps need it. */
export type ReturnOrderMoney = {
  id: string;
  orderNumber: string;
  userId: string | null;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  subtotal: number;
  discountTotal: number;
};

export async function readOrderMoney(db: DbOrTx, orderId: string): Promise<ReturnOrderMoney> {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      subtotal: orders.subtotal,
      discountTotal: orders.discountTotal,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  return order;
}

/** A request's money: what its items were paid, the refund room of its return-kind items, its exchange's value. */
export type ReturnMoney = {
  order: ReturnOrderMoney;
  lines: ReturnOrderLine[];
  /** The request's own items with their paid value. */
  items: (RequestedItem & { paidValue: number })[];
  /** What the exchanged items were paid: put toward the replacement, the rest store credit. */
  paidExchanged: number;
  room: RefundRoom;
};

export async function readReturnMoney(db: DbOrTx, request: { id: string; orderId: string }): Promise<ReturnMoney> {
  // One statement after another: inside a step's transaction there is one connection.
  const order = await readOrderMoney(db, request.orderId);
  const lines = await readOrderLines(db, request.orderId);
  const all = await readRequestedItems(db, request.orderId);
  const [refunded] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.returnId, request.id));
  const values = requestedItemValues(lines, order.discountTotal, all);
  const items = all.filter((i) => i.returnId === request.id).map((i) => ({ ...i, paidValue: values.get(i.id) ?? 0 }));
  const sumOf = (kind: ReturnItemKind) => items.filter((i) => i.kind === kind).reduce((n, i) => n + i.paidValue, 0);
  return {
    order,
    lines,
    items,
    paidExchanged: sumOf("exchange"),
    room: refundRoom(sumOf("return"), refunded?.total ?? 0, order.paymentStatus),
  };
}

/** One row of the request's history (and so of its order's). */
export async function recordReturnEvent(
  db: DbOrTx,
  event: { returnId: string; orderId: string; step: string; actor: OrderActor; note?: string | null; at: Date },
): Promise<void> {
  await db.insert(returnEvents).values({
    returnId: event.returnId,
    orderId: event.orderId,
    step: event.step,
    actorId: event.actor.id,
    actorName: event.actor.name,
    note: event.note ?? null,
    createdAt: event.at,
  });
}

/** Moves the locked request to `status` with the time that goes with it. */
export async function setReturnStatus(
  db: DbOrTx,
  returnId: string,
  status: ReturnStatus,
  at: Date,
  extra: Partial<Pick<typeof returnRequests.$inferInsert, "rejectionReason" | "replacementOrderId">> = {},
): Promise<void> {
  await db
    .update(returnRequests)
    .set({
      status,
      updatedAt: at,
      ...extra,
      ...(status === "approved" || status === "rejected" ? { decidedAt: at } : {}),
      ...(status === "received" ? { receivedAt: at } : {}),
      ...(status === "closed" ? { closedAt: at } : {}),
    })
    .where(eq(returnRequests.id, returnId));
}

/**
 * Takes the buyer's photos off the locked request (a rejected request keeps none) and answers them,
 * for the media module to delete the files nothing else shows.
 */
export async function takeReturnPhotos(db: DbOrTx, returnId: string): Promise<StoredImageRef[]> {
  const [row] = await db
    .select({ photos: returnRequests.photos })
    .from(returnRequests)
    .where(eq(returnRequests.id, returnId));
  if (!row || row.photos.length === 0) return [];
  await db.update(returnRequests).set({ photos: [] }).where(eq(returnRequests.id, returnId));
  return row.photos;
}

/** The status of the request's replacement order, or null without one. */
export async function replacementStatus(db: DbOrTx, replacementOrderId: string | null): Promise<OrderStatus | null> {
  if (!replacementOrderId) return null;
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, replacementOrderId));
  return row?.status ?? null;
}

/**
 * Closes a received request when it is done (nothing left to refund, its replacement delivered or
 * none): status closed and a "closed" row. Answers whether it closed. Call it with the request locked.
 */
export async function closeReturnIfDone(
  tx: DbOrTx,
  request: LockedReturn,
  money: Pick<ReturnMoney, "room">,
  actor: OrderActor,
  at: Date,
): Promise<boolean> {
  if (request.status !== "received") return false;
  if (!returnIsDone(money.room.left, await replacementStatus(tx, request.replacementOrderId))) return false;
  await setReturnStatus(tx, request.id, "closed", at);
  await recordReturnEvent(tx, {
    returnId: request.id,
    orderId: request.orderId,
    step: "closed",
    actor,
    note: null,
    at,
  });
  return true;
}

/**
 * A replacement order was delivered (the move-order flow tells): its request, when received and
 * with nothing left to refund, closes. Answers the requests closed.
 */
export async function closeReturnsOfReplacement(
  tx: DbOrTx,
  replacementOrderId: string,
  actor: OrderActor,
  at: Date,
): Promise<string[]> {
  const rows = await tx
    .select(lockedColumns)
    .from(returnRequests)
    .where(and(eq(returnRequests.replacementOrderId, replacementOrderId), eq(returnRequests.status, "received")))
    .for("update");
  const closed: string[] = [];
  for (const request of rows) {
    if (await closeReturnIfDone(tx, request, await readReturnMoney(tx, request), actor, at)) closed.push(request.id);
  }
  return closed;
}

/**
 * The received requests whose exchange's replacement is `replacementOrderId`, locked (the caller
 * holds the replacement's row: replacement, then request, the lock order of every step).
 */
export async function lockReceivedReturnsOfReplacement(
  tx: DbOrTx,
  replacementOrderId: string,
): Promise<LockedReturn[]> {
  return tx
    .select(lockedColumns)
    .from(returnRequests)
    .where(and(eq(returnRequests.replacementOrderId, replacementOrderId), eq(returnRequests.status, "received")))
    .orderBy(asc(returnRequests.id))
    .for("update");
}

/** A replacement order's number and the old items' paid value it took (its exchange credit). */
export async function readReplacementCredit(
  db: DbOrTx,
  replacementOrderId: string,
): Promise<{ orderNumber: string; exchangeCredit: number }> {
  const [row] = await db
    .select({ orderNumber: orders.orderNumber, exchangeCredit: orders.exchangeCredit })
    .from(orders)
    .where(eq(orders.id, replacementOrderId));
  if (!row) throw new AppError("NOT_FOUND", "Order not found");
  return row;
}

/**
 * The number of a request on this order that was not rejected (open or done), or null. A delivered
 * order with one cannot also be returned whole: its items would come back, and its money go back,
 * twice (the request's steps restock and refund them on their own).
 */
export async function returnRequestOnOrder(db: DbOrTx, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ returnNumber: returnRequests.returnNumber })
    .from(returnRequests)
    .where(and(eq(returnRequests.orderId, orderId), sql`${returnRequests.status} <> 'rejected'`))
    .orderBy(asc(returnRequests.createdAt))
    .limit(1);
  return row?.returnNumber ?? null;
}

/** The requests' item counts (for the e-mails and lists). */
export async function itemsOfReturns(db: DbOrTx, returnIds: string[]) {
  if (returnIds.length === 0) return [];
  return db
    .select({
      id: returnItems.id,
      returnId: returnItems.returnId,
      orderItemId: returnItems.orderItemId,
      quantity: returnItems.quantity,
      kind: returnItems.kind,
      exchangeVariantId: returnItems.exchangeVariantId,
      exchangeColor: returnItems.exchangeColor,
      exchangeSize: returnItems.exchangeSize,
      condition: returnItems.condition,
      restockedAt: returnItems.restockedAt,
      name: orderItems.name,
      color: orderItems.color,
      size: orderItems.size,
      price: orderItems.price,
      imageKey: orderItems.imageKey,
    })
    .from(returnItems)
    .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
    .where(inArray(returnItems.returnId, returnIds))
    .orderBy(asc(returnItems.id));
}
