import { queueMessages } from "~/modules/messages/outbox.server";
import { getSettings } from "~/modules/settings/reads";
import { listCartLines } from "~/modules/cart/cart-lines.server";
import { isForSale } from "~/modules/catalog/product-availability";
import { claimCartReminder } from "~/modules/cart/claim-cart-reminder.server";
import {
  cartReminderEmail,
  cartReminderWhatsapp,
  forgottenCarts,
  REMINDERS_PER_RUN,
} from "~/modules/marketing/cart-reminders.server";
import { marketingUnsubscribePath } from "~/modules/marketing/marketing-unsubscribe.server";
import { outboxMessage } from "~/modules/messages/email-messages";
import { queueWhatsapp } from "~/modules/messages/whatsapp-delivery.server";
import { whatsappNumber } from "~/modules/messages/whatsapp-messages";
import { readWhatsappSettings } from "~/modules/messages/whatsapp-settings.server";
import type { FlowContext } from "./flow-context";

/**
 * Queues one reminder per forgotten cart (modules/marketing says which carts, by which channel and
 * what the message says; modules/cart claims each reminder) through the outbox, so Email Logs or
 * the WhatsApp Log shows it: the cart's lines still for sale at today's prices and stock
 * (modules/cart). A cart is due after Settings' "Remind after" hours. With WhatsApp set up, a buyer
 * who opted in to WhatsApp offers gets the `cart_reminder` template on the profile's phone (never
 * after ordering since, at most once in 7 days); everyone else the e-mail, when opted in. Each
 * cart's contents are claimed once, so several server processes running this at once send each
 * reminder once. Nothing is sent while the owner has reminders switched off. Answers how many were
 * queued.
 */
export async function remindForgottenCarts(
  { db, now = new Date() }: FlowContext,
  limit = REMINDERS_PER_RUN,
): Promise<number> {
  const settings = await getSettings(db);
  if (!settings.cartReminders) return 0;
  const whatsapp = (await readWhatsappSettings(db)) !== null;
  let queued = 0;
  for (const cart of await forgottenCarts(db, now, limit, { hours: settings.cartReminderHours, whatsapp })) {
    // The database's reading of the number and the messages module's must agree before anything is claimed.
    if (cart.channel === "whatsapp" && whatsappNumber(cart.phone ?? "") !== cart.whatsappTo) continue;
    const sent = await db.transaction(async (tx) => {
      if (!(await claimCartReminder(tx, cart, now))) return false;
      const lines = (await listCartLines(tx, cart.userId, now)).filter((l) => isForSale(l.status));
      if (lines.length === 0) return false;
      if (cart.channel === "whatsapp")
        return (await queueWhatsapp(tx, { ...cartReminderWhatsapp(cart, lines), at: now })) !== null;
      await queueMessages(tx, [
        outboxMessage(cartReminderEmail(cart, lines, await marketingUnsubscribePath(tx, cart.userId))),
      ]);
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
