import type { Tx } from "~/db/client.server";
import { publishLiveEvent } from "~/db/live-events.server";
import { takeStockIfAvailable } from "~/modules/catalog/variant-stock.server";
import { queueOrderEmails } from "~/modules/messages/order-emails.server";
import { itemsToPutBack } from "~/modules/orders/order-items-back.server";
import { reviveOrderRow, usedCreditOrCode } from "~/modules/orders/order-payments.server";
import type { LockedOrder } from "~/modules/orders/order-row-moves.server";

/**
 * An order cancelled because its payment did not come in time, paid after all: it goes ahead when
 * every item is still in stock (taken again, all or nothing). One that spent store credit or a
 * discount code is not revived: both were given back at the cancel and may be spent since; the
 * owner refunds it instead. Answers whether it was revived.
 */
export async function reviveCancelledOrder(tx: Tx, order: LockedOrder, now: Date): Promise<boolean> {
  if (await usedCreditOrCode(tx, order.id)) return false;
  const { byVariant } = await itemsToPutBack(tx, order.id);
  if (!(await takeStockIfAvailable(tx, byVariant))) return false;
  await reviveOrderRow(tx, order.id, now);
  await queueOrderEmails(tx, order.id, { type: "placed" });
  await publishLiveEvent(tx, { topic: "orders", userId: order.userId });
  return true;
}
