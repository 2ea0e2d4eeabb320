import { asc, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { categories } from "~/modules/catalog/tables";
import type { StoredImageRef } from "~/db/schema/stored-image";
import { activeProductCount } from "./list-categories.server";

export type OwnerCategory = {
  slug: string;
  name: string;
  description: string;
  position: number;
  hidden: boolean;
  comingSoon: boolean;
  launchLabel: string | null;
  launchAt: Date | null;
  image: StoredImageRef | null;
  /** The catalogue feed's categories for its products (issue 44); null: none. */
  googleProductCategory: string | null;
  fbProductCategory: string | null;
  /** Products a shopper can buy now. */
  onSale: number;
  /** Every product in it, drafts and archived ones too: what stands in the way of deleting it. */
  products: number;
};

/** Dashboard -> Catalogue -> Categories: every category, hidden ones too, in the owner's order, counted in SQL. */
export async function listOwnerCategories(db: DbOrTx): Promise<OwnerCategory[]> {
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      position: categories.position,
      hidden: categories.hidden,
      comingSoon: categories.comingSoon,
      launchLabel: categories.launchLabel,
      launchAt: categories.launchAt,
      image: categories.image,
      googleProductCategory: categories.googleProductCategory,
      fbProductCategory: categories.fbProductCategory,
      onSale: activeProductCount,
      products: sql<number>`(select count(*) from products p where p.category_slug = "categories"."slug")::int`,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
}
