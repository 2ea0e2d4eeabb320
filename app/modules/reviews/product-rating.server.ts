import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { SETTINGS_CHANNEL } from "~/db/settings-changed";

export type { ProductRating, RecomputeProductRating } from "./product-rating";

/**
 * Product pages are kept for guests by every process's page cache: announce on commit (the channel
 * the page cache already empties itself on) so a new or hidden review shows to guests at once.
 */
export async function announceReviewsChanged(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, 'reviews')`);
}
