import { readMetaSettings } from "~/modules/marketing/meta-settings.server";
import { duePurchases, metaPurchaseEvent } from "~/modules/marketing/meta-purchases.server";
import { queueMetaPurchases } from "~/modules/messages/queue-meta-event.server";
import type { FlowContext } from "./flow-context";

/** Purchases queued per run at most: a backlog is worked through run by run. */
export const PURCHASES_PER_RUN = 200;

/**
 * Reports the orders that have become real to Meta (issue 44): a COD order placed at the checkout
 * counts when it is confirmed (WhatsApp Confirm, the owner, or paid online) or, if the owner chose so,
 * when it is delivered; never while it may still be a fake order, never once cancelled or refused.
 * modules/marketing says which orders and builds each Purchase; modules/messages queues it on the
 * outbox, which keeps one per order, so every process may run this at once. Nothing is queued
 * without a Pixel and its Conversions API token. Answers how many were queued.
 */
export async function reportPurchasesToMeta(
  { db, now = new Date() }: FlowContext,
  publicUrl: string,
  limit = PURCHASES_PER_RUN,
): Promise<number> {
  const settings = await readMetaSettings(db);
  if (!settings.pixelId || !settings.hasAccessToken) return 0;
  const due = await duePurchases(db, settings.purchaseOn, now, limit);
  return queueMetaPurchases(
    db,
    settings.pixelId,
    due.map((order) => ({
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      event: metaPurchaseEvent(order, publicUrl),
    })),
  );
}
