import type { DbOrTx } from "~/db/client.server";
import type { QueueMessages } from "~/modules/messages/outbox";
import { buyableProducts, deliverNotifyMe, productOnSale } from "./deliver-notify-me.server";

/**
 * The restock rule, in one place. Every change that adds stock (the owner's stock edit, a cancel
 * or return putting items back) does, inside its transaction:
 *
 *   const before = await stockBeforeChange(tx, productIds);
 *   ...change the stock...
 *   await announceRestock(tx, before);
 *
 * and the products that were not buyable before (sold out) and are now (active, stock above 0)
 * deliver their Notify Me sign-ups. Drafts, archived and coming-soon products are never buyable,
 * so they never send; a launch has its own e-mail (announceLaunch).
 */
export type StockBefore = { productIds: string[]; buyable: Set<string> };

export async function stockBeforeChange(tx: DbOrTx, productIds: string[]): Promise<StockBefore> {
  const ids = [...new Set(productIds)];
  return { productIds: ids, buyable: new Set((await buyableProducts(tx, ids)).keys()) };
}

export async function announceRestock(tx: DbOrTx, before: StockBefore, queueMessages: QueueMessages): Promise<number> {
  const candidates = before.productIds.filter((id) => !before.buyable.has(id));
  if (candidates.length === 0) return 0;
  const restocked = await buyableProducts(tx, candidates);
  return deliverNotifyMe(
    tx,
    [...restocked].map(([id, name]) => productOnSale(id, name)),
    "restocked",
    queueMessages,
  );
}
