import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { CartLine } from "~/modules/cart/cart-line";
import type { EmailMessage } from "~/modules/messages/email-messages";

/** How long a cart sits untouched before its reminder. */
export const CART_FORGOTTEN_AFTER_MS = 24 * 60 * 60 * 1000;
/** Reminders queued per run at most: a backlog is worked through run by run. */
export const REMINDERS_PER_RUN = 100;

export type ForgottenCart = { userId: string; name: string; email: string; contents: string };

/**
 * The carts due a reminder at `now`: a buyer who opted in to marketing e-mails, whose cart has not
 * changed for a day, and who has not been reminded of these same contents (variant x quantity)
 * already. Counted in SQL from the opted-in buyers (few: marketing e-mails are off by default).
 */
export async function forgottenCarts(db: Db, now: Date, limit: number): Promise<ForgottenCart[]> {
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
  return (rows as unknown as { rows: ForgottenCart[] }).rows;
}

/** The reminder e-mail of a cart: its items at today's prices and stock, a link back to the cart and a one-click unsubscribe. */
export function cartReminderEmail(
  cart: ForgottenCart,
  lines: CartLine[],
  unsubscribePath: string,
): EmailMessage<"cart_reminder"> {
  return {
    kind: "cart_reminder",
    to: cart.email,
    data: {
      name: cart.name,
      items: lines.map((l) => ({
        name: l.name,
        color: l.color,
        size: l.size,
        quantity: l.quantity,
        price: l.price,
        stockNote:
          l.stock === 0
            ? "Out of stock"
            : l.stock < l.quantity
              ? `Only ${l.stock} left`
              : l.stock <= 3
                ? `Only ${l.stock} left, hurry`
                : null,
      })),
      subtotal: lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
      cartPath: "/cart",
      unsubscribePath,
    },
  };
}
