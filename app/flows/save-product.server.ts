import type { ProductInput } from "~/modules/catalog/product-input";
import { saveProduct as saveCatalogProduct, type SavedProduct } from "~/modules/catalog/save-product.server";
import type { FlowContext } from "./flow-context";
import { notifyMeWatch } from "./notify-me-watch.server";

/**
 * The owner adds or edits a product (modules/catalog); a launch or a restock it causes reaches the
 * product's Notify Me sign-ups.
 */
export function saveProduct(ctx: FlowContext, input: ProductInput, opts: { id?: string } = {}): Promise<SavedProduct> {
  return saveCatalogProduct(ctx.db, input, notifyMeWatch, opts);
}
