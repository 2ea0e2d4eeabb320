import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/db/client.server";
import { productVariants } from "~/modules/catalog/tables";
import { AppError } from "~/lib/errors";

/** A quantity of one variant, named for the buyer ("Lawn Kurta (Red, M)"). */
export type StockLine = { variantId: number; quantity: number; name: string; color: string; size: string };

/**
 * Takes each line's quantity from its variant with a guarded update: the row lock and the
 * `stock >= quantity` check happen in one statement, so stock never oversells. Throwing rolls
 * back whatever earlier lines took. Lines in variant id order: the lock order of every order.
 */
export async function takeStock(tx: Tx, lines: readonly StockLine[]): Promise<void> {
  for (const line of lines) {
    const taken = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
      .where(and(eq(productVariants.id, line.variantId), sql`${productVariants.stock} >= ${line.quantity}`))
      .returning({ stock: productVariants.stock });
    if (taken.length > 0) continue;
    const [left] = await tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, line.variantId));
    const stock = left?.stock ?? 0;
    const item = `${line.name} (${line.color}, ${line.size})`;
    const message =
      stock > 0 ? `Only ${stock} left of ${item}. Please lower the quantity.` : `${item} is out of stock.`;
    throw new AppError("OUT_OF_STOCK", message, { items: message });
  }
}

/**
 * Puts quantities back on their variants (a cancel or a return). In variant id order: the same
 * lock order as placing an order, so the two never deadlock.
 */
export async function putStockBack(tx: DbOrTx, byVariant: ReadonlyMap<number, number>): Promise<void> {
  for (const [variantId, quantity] of [...byVariant].sort(([a], [b]) => a - b)) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${quantity}` })
      .where(eq(productVariants.id, variantId));
  }
}

/**
 * Takes these quantities when every one is still there, or none (a savepoint): for an order brought
 * back after a cancel (a late online payment). In variant id order, the lock order of placing an
 * order. Answers whether they were taken.
 */
export async function takeStockIfAvailable(tx: Tx, byVariant: ReadonlyMap<number, number>): Promise<boolean> {
  return tx
    .transaction(async (savepoint) => {
      for (const [variantId, quantity] of [...byVariant].sort(([a], [b]) => a - b)) {
        const rows = await savepoint
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - ${quantity}` })
          .where(and(eq(productVariants.id, variantId), sql`${productVariants.stock} >= ${quantity}`))
          .returning({ id: productVariants.id });
        if (rows.length === 0) throw new NotAllInStock();
      }
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof NotAllInStock) return false;
      throw error;
    });
}

class NotAllInStock extends Error {}
