import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { discountCodes, scheduledSales } from "~/modules/promotions/tables";

/**
 * A category's slug changed (inside the caller's transaction): discount codes and scheduled sales
 * that name it in their `category_slugs` name the new one.
 */
export async function renameCategoryInPromotions(tx: DbOrTx, from: string, to: string): Promise<void> {
  const renamed = sql`array_replace(category_slugs, ${from}, ${to})`;
  await tx
    .update(discountCodes)
    .set({ categorySlugs: renamed })
    .where(sql`${from} = any(${discountCodes.categorySlugs})`);
  await tx
    .update(scheduledSales)
    .set({ categorySlugs: renamed })
    .where(sql`${from} = any(${scheduledSales.categorySlugs})`);
}
