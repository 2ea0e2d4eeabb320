import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import type { StoredImageRef } from "~/db/schema/stored-image";
import { categories, categoryRedirects } from "~/modules/catalog/tables";
import { AppError } from "~/lib/errors";
import { CATEGORY_MESSAGES, type CategoryInput } from "./category-input";
import type { CategorySlugWatch } from "./category-slug-watch";

export type SaveCategoryResult = {
  slug: string;
  created: boolean;
  /** The category was coming soon and the owner unticked it: the caller launches it (Notify Me hears). */
  opens: boolean;
};

/**
 * A slug another category holds, now or as a former address: refused beside the field. A former
 * slug of this same category is free to take back (its redirect goes).
 */
async function checkSlugFree(tx: Tx, slug: string, current: string | null): Promise<void> {
  const [live] = await tx.select({ slug: categories.slug }).from(categories).where(eq(categories.slug, slug));
  if (live && live.slug !== current)
    throw new AppError("VALIDATION", CATEGORY_MESSAGES.slugTaken, { slug: CATEGORY_MESSAGES.slugTaken });
  const [redirect] = await tx
    .select({ to: categoryRedirects.toSlug })
    .from(categoryRedirects)
    .where(eq(categoryRedirects.fromSlug, slug));
  if (redirect && redirect.to !== current)
    throw new AppError("VALIDATION", CATEGORY_MESSAGES.slugRedirect, { slug: CATEGORY_MESSAGES.slugRedirect });
}

/**
 * A category's slug changes: products, menu links, collection rules and redirects follow by
 * ON UPDATE CASCADE (so a chain of renames still lands on the slug now); the old slug becomes a
 * redirect; what promotions and Notify Me keep as text (`category_slugs` arrays, `category:{slug}`)
 * is rewritten in the same transaction by their modules (the `watch` port the save-category flow
 * gives). Orders keep their lines' names as placed: nothing here touches them.
 */
async function changeSlug(tx: Tx, from: string, to: string, watch: CategorySlugWatch): Promise<void> {
  await tx.delete(categoryRedirects).where(eq(categoryRedirects.fromSlug, to));
  await tx.update(categories).set({ slug: to }).where(eq(categories.slug, from));
  await tx
    .insert(categoryRedirects)
    .values({ fromSlug: from, toSlug: to })
    .onConflictDoUpdate({ target: categoryRedirects.fromSlug, set: { toSlug: to, createdAt: new Date() } });
  await watch.renamed(tx, from, to);
}

/**
 * Adds a category (at the end of the list) or saves one: name, slug, description, picture,
 * hidden, coming soon with its launch label and time, its Google and Facebook product categories. `image` is a newly stored picture (or
 * undefined to keep the current one; `input.removeImage` clears it). A changed slug is followed by
 * whoever `watch` names (the save-category flow: promotions and Notify Me).
 */
export async function saveCategory(
  db: Db,
  current: string | null,
  input: CategoryInput,
  image: StoredImageRef | undefined,
  watch: CategorySlugWatch,
): Promise<SaveCategoryResult> {
  return db.transaction(async (tx) => {
    let before: { comingSoon: boolean } | undefined;
    if (current !== null) {
      [before] = await tx
        .select({ comingSoon: categories.comingSoon })
        .from(categories)
        .where(eq(categories.slug, current))
        .for("update");
      if (!before) throw new AppError("NOT_FOUND", "That category no longer exists");
    }
    await checkSlugFree(tx, input.slug, current);
    const opens = Boolean(before?.comingSoon) && !input.comingSoon;
    const fields = {
      name: input.name,
      description: input.description,
      hidden: input.hidden,
      // Opening a coming-soon category is a launch (launchNow), so its sign-ups hear of it once.
      comingSoon: opens ? true : input.comingSoon,
      launchLabel: input.comingSoon ? input.launchLabel : null,
      launchAt: input.comingSoon ? input.launchAt : null,
      // The catalogue feed's categories (issue 44); left out of the input: kept as they are.
      googleProductCategory: input.googleProductCategory,
      fbProductCategory: input.fbProductCategory,
      ...(image ? { image } : input.removeImage ? { image: null } : {}),
    };
    if (current === null) {
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${categories.position}) + 1, 0)::int` })
        .from(categories);
      await tx.insert(categories).values({ slug: input.slug, position: next, ...fields });
      return { slug: input.slug, created: true, opens: false };
    }
    if (input.slug !== current) await changeSlug(tx, current, input.slug, watch);
    await tx.update(categories).set(fields).where(eq(categories.slug, input.slug));
    return { slug: input.slug, created: false, opens };
  });
}
