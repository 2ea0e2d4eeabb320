import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { categories, collections } from "~/modules/catalog/tables";
import type { StoredImageRef } from "~/db/schema/stored-image";
import type { CollectionInput } from "./collection-input";
import { describeRule } from "./collection-rule";

/** A row of the owner's list of collections. */
export type OwnerCollectionRow = {
  id: number;
  title: string;
  slug: string;
  mode: "manual" | "rule";
  published: boolean;
  showOnHome: boolean;
  homePosition: number;
  /** "5 hand-picked products" or the rule in words. */
  summary: string;
};

/** The owner's list: home sections first in their order, then the rest by title. */
export async function listOwnerCollections(db: DbOrTx): Promise<OwnerCollectionRow[]> {
  const rows = await db
    .select({
      id: collections.id,
      title: collections.title,
      slug: collections.slug,
      mode: collections.mode,
      published: collections.published,
      showOnHome: collections.showOnHome,
      homePosition: collections.homePosition,
      categorySlug: collections.ruleCategorySlug,
      tag: collections.ruleTag,
      minPrice: collections.ruleMinPrice,
      maxPrice: collections.ruleMaxPrice,
      onSale: collections.ruleOnSale,
      newDays: collections.ruleNewDays,
      categoryName: categories.name,
      picks: sql<number>`(select count(*) from collection_products cp where cp.collection_id = ${collections.id})::int`,
    })
    .from(collections)
    .leftJoin(categories, eq(categories.slug, collections.ruleCategorySlug))
    .orderBy(
      sql`${collections.showOnHome} desc`,
      asc(collections.homePosition),
      asc(collections.title),
      asc(collections.id),
    )
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    slug: r.slug,
    mode: r.mode,
    published: r.published,
    showOnHome: r.showOnHome,
    homePosition: r.homePosition,
    summary:
      r.mode === "manual"
        ? `${r.picks} hand-picked ${r.picks === 1 ? "product" : "products"}`
        : `Rule: ${describeRule(r, r.categoryName)}`,
  }));
}

export type CollectionForEdit = CollectionInput & { id: number; image: StoredImageRef | null };

export async function getCollectionForEdit(db: DbOrTx, id: number): Promise<CollectionForEdit | null> {
  const [row] = await db.select().from(collections).where(eq(collections.id, id));
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    mode: row.mode,
    image: row.image ?? null,
    categorySlug: row.ruleCategorySlug,
    tag: row.ruleTag,
    minPrice: row.ruleMinPrice,
    maxPrice: row.ruleMaxPrice,
    onSale: row.ruleOnSale,
    newDays: row.ruleNewDays,
    published: row.published,
    showOnHome: row.showOnHome,
    homePosition: row.homePosition,
  };
}
