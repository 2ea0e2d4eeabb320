import type { DbOrTx } from "~/db/client.server";

import type { ProductRating } from "~/modules/catalog/product-rating";

export type { ProductRating };

/**
 * The port every review change is given (by a flow: app/flows/product-reviews.server.ts): modules/catalog
 * recomputes the product's figures in the review's transaction, since only catalog writes products.
 */
export type RecomputeProductRating = (tx: DbOrTx, productId: string) => Promise<ProductRating>;
