import type { DbOrTx } from "~/db/client.server";
import type { QueueMessages } from "~/modules/messages/outbox";
import type { LaunchedItems } from "~/modules/catalog/availability-watch";
import {
  buyableProducts,
  categoryTarget,
  deliverNotifyMe,
  productOnSale,
  type OnSale,
} from "./deliver-notify-me.server";

/**
 * Called inside every launch transaction (the owner's Launch now, a save that takes a product off
 * "coming soon", and the scheduled launcher) with what just went on sale: queues the Notify Me
 * e-mails of its sign-ups, so they exist exactly when the launch commits. A collection's
 * subscribers hear that it opened; a product's subscribers hear when it can be bought, so a
 * product launched without stock keeps its sign-ups for the restock (announceRestock).
 */
export async function announceLaunch(
  tx: DbOrTx,
  launched: LaunchedItems,
  queueMessages: QueueMessages,
): Promise<number> {
  if (launched.products.length === 0 && launched.categories.length === 0) return 0;
  const buyable = await buyableProducts(
    tx,
    launched.products.map((p) => p.id),
  );
  const onSale: OnSale[] = [
    ...launched.categories.map((c): OnSale => ({
      target: categoryTarget(c.slug),
      what: "category",
      name: c.name,
      path: `/category/${encodeURIComponent(c.slug)}`,
    })),
    ...[...buyable].map(([id, name]) => productOnSale(id, name)),
  ];
  return deliverNotifyMe(tx, onSale, "launched", queueMessages);
}
