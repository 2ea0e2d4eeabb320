import { describe, expect, it } from "vitest";
import { comingSoonPage, comingSoonTarget, findComingSoonCategory, type ComingSoonCategory } from "./coming-soon";

const CATEGORIES: ComingSoonCategory[] = [
  { slug: "hoodies", name: "Hoodies", comingSoon: false, launchLabel: null, launchAt: null },
  { slug: "sweatshirts", name: "Sweat Shirts", comingSoon: true, launchLabel: "October 2025", launchAt: null },
  { slug: "jackets", name: "Jackets", comingSoon: true, launchLabel: "October 2025", launchAt: null },
  {
    slug: "eid-lawn",
    name: "Eid Lawn",
    comingSoon: true,
    launchLabel: null,
    launchAt: new Date("2026-03-15T19:00:00Z"),
  },
  { slug: "winter", name: "Winter", comingSoon: true, launchLabel: null, launchAt: null },
];

describe("the coming-soon page, from the owner's categories", () => {
  it("finds a category by its slug or another spelling of its slug or name", () => {
    expect(findComingSoonCategory("sweatshirts", CATEGORIES)?.slug).toBe("sweatshirts");
    expect(findComingSoonCategory("sweatshirt", CATEGORIES)?.slug).toBe("sweatshirts");
    expect(findComingSoonCategory("sweat-shirts", CATEGORIES)?.slug).toBe("sweatshirts");
    expect(findComingSoonCategory("Jackets", CATEGORIES)?.slug).toBe("jackets");
    expect(findComingSoonCategory("jacket", CATEGORIES)?.slug).toBe("jackets");
    expect(findComingSoonCategory("eid-lawn", CATEGORIES)?.slug).toBe("eid-lawn");
    expect(findComingSoonCategory("scarves", CATEGORIES)).toBeNull();
    expect(findComingSoonCategory("---", CATEGORIES)).toBeNull();
  });

  it("says the category's name and its launch label, else its date in Pakistan time, else Soon", () => {
    expect(comingSoonPage(CATEGORIES[1])).toMatchObject({
      title: "Sweat Shirts",
      launch: "October 2025",
      categorySlug: "sweatshirts",
    });
    expect(comingSoonPage(CATEGORIES[2]).description).toBe(
      "Our new jackets collection is being stitched right now. Be the first to know when it drops.",
    );
    // 19:00 UTC on the 15th is past midnight in Karachi: the 16th.
    expect(comingSoonPage(CATEGORIES[3])).toMatchObject({ title: "Eid Lawn", launch: "16 March 2026" });
    expect(comingSoonPage(CATEGORIES[4]).launch).toBe("Soon");
  });

  it("is the general New Collection page for no category or one that is open", () => {
    expect(comingSoonPage(null)).toMatchObject({ title: "New Collection", launch: "Soon", categorySlug: null });
    expect(comingSoonPage(CATEGORIES[0])).toMatchObject({ title: "New Collection", categorySlug: null });
  });

  it("signs Notify Me up for the category, or for the new collection", () => {
    expect(comingSoonTarget(comingSoonPage(CATEGORIES[2]))).toBe("category:jackets");
    expect(comingSoonTarget(comingSoonPage(null))).toBe("category:new-collection");
  });
});
