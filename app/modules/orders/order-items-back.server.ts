import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orderItems } from "~/modules/orders/tables";

/** What a cancel or a return puts back: each variant's quantity, and the products they belong to. */
export type ItemsBack = { byVariant: Map<number, number>; productIds: string[] };

/**
 * The quantities an order took, by variant (an item whose variant has since been deleted is
 * skipped: there is nothing to put it back on). Units sold are counted from order items, so
 * nothing else changes when they go back.
 */
export async function itemsToPutBack(tx: DbOrTx, orderId: string): Promise<ItemsBack> {
  const items = await tx
    .select({ productId: orderItems.productId, variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const byVariant = new Map<number, number>();
  const productIds = new Set<string>();
  for (const item of items) {
    if (item.variantId !== null) byVariant.set(item.variantId, (byVariant.get(item.variantId) ?? 0) + item.quantity);
    if (item.productId !== null) productIds.add(item.productId);
  }
  return { byVariant, productIds: [...productIds] };
}
