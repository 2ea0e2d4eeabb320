import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";

export type ShopperBadges = { cartCount: number; wishlist: string[] };

/**
 * What the header and the product cards show of a signed-in shopper on every page: the units in
 * their cart and the ids of the products they saved. One round trip, both from their indexes.
 */
async function queryShopperBadges(db: DbOrTx, userId: string): Promise<ShopperBadges> {
  const result = await db.execute(sql`
    select
      (select coalesce(sum(c.quantity), 0)::int from cart_items c where c.user_id = ${userId}) as cart_count,
      (select array_agg(w.product_id) from wishlist_items w where w.user_id = ${userId}) as wishlist`);
  const [row] = (result as unknown as { rows: { cart_count: number; wishlist: string[] | null }[] }).rows;
  return { cartCount: row?.cart_count ?? 0, wishlist: row?.wishlist ?? [] };
}

/**
 * The same, kept in memory per shopper until their cart or wishlist changes: the live channel that
 * tells their open tabs also drops this copy in every process (server/read-cache-listener.ts).
 */
export function readShopperBadges(db: DbOrTx, userId: string): Promise<ShopperBadges> {
  return readThrough(db, "shopper", userId, () => queryShopperBadges(db, userId));
}
