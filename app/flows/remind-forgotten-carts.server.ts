import { queueMessages } from "~/modules/messages/outbox.server";
import { getSettings } from "~/modules/settings/reads";
import { listCartLines } from "~/modules/cart/cart-lines.server";
import { isForSale } from "~/modules/catalog/product-availability";
import { claimCartReminder } from "~/modules/cart/claim-cart-reminder.server";
import { cartReminderEmail, forgottenCarts, REMINDERS_PER_RUN } from "~/modules/marketing/cart-reminders.server";
import { marketingUnsubscribePath } from "~/modules/marketing/marketing-unsubscribe.server";
import { outboxMessage } from "~/modules/messages/email-messages";
import type { FlowContext } from "./flow-context";

/**
 * Queues one reminder e-mail per forgotten cart (modules/marketing says which carts and what the
 * e-mail says; modules/cart claims each reminder) through the outbox, so Email Logs shows it: the cart's lines still for sale at today's
 * prices and stock (modules/cart). Each cart's contents are claimed once, so several server
 * processes running this at once send each reminder once. Nothing is sent while the owner has
 * reminders switched off. Answers how many were queued.
 */
export async function remindForgottenCarts(
  { db, now = new Date() }: FlowContext,
  limit = REMINDERS_PER_RUN,
): Promise<number> {
  const settings = await getSettings(db);
  if (!settings.cartReminders) return 0;
  let queued = 0;
  for (const cart of await forgottenCarts(db, now, limit)) {
    const sent = await db.transaction(async (tx) => {
      if (!(await claimCartReminder(tx, cart, now))) return false;
      const lines = (await listCartLines(tx, cart.userId, now)).filter((l) => isForSale(l.status));
      if (lines.length === 0) return false;
      await queueMessages(tx, [
        outboxMessage(cartReminderEmail(cart, lines, await marketingUnsubscribePath(tx, cart.userId))),
      ]);
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
