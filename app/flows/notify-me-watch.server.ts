import type { AvailabilityWatch } from "~/modules/catalog/availability-watch";
import { queueMessages } from "~/modules/messages/outbox.server";
import { announceLaunch } from "~/modules/notify-me/announce-launch.server";
import { announceRestock, stockBeforeChange, type StockBefore } from "~/modules/notify-me/announce-restock.server";

/**
 * Notify Me watching the catalog (its port, modules/catalog/availability-watch.ts): a product that
 * becomes buyable (launched, or back in stock) e-mails its sign-ups in the change's transaction.
 */
export const notifyMeWatch: AvailabilityWatch<StockBefore> = {
  before: stockBeforeChange,
  restocked: (tx, before) => announceRestock(tx, before, queueMessages),
  launched: (tx, launched) => announceLaunch(tx, launched, queueMessages),
};
