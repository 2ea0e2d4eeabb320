import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cartReminders } from "~/db/schema";
import { listCartLines } from "~/modules/cart/cart-lines.server";
import { isForSale } from "~/modules/catalog/product-availability";
import { queueMessages } from "~/db/outbox.server";
import { outboxMessage } from "~/modules/messages/email-messages";
import { getSettings } from "~/db/shop-settings.server";
import { marketingUnsubscribePath } from "./marketing-unsubscribe.server";

/** How long a cart sits untouched before its reminder. */
export const CART_FORGOTTEN_AFTER_MS = 24 * 60 * 60 * 1000;
/** Reminders queued per run at most: a backlog is worked through run by run. */
export const REMINDERS_PER_RUN = 100;

type Due = { userId: string; name: string; email: string; contents: string };

/**
 * The carts due a reminder at `now`: a buyer who opted in to marketing e-mails, whose cart has not
 * changed for a day, and who has not been reminded of these same contents (variant x quantity)
 * already. Counted in SQL from the opted-in buyers (few: marketing e-mails are off by default).
 */
async function dueCarts(db: Db, now: Date, limit: number): Promise<Due[]> {
  const before = new Date(now.getTime() - CART_FORGOTTEN_AFTER_MS).toISOString();
  const rows = await db.execute(sql`
    select c.user_id as "userId", u.name, u.email,
           string_agg(c.variant_id::text || 'x' || c.quantity::text, ',' order by c.variant_id) as contents
    from customer_profiles p
    join users u on u.id = p.user_id
    join cart_items c on c.user_id = p.user_id
    where p.marketing_emails and u.role = 'buyer'
    group by c.user_id, u.name, u.email
    having max(greatest(c.added_at, c.updated_at)) <= ${before}::timestamptz
       and string_agg(c.variant_id::text || 'x' || c.quantity::text, ',' order by c.variant_id)
           is distinct from (select r.contents from cart_reminders r where r.user_id = c.user_id)
    limit ${limit}`);
  return (rows as unknown as { rows: Due[] }).rows;
}

/**
 * Queues one reminder e-mail per forgotten cart (through the outbox, so Email Logs shows it): its
 * items at today's prices and stock, a link back to the cart and a one-click unsubscribe. Each
 * cart's contents are claimed with one upsert that only writes when they differ from the last
 * reminder's, so several server processes running this at once send each reminder once. Nothing is
 * sent while the owner has reminders switched off. Answers how many were queued.
 */
export async function sendDueCartReminders(db: Db, now = new Date(), limit = REMINDERS_PER_RUN): Promise<number> {
  const settings = await getSettings(db);
  if (!settings.cartReminders) return 0;
  let queued = 0;
  for (const cart of await dueCarts(db, now, limit)) {
    const sent = await db.transaction(async (tx) => {
      const claimed = await tx.insert(cartReminders).values({ userId: cart.userId, contents: cart.contents, sentAt: now })
        .onConflictDoUpdate({ target: cartReminders.userId, set: { contents: cart.contents, sentAt: now }, setWhere: sql`${cartReminders.contents} <> excluded.contents` })
        .returning({ userId: cartReminders.userId });
      if (claimed.length === 0) return false;
      const lines = (await listCartLines(tx, cart.userId, now)).filter((l) => isForSale(l.status));
      if (lines.length === 0) return false;
      await queueMessages(tx, [outboxMessage({
        kind: "cart_reminder",
        to: cart.email,
        data: {
          name: cart.name,
          items: lines.map((l) => ({
            name: l.name, color: l.color, size: l.size, quantity: l.quantity, price: l.price,
            stockNote: l.stock === 0 ? "Out of stock" : l.stock < l.quantity ? `Only ${l.stock} left` : l.stock <= 3 ? `Only ${l.stock} left, hurry` : null,
          })),
          subtotal: lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
          cartPath: "/cart",
          unsubscribePath: await marketingUnsubscribePath(tx, cart.userId),
        },
      })]);
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
