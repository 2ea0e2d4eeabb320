import { asc, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders } from "~/modules/orders/reads";
import { refunds, returnEvents, returnRequests } from "~/modules/returns/tables";
import type { StoredImageRef } from "~/db/schema/stored-image";
import type {
  OrderStatus,
  RefundMethod,
  ReturnCondition,
  ReturnItemKind,
  ReturnReason,
  ReturnStatus,
} from "~/db/schema/statuses";
import {
  itemsOfReturns,
  readOrderLines,
  readOrderMoney,
  readRequestedItems,
  requestedItemValues,
} from "./return-records.server";
import { refundRoom } from "./return-rules";

export type ReturnItemView = {
  id: number;
  orderItemId: number;
  name: string;
  color: string;
  size: string;
  quantity: number;
  kind: ReturnItemKind;
  exchangeVariantId: number | null;
  exchangeColor: string | null;
  exchangeSize: string | null;
  /** Set when received. */
  condition: ReturnCondition | null;
  restockedAt: Date | null;
  /** What these units were paid (price less their share of the discount), whole rupees. */
  paidValue: number;
  imageKey: string | null;
};

export type RefundView = {
  id: number;
  method: RefundMethod;
  amount: number;
  reference: string | null;
  recordedByName: string;
  createdAt: Date;
};

export type ReturnEventView = { id: number; step: string; actorName: string; note: string | null; createdAt: Date };

export type ReplacementView = {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  total: number;
  subtotal: number;
  exchangeCredit: number;
};

/** A request as the order pages and GET /api/orders/{id} show it. */
export type OrderReturnView = {
  id: string;
  returnNumber: string;
  status: ReturnStatus;
  reason: ReturnReason;
  reasonText: string | null;
  rejectionReason: string | null;
  photos: StoredImageRef[];
  createdAt: Date;
  decidedAt: Date | null;
  receivedAt: Date | null;
  closedAt: Date | null;
  items: ReturnItemView[];
  refunds: RefundView[];
  /** The paid value of the request's returned items: refunds never go past it. */
  refundCeiling: number;
  refunded: number;
  /** What may still be refunded (0 on an order never paid). */
  refundLeft: number;
  replacement: ReplacementView | null;
  /** This request's history, oldest first. */
  events: ReturnEventView[];
};

/**
 * The order's return requests, newest first, each with its items (name, colour, size, quantity,
 * kind, the exchange's colour and size, condition, paid value), refunds, replacement order and
 * history: for the buyer's order page, the owner's order page and GET /api/orders/{id}. The caller
 * has checked who may see the order. A few indexed statements, whatever the number of requests.
 */
export async function listReturnsForOrder(db: DbOrTx, orderId: string): Promise<OrderReturnView[]> {
  const requests = await db
    .select({
      id: returnRequests.id,
      returnNumber: returnRequests.returnNumber,
      status: returnRequests.status,
      reason: returnRequests.reason,
      reasonText: returnRequests.reasonText,
      rejectionReason: returnRequests.rejectionReason,
      photos: returnRequests.photos,
      createdAt: returnRequests.createdAt,
      decidedAt: returnRequests.decidedAt,
      receivedAt: returnRequests.receivedAt,
      closedAt: returnRequests.closedAt,
      replacementOrderId: returnRequests.replacementOrderId,
    })
    .from(returnRequests)
    .where(eq(returnRequests.orderId, orderId))
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.returnNumber));
  if (requests.length === 0) return [];
  const ids = requests.map((r) => r.id);
  const replacementIds = requests.flatMap((r) => (r.replacementOrderId ? [r.replacementOrderId] : []));
  const [order, lines, requested, items, refundRows, events, replacements] = await Promise.all([
    readOrderMoney(db, orderId),
    readOrderLines(db, orderId),
    readRequestedItems(db, orderId),
    itemsOfReturns(db, ids),
    db
      .select({
        id: refunds.id,
        returnId: refunds.returnId,
        method: refunds.method,
        amount: refunds.amount,
        reference: refunds.reference,
        recordedByName: refunds.recordedByName,
        createdAt: refunds.createdAt,
      })
      .from(refunds)
      .where(inArray(refunds.returnId, ids))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
    db
      .select({
        id: returnEvents.id,
        returnId: returnEvents.returnId,
        step: returnEvents.step,
        actorName: returnEvents.actorName,
        note: returnEvents.note,
        createdAt: returnEvents.createdAt,
      })
      .from(returnEvents)
      .where(eq(returnEvents.orderId, orderId))
      .orderBy(asc(returnEvents.createdAt), asc(returnEvents.id)),
    replacementIds.length
      ? db
          .select({
            id: orders.id,
            orderNumber: orders.orderNumber,
            status: orders.status,
            total: orders.total,
            subtotal: orders.subtotal,
            exchangeCredit: orders.exchangeCredit,
          })
          .from(orders)
          .where(inArray(orders.id, replacementIds))
      : Promise.resolve([] as ReplacementView[]),
  ]);
  const values = requestedItemValues(lines, order.discountTotal, requested);
  return requests.map(({ replacementOrderId, ...request }) => {
    const own = items
      .filter((i) => i.returnId === request.id)
      .map(({ returnId: _r, price: _p, ...i }) => ({ ...i, paidValue: values.get(i.id) ?? 0 }));
    const ownRefunds = refundRows.filter((r) => r.returnId === request.id).map(({ returnId: _r, ...r }) => r);
    const ceiling = own.filter((i) => i.kind === "return").reduce((n, i) => n + i.paidValue, 0);
    const room = refundRoom(
      ceiling,
      ownRefunds.reduce((n, r) => n + r.amount, 0),
      order.paymentStatus,
    );
    return {
      ...request,
      items: own,
      refunds: ownRefunds,
      refundCeiling: room.ceiling,
      refunded: room.refunded,
      refundLeft: request.status === "rejected" ? 0 : room.left,
      replacement: replacements.find((o) => o.id === replacementOrderId) ?? null,
      events: events.filter((e) => e.returnId === request.id).map(({ returnId: _r, ...e }) => e),
    };
  });
}
