import type { AvailabilityWatch } from "~/modules/catalog/availability-watch";
import type { ProductInput } from "~/modules/catalog/product-input";
import { saveProduct as saveCatalogProduct, type SavedProduct } from "~/modules/catalog/save-product.server";
import { announceLaunch } from "~/modules/notify-me/announce-launch.server";
import { announceRestock, stockBeforeChange, type StockBefore } from "~/modules/notify-me/announce-restock.server";
import type { FlowContext } from "./flow-context";

/**
 * Notify Me watching the catalog (its port, modules/catalog/availability-watch.ts): a product that
 * becomes buyable (launched, or back in stock) e-mails its sign-ups in the change's transaction.
 */
export const notifyMeWatch: AvailabilityWatch<StockBefore> = { before: stockBeforeChange, restocked: announceRestock, launched: announceLaunch };

/**
 * The owner adds or edits a product (modules/catalog); a launch or a restock it causes reaches the
 * product's Notify Me sign-ups.
 */
export function saveProduct(ctx: FlowContext, input: ProductInput, opts: { id?: string } = {}): Promise<SavedProduct> {
  return saveCatalogProduct(ctx.db, input, notifyMeWatch, opts);
}
