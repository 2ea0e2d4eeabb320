import { queueMessages } from "~/modules/messages/outbox.server";
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { publishLiveEvent } from "~/db/live-events.server";
import { orders } from "~/modules/orders/reads";
import { AppError } from "~/lib/errors";
import { isUuid } from "~/lib/uuid";
import { putStockBack } from "~/modules/catalog/variant-stock.server";
import { queueOrderEmails, type OrderEvent } from "~/modules/messages/order-emails.server";
import { announceRestock, stockBeforeChange } from "~/modules/notify-me/announce-restock.server";
import type { OrderActor } from "~/modules/orders/order-actor";
import { itemsToPutBack } from "~/modules/orders/order-items-back.server";
import { restocksWhenMovedTo, type MovingOrder, type OrderStatus } from "~/modules/orders/order-lifecycle";
import {
  lockOrder,
  saveCourierDetails,
  writeOrderMove,
  type CourierDetails,
} from "~/modules/orders/order-row-moves.server";
import type { OrderStatusInput } from "~/modules/orders/order-status-input";
import { recordStatusChange, recordStatusChanges } from "~/modules/orders/record-status-change.server";
import { setOrderShipping } from "~/modules/orders/set-order-shipping.server";
import { anonymiseIfCustomerDeleted } from "~/modules/orders/release-customer-orders.server";
import { closeReturnsOfReplacement, returnRequestOnOrder } from "~/modules/returns/return-records.server";
import { releaseRedemption } from "~/modules/promotions/redeem-discount-code.server";
import { shipmentFollowsOrder } from "~/modules/shipping/booking/shipment-follows-order.server";
import { giveBackStoreCredit } from "~/modules/store-credit/give-back-store-credit.server";
import type { OrderDesk, OrderMoveRequest } from "~/modules/shipping/order-desk";
import { creditEndedReplacement } from "./credit-ended-replacement.server";
import type { FlowContext } from "./flow-context";
import { queueWhatsappMoveNotice } from "./whatsapp-order-notices.server";

export type OrderStatusUpdate = { orderId: string; orderNumber: string; from: OrderStatus; status: OrderStatus };

const COURIER_WHEN_SHIPPING = "Courier and tracking number can be recorded when the order is shipped";

/**
 * The owner moves an order along its lifecycle, in one transaction with the order row locked, so
 * two requests racing on the same order run one after the other and the second sees the first's
 * result (stock goes back exactly once). Courier and tracking number are saved when shipping and
 * may be corrected later on a shipped order (the same status again with new details).
 */
export async function moveOrder(
  { db, now = new Date() }: FlowContext,
  actor: OrderActor,
  orderId: string,
  input: OrderStatusInput,
): Promise<OrderStatusUpdate> {
  const courier: CourierDetails = { courierName: input.courierName, trackingNumber: input.trackingNumber };
  const givesCourier = Boolean(courier.courierName || courier.trackingNumber);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const from = order.status;
    const to = input.status;

    if (from === "shipped" && to === "shipped") {
      // Correcting the courier or tracking number of a parcel on its way: no status change.
      if (!givesCourier) throw new AppError("CONFLICT", "This order is already shipped");
      await saveCourierDetails(tx, order.id, defined(courier), now);
      await shipmentFollowsOrder(tx, order, "shipped", {
        at: now,
        now,
        actor,
        trackingNumber: courier.trackingNumber,
        courierName: courier.courierName,
        desk: orderDesk,
      });
      await publishLiveEvent(tx, { topic: "orders", userId: order.userId });
      return { orderId: order.id, orderNumber: order.orderNumber, from, status: to };
    }

    if (givesCourier && to !== "shipped")
      throw new AppError("VALIDATION", COURIER_WHEN_SHIPPING, { courierName: COURIER_WHEN_SHIPPING });
    await applyOrderMove(tx, actor, order, to, {
      now,
      courier: to === "shipped" ? defined(courier) : {},
      note: to === "shipped" ? shippingNote(courier) : null,
    });
    return { orderId: order.id, orderNumber: order.orderNumber, from, status: to };
  });
}

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
export async function moveOrders(
  ctx: FlowContext,
  actor: OrderActor,
  orderIds: string[],
  status: OrderStatus,
): Promise<BulkMoveResult> {
  const now = ctx.now ?? new Date();
  // In id order, the same lock order as every other multi-order change.
  const ids = [...new Set(orderIds)].sort();
  const valid = ids.filter(isUuid);
  const numbers = new Map(
    valid.length
      ? (
          await ctx.db.select({ id: orders.id, n: orders.orderNumber }).from(orders).where(inArray(orders.id, valid))
        ).map((r) => [r.id, r.n])
      : [],
  );
  const result: BulkMoveResult = { status, moved: [], failed: [] };
  for (const orderId of ids) {
    try {
      const moved = await moveOrder({ db: ctx.db, now }, actor, orderId, { status });
      result.moved.push({ orderId, orderNumber: moved.orderNumber });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.failed.push({ orderId, orderNumber: numbers.get(orderId) ?? null, reason: error.message });
    }
  }
  return result;
}

/**
 * One move along the lifecycle inside the caller's transaction (the order locked by the caller),
 * with every side effect of a move: stock back exactly once on cancel or return (and Notify Me told
 * of what is buyable again), the discount code's use and the store credit it spent given back
 * (once), the parcel kept in step
 * (modules/shipping), the history row, the buyer's e-mail (and WhatsApp notice) and the live event. The owner's status
 * form, a cancel and the courier imports all move orders through here. Answers the order as moved.
 */
export async function applyOrderMove<O extends MovingOrder>(
  tx: DbOrTx,
  actor: OrderActor,
  order: O,
  to: OrderStatus,
  opts: OrderMoveRequest & {
    /** What the e-mails say, when not the plain status move (a buyer's own cancel); null: none (a rejected exchange's e-mail tells of it). */
    emails?: OrderEvent | null;
    /** The gateway's verified answer moves an order awaiting payment (flows/settle-payment.server.ts). */
    byPayment?: boolean;
  },
): Promise<O> {
  const from = order.status;
  if (from === "delivered" && to === "returned") {
    const request = await returnRequestOnOrder(tx, order.id);
    if (request)
      throw new AppError(
        "CONFLICT",
        `This order has a return request (${request}): receive and refund its items on the Returns page instead`,
      );
  }
  const moved = await writeOrderMove(tx, order, to, opts);
  if (restocksWhenMovedTo(to)) {
    await putOrderItemsBack(tx, order.id);
    // A cancelled or returned order gives its discount code's use back, then the buyer's store
    // credit (variants, code, credit: the lock order of placing an order).
    await releaseRedemption(tx, order.id, opts.now);
    await giveBackStoreCredit(tx, order.id, to === "returned" ? "returned" : "cancelled");
    // An exchange's replacement that will not stay with the buyer: a request whose old item is back gets its money back.
    await creditEndedReplacement(
      tx,
      actor,
      { id: order.id, from, to: to === "returned" ? "returned" : "cancelled" },
      opts.now,
    );
  }
  const followParcel = () =>
    shipmentFollowsOrder(tx, moved, to, {
      at: to === "delivered" ? (opts.deliveredAt ?? opts.now) : opts.now,
      now: opts.now,
      actor,
      trackingNumber: to === "shipped" ? opts.courier?.trackingNumber : undefined,
      courierName: to === "shipped" ? opts.courier?.courierName : undefined,
      desk: orderDesk,
    });
  // A cancelled booking is told in the move's own history row; a settling a delivery causes is a
  // row of its own, after the move's.
  const parcelNote = to === "delivered" ? null : await followParcel();
  const note = [opts.note, parcelNote].filter(Boolean).join(". ") || null;
  await recordStatusChange(tx, { orderId: order.id, from, to, actor, at: opts.now, note });
  if (to === "delivered") {
    await followParcel();
    // A replacement of an exchange delivered: its return request closes if nothing is left to refund.
    await closeReturnsOfReplacement(tx, order.id, actor, opts.now);
  }
  if (opts.emails !== null) await queueOrderEmails(tx, order.id, opts.emails ?? { type: "status", status: to });
  // Shipped and delivered: the buyer's WhatsApp notice (when WhatsApp is set up and they did not opt out).
  await queueWhatsappMoveNotice(tx, order.id, to);
  if (to === "delivered" || to === "returned") await anonymiseIfCustomerDeleted(tx, order.id);
  await publishLiveEvent(tx, { topic: "orders", userId: order.userId });
  return moved;
}

/**
 * Undoes what placing the order took: each item's quantity back on its variant. Units that make a
 * sold-out product buyable again deliver its Notify Me sign-ups. For cancel and return; call it
 * inside the transaction that changes the status, after locking the order row.
 */
export async function putOrderItemsBack(tx: DbOrTx, orderId: string): Promise<void> {
  const back = await itemsToPutBack(tx, orderId);
  const stockBefore = await stockBeforeChange(tx, back.productIds);
  await putStockBack(tx, back.byVariant);
  await announceRestock(tx, stockBefore, queueMessages);
}

/** What shipping needs done to orders (its port, modules/shipping/order-desk.ts), done by this flow and modules/orders. */
export const orderDesk: OrderDesk = {
  recordHistory: recordStatusChanges,
  setShipping: setOrderShipping,
  applyMove: applyOrderMove,
};

function defined(courier: CourierDetails): CourierDetails {
  return Object.fromEntries(Object.entries(courier).filter(([, v]) => v !== undefined)) as CourierDetails;
}

function shippingNote({ courierName, trackingNumber }: CourierDetails): string | null {
  if (!courierName && !trackingNumber) return null;
  return [courierName && `Courier: ${courierName}`, trackingNumber && `Tracking: ${trackingNumber}`]
    .filter(Boolean)
    .join(", ");
}
