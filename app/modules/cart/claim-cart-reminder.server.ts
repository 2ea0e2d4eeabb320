import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { cartReminders } from "~/modules/cart/tables";

/**
 * Claims the reminder of a buyer's cart contents ("variant x quantity", as marketing's forgotten
 * carts list them) with one upsert that only writes when they differ from the last reminder's, so
 * several server processes reminding at once send each reminder once. False when another process (or
 * an earlier run) has claimed it.
 */
export async function claimCartReminder(
  tx: DbOrTx,
  cart: { userId: string; contents: string },
  now: Date,
): Promise<boolean> {
  const claimed = await tx
    .insert(cartReminders)
    .values({ userId: cart.userId, contents: cart.contents, sentAt: now })
    .onConflictDoUpdate({
      target: cartReminders.userId,
      set: { contents: cart.contents, sentAt: now },
      setWhere: sql`${cartReminders.contents} <> excluded.contents`,
    })
    .returning({ userId: cartReminders.userId });
  return claimed.length > 0;
}
