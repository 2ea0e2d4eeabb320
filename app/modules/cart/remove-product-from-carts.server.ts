import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { publishLiveEvents } from "~/db/live-events.server";
import { cartItems } from "~/modules/cart/tables";

/**
 * A product leaves every cart (it is deleted or archived), inside the caller's transaction: whose
 * cart lost it are told (their open tabs and every process's copy of their header) at commit.
 */
export async function removeProductFromCarts(tx: DbOrTx, productId: string): Promise<void> {
  const carts = await tx
    .delete(cartItems)
    .where(eq(cartItems.productId, productId))
    .returning({ userId: cartItems.userId });
  await publishLiveEvents(
    tx,
    "cart",
    carts.map((r) => r.userId),
  );
}
