import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import type { MetaPurchaseMoment } from "~/db/schema/statuses";
import type { MetaServerEvent } from "~/modules/messages/message-sender";
import type { MetaBrowserDetails } from "~/modules/orders/reads";
import { metaContentId } from "./meta-content-id";
import { metaUserData } from "./meta-user-data";

/** Meta refuses a server event older than seven days: an order that became real before then is not reported. */
export const META_EVENT_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/** A web order whose Purchase has come due, with what its event needs. */
export type DuePurchase = {
  orderId: string;
  orderNumber: string;
  userId: string | null;
  fullName: string;
  email: string;
  phone: string;
  city: string;
  postalCode: string | null;
  total: number;
  metaBrowser: MetaBrowserDetails;
  /** When it was confirmed (or delivered): the event's time. */
  realAt: Date;
  items: { variantId: number | null; productId: string | null; quantity: number; price: number }[];
};

/**
 * The orders whose Purchase is due and not yet in the outbox: placed at the shop's checkout while the
 * Pixel was on (meta_browser kept), that reached the moment the owner chose (confirmed: by WhatsApp
 * Confirm, the owner, or an online payment; or delivered) within Meta's seven days, and are not
 * cancelled or refused now. Counted in SQL over a partial index of such orders, oldest first.
 */
export async function duePurchases(
  db: DbOrTx,
  moment: MetaPurchaseMoment,
  now: Date,
  limit: number,
): Promise<DuePurchase[]> {
  const since = new Date(now.getTime() - META_EVENT_MAX_AGE_MS).toISOString();
  // An order is confirmed (or delivered) at most a few weeks after it is placed; older ones are not looked at.
  const placedSince = new Date(now.getTime() - 8 * META_EVENT_MAX_AGE_MS).toISOString();
  const result = await db.execute(sql`
    select o.id as "orderId", o.order_number as "orderNumber", o.user_id as "userId", o.full_name as "fullName",
           o.email, o.phone, o.city, o.postal_code as "postalCode", o.total, o.meta_browser as "metaBrowser",
           reached.at as "realAt",
           coalesce((select json_agg(json_build_object('variantId', i.variant_id, 'productId', i.product_id,
                                                       'quantity', i.quantity, 'price', i.price) order by i.id)
                     from order_items i where i.order_id = o.id), '[]'::json) as items
    from orders o
    cross join lateral (
      select min(h.created_at) as at from order_status_history h
      where h.order_id = o.id and h.to_status = ${moment}
    ) reached
    where o.meta_browser is not null
      and o.created_at >= ${placedSince}::timestamptz
      and o.status not in ('cancelled', 'returned')
      and reached.at >= ${since}::timestamptz
      and not exists (select 1 from message_outbox m where m.order_id = o.id and m.kind = 'meta_purchase')
    order by reached.at
    limit ${limit}`);
  const rows = (result as unknown as { rows: (Omit<DuePurchase, "realAt"> & { realAt: string | Date })[] }).rows;
  return rows.map((r) => ({ ...r, total: Number(r.total), realAt: new Date(r.realAt) }));
}

/**
 * The Conversions API's Purchase for one order: event_id is the order number, so Meta counts it once
 * however often it arrives; the value is what the buyer pays, in PKR; content_ids are the catalogue
 * feed's ids of the variants bought, so catalogue ads learn from it; the buyer's details are hashed.
 */
export function metaPurchaseEvent(order: DuePurchase, publicUrl: string): MetaServerEvent {
  const items = order.items.filter((i) => i.variantId !== null);
  return {
    event_name: "Purchase",
    event_time: Math.floor(order.realAt.getTime() / 1000),
    event_id: order.orderNumber,
    action_source: "website",
    event_source_url: order.metaBrowser.url ?? new URL("/checkout", publicUrl).toString(),
    user_data: metaUserData(
      {
        email: order.email,
        phone: order.phone,
        fullName: order.fullName,
        city: order.city,
        postalCode: order.postalCode,
        userId: order.userId,
      },
      order.metaBrowser,
    ),
    custom_data: {
      currency: "PKR",
      value: order.total,
      order_id: order.orderNumber,
      content_type: "product",
      content_ids: items.map((i) => metaContentId(i.variantId!)),
      contents: items.map((i) => ({ id: metaContentId(i.variantId!), quantity: i.quantity, item_price: i.price })),
      num_items: items.reduce((sum, i) => sum + i.quantity, 0),
    },
  };
}
