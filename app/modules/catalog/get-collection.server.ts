import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { collections } from "~/modules/catalog/tables";
import type { StoredImageRef } from "~/db/schema/stored-image";
import type { CollectionMode } from "~/modules/catalog/tables";
import type { CollectionRule } from "./collection-rule";
import { listCollectionProducts, type CollectionSource } from "./list-collection-products.server";
import type { ProductCardData } from "./product-card";

/** A collection as the storefront shows it: its words, picture, and what decides its products. */
export type ShownCollection = CollectionSource & {
  slug: string;
  title: string;
  description: string;
  image: StoredImageRef | null;
  updatedAt: Date;
};

const shownColumns = {
  id: collections.id,
  slug: collections.slug,
  title: collections.title,
  description: collections.description,
  image: collections.image,
  mode: collections.mode,
  categorySlug: collections.ruleCategorySlug,
  tag: collections.ruleTag,
  minPrice: collections.ruleMinPrice,
  maxPrice: collections.ruleMaxPrice,
  onSale: collections.ruleOnSale,
  newDays: collections.ruleNewDays,
  updatedAt: collections.updatedAt,
};

/** A published collection by its slug, or null (unknown or unpublished: the page is a 404). Read-cached. */
export function getPublishedCollection(db: DbOrTx, slug: string): Promise<ShownCollection | null> {
  return readThrough(db, "catalog", `collection-by-slug:${slug}`, async () => {
    const [row] = await db
      .select(shownColumns)
      .from(collections)
      .where(and(eq(collections.slug, slug), eq(collections.published, true)));
    return row ?? null;
  });
}

/** How many cards a home section shows (two rows of three on a laptop, three rows of two on a phone). */
export const HOME_SECTION_CARDS = 6;

export type HomeCollectionSection = {
  slug: string;
  title: string;
  description: string;
  products: ProductCardData[];
  total: number;
};

/**
 * The home page's collection sections: every published collection marked "show on home", in
 * home-position order, each with its first cards. A section with nothing to show is left out.
 */
export function listHomeCollectionSections(db: DbOrTx, now = new Date()): Promise<HomeCollectionSection[]> {
  return readThrough(db, "catalog", "home-collections", async () => {
    const rows: ShownCollection[] = await db
      .select(shownColumns)
      .from(collections)
      .where(and(eq(collections.published, true), eq(collections.showOnHome, true)))
      .orderBy(asc(collections.homePosition), asc(collections.id))
      .limit(20);
    const sections = await Promise.all(
      rows.map(async (c) => {
        const listing = await listCollectionProducts(
          db,
          c,
          { page: 1, sort: "newest", pageSize: HOME_SECTION_CARDS },
          now,
        );
        return {
          slug: c.slug,
          title: c.title,
          description: c.description,
          products: listing.items,
          total: listing.total,
        };
      }),
    );
    return sections.filter((s) => s.products.length > 0);
  });
}

/** Published collections for the sitemap (the sitemap route adds them beside categories and products). */
export async function listCollectionSitemapEntries(db: DbOrTx): Promise<{ path: string; lastModified: Date }[]> {
  const rows = await db
    .select({ slug: collections.slug, updatedAt: collections.updatedAt })
    .from(collections)
    .where(eq(collections.published, true))
    .orderBy(asc(collections.slug));
  return rows.map((r) => ({ path: `/collections/${r.slug}`, lastModified: r.updatedAt }));
}

/** A rule collection's rule, or none for a hand-picked one. */
export function ruleOf(c: CollectionSource): CollectionRule | null {
  return c.mode === "rule"
    ? {
        categorySlug: c.categorySlug,
        tag: c.tag,
        minPrice: c.minPrice,
        maxPrice: c.maxPrice,
        onSale: c.onSale,
        newDays: c.newDays,
      }
    : null;
}

export type { CollectionMode };
