import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { publishLiveEvent } from "~/db/live-events.server";
import { orders } from "~/modules/orders/tables";
import type { WhatsappState } from "~/db/schema/statuses";
import type { OrderStatus } from "./order-lifecycle";

/**
 * What WhatsApp tells about an order (the receive-whatsapp-webhook flow): the buyer's answer, a
 * message from their number, Meta's receipts for its confirmation; and its confirmation queued
 * (the WhatsApp order desk, app/flows/whatsapp-order-desk.server.ts). Each inside the caller's
 * transaction; the owner's open Orders tab hears of a change.
 */

/** The id of the order with this number, or null. */
export async function findOrderIdByNumber(tx: DbOrTx, orderNumber: string): Promise<string | null> {
  const [found] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
  return found?.id ?? null;
}

/** A WhatsApp confirmation was queued for the order: its WhatsApp state becomes `queued`. */
export async function markWhatsappQueued(tx: DbOrTx, orderId: string): Promise<void> {
  await tx.update(orders).set({ whatsappStatus: "queued" }).where(eq(orders.id, orderId));
}

/** WhatsApp is not set up: an order whose confirmation is still queued goes back to no WhatsApp state (confirmed by call). */
export async function clearWhatsappQueued(tx: DbOrTx, orderId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ whatsappStatus: null })
    .where(and(eq(orders.id, orderId), eq(orders.whatsappStatus, "queued")));
}

/**
 * The order's WhatsApp state after the worker's send of its confirmation: accepted by Meta is `sent`
 * (with the time), given up `failed`. Only from the states before sending: a receipt or the buyer's
 * answer that came first is never undone.
 */
export async function recordWhatsappSend(
  tx: DbOrTx,
  orderId: string,
  state: Extract<WhatsappState, "sent" | "failed">,
  at: Date | null,
): Promise<void> {
  const before = or(isNull(orders.whatsappStatus), inArray(orders.whatsappStatus, ["queued", "failed"]));
  const moved = await tx
    .update(orders)
    .set(state === "sent" ? { whatsappStatus: "sent", whatsappSentAt: at } : { whatsappStatus: "failed" })
    .where(and(eq(orders.id, orderId), before))
    .returning({ userId: orders.userId });
  // The owner's open Orders tab shows "Sent 14:02" (or "Needs call") without a reload.
  if (moved.length) await publishLiveEvent(tx, { topic: "orders", userId: moved[0].userId });
}

/** The buyer answered the confirmation on WhatsApp (the order already moved by the flow). */
export async function recordWhatsappAnswer(
  tx: DbOrTx,
  orderId: string,
  state: Extract<WhatsappState, "confirmed" | "cancelled">,
  at: Date,
): Promise<void> {
  await tx.update(orders).set({ whatsappStatus: state, whatsappAnsweredAt: at }).where(eq(orders.id, orderId));
}

/** Orders still on their way to the buyer: a message from their number is news for them. */
const OPEN_STATUSES: OrderStatus[] = ["pending", "confirmed", "processing", "shipped"];

/** A message from `phone` (E.164): its open orders show "Replied on WhatsApp" so the owner reads it. How many. */
export async function markWhatsappReplied(tx: DbOrTx, phone: string, at: Date): Promise<number> {
  const marked = await tx
    .update(orders)
    .set({ whatsappRepliedAt: at })
    .where(and(eq(orders.phone, phone), inArray(orders.status, OPEN_STATUSES)))
    .returning({ id: orders.id, userId: orders.userId });
  for (const userId of new Set(marked.map((o) => o.userId))) await publishLiveEvent(tx, { topic: "orders", userId });
  return marked.length;
}

type Receipt = Extract<WhatsappState, "sent" | "delivered" | "read" | "failed">;

/** The order's states a receipt may move on from: the buyer's answer is never undone by a receipt. */
const ORDER_BEFORE: Record<Receipt, WhatsappState[]> = {
  sent: ["queued", "failed"],
  delivered: ["queued", "sent", "failed"],
  read: ["queued", "sent", "delivered", "failed"],
  failed: ["queued", "sent"],
};

/** Meta's receipt for the order's confirmation: its WhatsApp state moves on (never back), with the times. */
export async function recordWhatsappReceiptOnOrder(
  tx: DbOrTx,
  orderId: string,
  receipt: Receipt,
  at: Date,
): Promise<void> {
  const moved = await tx
    .update(orders)
    .set({
      whatsappStatus: receipt,
      ...(receipt === "sent" ? { whatsappSentAt: sql`coalesce(${orders.whatsappSentAt}, ${at})` } : {}),
      ...(receipt === "read" ? { whatsappReadAt: at } : {}),
    })
    .where(
      and(
        eq(orders.id, orderId),
        or(isNull(orders.whatsappStatus), inArray(orders.whatsappStatus, ORDER_BEFORE[receipt])),
      ),
    )
    .returning({ userId: orders.userId });
  // A read receipt after the buyer answered still tells when they read it, without undoing the answer.
  if (receipt === "read" && moved.length === 0) {
    await tx
      .update(orders)
      .set({ whatsappReadAt: at })
      .where(and(eq(orders.id, orderId), isNull(orders.whatsappReadAt)));
  }
  if (moved.length) await publishLiveEvent(tx, { topic: "orders", userId: moved[0].userId });
}
