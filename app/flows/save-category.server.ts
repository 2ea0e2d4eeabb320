import type { StoredImageRef } from "~/db/schema";
import type { CategoryInput } from "~/modules/catalog/category-input";
import { saveCategory as saveCatalogCategory, type SaveCategoryResult } from "~/modules/catalog/save-category.server";
import type { FlowContext } from "./flow-context";
import { launchNow } from "./launch-products.server";

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
  const saved = await saveCatalogCategory(ctx.db, current, input, image);
  if (saved.opens) await launchNow(ctx, { kind: "category", slug: saved.slug });
  return saved;
}
