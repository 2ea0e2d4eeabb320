import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { CartLine } from "~/modules/cart/cart-line";
import type { EmailMessage } from "~/modules/messages/email-messages";
import type { WhatsappCartReminderData } from "~/modules/messages/whatsapp-messages";

/** Reminders queued per run at most: a backlog is worked through run by run. */
export const REMINDERS_PER_RUN = 100;
/** A buyer gets at most one WhatsApp cart reminder in this many days, whatever their cart holds. */
export const WHATSAPP_REMINDER_GAP_DAYS = 7;

/**
 * A cart due its reminder and the channel it goes by: `whatsapp` to the profile's phone
 * (`whatsappTo`, written as the Cloud API takes it), or `email`.
 */
export type ForgottenCart = {
  userId: string;
  name: string;
  email: string;
  contents: string;
  channel: "email" | "whatsapp";
  phone: string | null;
  whatsappTo: string | null;
};

/** What decides which carts are due: the owner's hours (Settings' "Remind after"), and whether WhatsApp is set up. */
export type ForgottenCartRules = { hours: number; whatsapp: boolean };

/**
 * A stored phone as the Cloud API takes it ("923001234567"), in SQL: what whatsappNumber()
 * (modules/messages) answers for the same text, null for a number WhatsApp cannot be written to.
 * A Pakistani mobile in any common spelling, or an international number written with + or 00.
 */
export function whatsappNumberSql(phone: SQL | AnyColumn): SQL<string | null> {
  const compact = sql`regexp_replace(${phone}, '[[:space:]()-]', '', 'g')`;
  return sql<string | null>`case
    when ${compact} ~ '^(0|([+]|00)?920?)3[0-9]{9}$' then '92' || right(${compact}, 10)
    when ${compact} ~ '^([+]|00)[1-9][0-9]{7,14}$' then regexp_replace(${compact}, '^([+]|00)', '')
  end`;
}

/**
 * The carts due a reminder at `now`: a buyer's cart that has not changed for the owner's hours and
 * whose contents (variant x quantity) they have not been reminded of already. With WhatsApp set up,
 * a buyer who opted in to WhatsApp marketing and has a phone WhatsApp can reach gets it there, but
 * never after ordering since the cart last changed, nor within 7 days of their number's last
 * WhatsApp cart reminder; everyone else gets the e-mail when they opted in to marketing e-mails.
 * Counted in SQL from the opted-in buyers (few: both are off by default), `limit` at most.
 */
export async function forgottenCarts(
  db: Db,
  now: Date,
  limit: number,
  { hours, whatsapp }: ForgottenCartRules = { hours: 24, whatsapp: false },
): Promise<ForgottenCart[]> {
  const before = new Date(now.getTime() - hours * 60 * 60 * 1000).toISOString();
  const gapStart = new Date(now.getTime() - WHATSAPP_REMINDER_GAP_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const rows = await db.execute(sql`
    with carts as (
      select c.user_id,
             max(greatest(c.added_at, c.updated_at)) as changed_at,
             string_agg(c.variant_id::text || 'x' || c.quantity::text, ',' order by c.variant_id) as contents
      from customer_profiles p
      join cart_items c on c.user_id = p.user_id
      where p.marketing_emails or (${whatsapp}::boolean and p.whatsapp_marketing_at is not null)
      group by c.user_id
    ), due as (
      select k.user_id, k.changed_at, k.contents, u.name, u.email, p.phone, p.marketing_emails,
             case when ${whatsapp}::boolean and p.whatsapp_marketing_at is not null
                  then ${whatsappNumberSql(sql`p.phone`)} end as whatsapp_to
      from carts k
      join users u on u.id = k.user_id
      join customer_profiles p on p.user_id = k.user_id
      where u.role = 'buyer'
        and k.changed_at <= ${before}::timestamptz
        and k.contents is distinct from (select r.contents from cart_reminders r where r.user_id = k.user_id)
    )
    select d.user_id as "userId", d.name, d.email, d.contents, d.phone, d.whatsapp_to as "whatsappTo",
           case when d.whatsapp_to is null then 'email' else 'whatsapp' end as channel
    from due d
    where case
      when d.whatsapp_to is null then d.marketing_emails
      else not exists (
             select 1 from orders o where o.user_id = d.user_id and o.created_at > d.changed_at
           )
       and not exists (
             select 1 from message_outbox m
             where lower(m.to_address) = d.whatsapp_to
               and m.created_at > ${gapStart}::timestamptz
               and m.kind = 'whatsapp_cart_reminder'
           )
    end
    limit ${limit}`);
  return (rows as unknown as { rows: ForgottenCart[] }).rows;
}

/** The cart's lines in a few words for the WhatsApp reminder: "Lawn 3-piece (Green, M) and 2 more". */
export function cartReminderItems(lines: Pick<CartLine, "name" | "color" | "size" | "quantity">[]): string {
  const [first, ...rest] = lines;
  if (!first) return "";
  const quantity = first.quantity > 1 ? `${first.quantity} x ` : "";
  const more = rest.length > 0 ? ` and ${rest.length} more` : "";
  return `${quantity}${first.name} (${first.color}, ${first.size})${more}`;
}

/** The WhatsApp reminder of a cart (the `cart_reminder` template): the buyer's name, what is in the cart, and the link back. */
export function cartReminderWhatsapp(
  cart: ForgottenCart,
  lines: CartLine[],
): { kind: "whatsapp_cart_reminder"; to: string; data: WhatsappCartReminderData } {
  return {
    kind: "whatsapp_cart_reminder",
    to: cart.phone ?? "",
    data: { customerName: cart.name, items: cartReminderItems(lines), cartUrl: "/cart" },
  };
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
