/** Categories whose empty listing says "Coming Soon" with Notify Me, and the coming-soon page texts (SPEC.md). */
const COMING_SOON = {
  sweatshirts: { title: "Sweatshirts", slug: "sweatshirts" },
  hoodies: { title: "Hoodies", slug: "hoodies" },
  jackets: { title: "Jackets", slug: "jackets" },
} as const;

const ALIASES: Record<string, keyof typeof COMING_SOON> = {
  sweatshirt: "sweatshirts", sweatshirts: "sweatshirts", "sweat-shirts": "sweatshirts",
  hoodie: "hoodies", hoodies: "hoodies",
  jacket: "jackets", jackets: "jackets",
};

export const COMING_SOON_LAUNCH = "October 2025";

export function isComingSoonCategory(slug: string): boolean {
  return slug in ALIASES;
}

export type ComingSoonPage = { title: string; description: string; launch: string; categorySlug: string | null };

export function comingSoonPage(param: string): ComingSoonPage {
  const key = ALIASES[param.toLowerCase()];
  if (key) {
    const { title, slug } = COMING_SOON[key];
    return {
      title,
      description: `Our new ${title.toLowerCase()} collection is being stitched right now. Be the first to know when it drops.`,
      launch: COMING_SOON_LAUNCH,
      categorySlug: slug,
    };
  }
  return { title: "New Collection", description: "Something new is on its way. Leave your e-mail and we will tell you first.", launch: "Soon", categorySlug: null };
}
