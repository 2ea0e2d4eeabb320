import { formatShopDateLong } from "~/lib/shop-time";
import { launchText } from "./category-input";

/**
 * The coming-soon page (/coming-soon/{category}, SPEC.md): what it says comes from the category the
 * owner marked coming soon, with its launch label or date. Old links in other spellings
 * (/coming-soon/sweatshirt, /coming-soon/sweat-shirts) find the same category.
 */

export type ComingSoonCategory = {
  slug: string;
  name: string;
  comingSoon: boolean;
  launchLabel: string | null;
  launchAt: Date | string | null;
};

export type ComingSoonPage = { title: string; description: string; launch: string; categorySlug: string | null };

/** "Sweat-Shirts", "sweatshirt" and "sweatshirts" read the same: letters and digits only, a plural's s dropped. */
function spelling(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .replace(/s$/, "");
}

/** The category a /coming-soon/{param} link means: by its slug, else by another spelling of its slug or name. */
export function findComingSoonCategory<C extends ComingSoonCategory>(
  param: string,
  categories: readonly C[],
): C | null {
  const lower = param.toLowerCase();
  const exact = categories.find((c) => c.slug === lower);
  if (exact) return exact;
  const wanted = spelling(param);
  if (!wanted) return null;
  return categories.find((c) => spelling(c.slug) === wanted || spelling(c.name) === wanted) ?? null;
}

/** The page for a coming-soon category, or the general "New Collection" page when there is none. */
export function comingSoonPage(category: ComingSoonCategory | null): ComingSoonPage {
  if (category && category.comingSoon) {
    return {
      title: category.name,
      description: `Our new ${category.name.toLowerCase()} collection is being stitched right now. Be the first to know when it drops.`,
      launch: launchText(category, formatShopDateLong),
      categorySlug: category.slug,
    };
  }
  return {
    title: "New Collection",
    description: "Something new is on its way. Leave your e-mail and we will tell you first.",
    launch: "Soon",
    categorySlug: null,
  };
}

/** The Notify Me target of a coming-soon page. */
export function comingSoonTarget(page: { categorySlug: string | null }): string {
  return `category:${page.categorySlug ?? "new-collection"}`;
}
