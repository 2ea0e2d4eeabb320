import type { StoredImageRef } from "~/db/schema/stored-image";
import type { CategoryInput } from "~/modules/catalog/category-input";
import type { CategorySlugWatch } from "~/modules/catalog/category-slug-watch";
import { saveCategory as saveCatalogCategory, type SaveCategoryResult } from "~/modules/catalog/save-category.server";
import { renameCategoryTarget } from "~/modules/notify-me/rename-category-target.server";
import { renameCategoryInPromotions } from "~/modules/promotions/rename-category-in-promotions.server";
import type { FlowContext } from "./flow-context";
import { launchNow } from "./launch-products.server";

/**
 * What keeps a category's slug as text follows a rename, in the save's transaction (the catalog's
 * port, modules/catalog/category-slug-watch.ts): discount codes and scheduled sales, then Notify Me.
 */
const categorySlugFollowers: CategorySlugWatch = {
  async renamed(tx, from, to) {
    await renameCategoryInPromotions(tx, from, to);
    await renameCategoryTarget(tx, from, to);
  },
};

/**
 * The owner saves a category. Unticking Coming soon opens it: that is a launch, so its waiting
 * products go on sale and its Notify Me sign-ups hear, exactly as the Launch now button does.
 */
export async function saveCategory(
  ctx: FlowContext,
  current: string | null,
  input: CategoryInput,
  image?: StoredImageRef,
): Promise<SaveCategoryResult> {
  const saved = await saveCatalogCategory(ctx.db, current, input, image, categorySlugFollowers);
  if (saved.opens) await launchNow(ctx, { kind: "category", slug: saved.slug });
  return saved;
}
