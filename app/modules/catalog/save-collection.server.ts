import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { collections } from "~/modules/catalog/tables";
import type { StoredImageRef } from "~/db/schema/stored-image";
import { AppError, errorChain } from "~/lib/errors";
import type { CollectionInput } from "./collection-input";

/** What happens to the collection's picture: kept as it is, replaced by a new upload, or taken off. */
export type CollectionImageChange = { kind: "keep" } | { kind: "set"; image: StoredImageRef } | { kind: "remove" };

export const slugTakenMessage = (slug: string) =>
  `Another collection already uses /collections/${slug}: choose another slug`;

const isSlugClash = (error: unknown) => [...errorChain(error)].some((e) => e.code === "23505");

/**
 * Adds a collection (id null) or saves one, answering its id and slug. A slug another collection
 * has is refused beside the field. Every change reaches each server process's read cache and the
 * guest page cache through the table's trigger (catalog_changed).
 */
export async function saveCollection(
  db: DbOrTx,
  id: number | null,
  input: CollectionInput,
  image: CollectionImageChange = { kind: "keep" },
): Promise<{ id: number; slug: string }> {
  const clash = await db
    .select({ id: collections.id })
    .from(collections)
    .where(
      id === null ? eq(collections.slug, input.slug) : and(eq(collections.slug, input.slug), ne(collections.id, id)),
    );
  if (clash.length) throw new AppError("VALIDATION", undefined, { slug: slugTakenMessage(input.slug) });
  const values = {
    title: input.title,
    slug: input.slug,
    description: input.description,
    mode: input.mode,
    ruleCategorySlug: input.categorySlug,
    ruleTag: input.tag,
    ruleMinPrice: input.minPrice,
    ruleMaxPrice: input.maxPrice,
    ruleOnSale: input.onSale,
    ruleNewDays: input.newDays,
    published: input.published,
    showOnHome: input.showOnHome,
    homePosition: input.homePosition,
    ...(image.kind === "set" ? { image: image.image } : image.kind === "remove" ? { image: null } : {}),
  };
  try {
    if (id === null) {
      const [row] = await db
        .insert(collections)
        .values({ ...values, position: sql`(select coalesce(max(position), -1) + 1 from collections)` })
        .returning({ id: collections.id, slug: collections.slug });
      return row;
    }
    const [row] = await db
      .update(collections)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(collections.id, id))
      .returning({ id: collections.id, slug: collections.slug });
    if (!row) throw new AppError("NOT_FOUND", "That collection no longer exists");
    return row;
  } catch (error) {
    // Two owners saving the same slug at once: the unique index refuses the second.
    if (isSlugClash(error)) throw new AppError("VALIDATION", undefined, { slug: slugTakenMessage(input.slug) });
    // A rule category deleted meanwhile.
    if ([...errorChain(error)].some((e) => e.code === "23503"))
      throw new AppError("VALIDATION", undefined, { ruleCategorySlug: "That category no longer exists" });
    throw error;
  }
}

/** Deletes a collection: its hand-picked list and the menu links to it go with it (foreign keys cascade). */
export async function deleteCollection(db: DbOrTx, id: number): Promise<{ title: string }> {
  const [row] = await db.delete(collections).where(eq(collections.id, id)).returning({ title: collections.title });
  if (!row) throw new AppError("NOT_FOUND", "That collection no longer exists");
  return row;
}
