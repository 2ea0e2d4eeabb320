import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, collectionProducts, collections, menuItems, products, scheduledSales } from "~/schema";
import { AppError } from "~/lib/errors";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import type { CollectionInput } from "./collection-input";
import { EMPTY_RULE, type CollectionRule } from "./collection-rule";
import {
  addCollectionProduct,
  listCollectionPicks,
  moveCollectionProduct,
  removeCollectionProduct,
  searchProductsToPick,
} from "./collection-picks.server";
import {
  getPublishedCollection,
  listCollectionSitemapEntries,
  listHomeCollectionSections,
} from "./get-collection.server";
import { countRuleMatches, listCollectionProducts } from "./list-collection-products.server";
import { getCollectionForEdit, listOwnerCollections } from "./owner-collections.server";
import { deleteCollection, saveCollection } from "./save-collection.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Every check reads the catalogue at this moment, so "new in N days" and running sales are exact. */
const NOW = new Date("2026-05-01T10:00:00.000Z");

const collection = (over: Partial<CollectionInput> = {}): CollectionInput => ({
  ...EMPTY_RULE,
  title: "Eid Edit",
  slug: "eid-edit",
  description: "Picked for Eid.",
  mode: "manual",
  published: true,
  showOnHome: false,
  homePosition: 0,
  ...over,
});

describe.each(DATABASE_KINDS)("collections on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;

  /** The products a rule should match, worked out in JavaScript from the rows (not by the query under test). */
  let visible: { id: string; categorySlug: string; price: number; originalPrice: number | null; createdAt: Date }[];
  const ids = (items: { id: string }[]) => items.map((p) => p.id);
  const sorted = (list: string[]) => [...list].sort();
  const ruleIds = async (rule: Partial<CollectionRule>, page = 50) => {
    const listing = await listCollectionProducts(
      db(),
      { ...EMPTY_RULE, ...rule, id: 0, mode: "rule" },
      { page, sort: "newest" },
      NOW,
    );
    expect(listing.total).toBe(listing.items.length);
    return sorted(ids(listing.items));
  };

  beforeAll(async () => {
    // Every seeded product a year old, then two at the edge of "new in the last 3 days".
    await db()
      .update(products)
      .set({ createdAt: new Date(NOW.getTime() - 365 * DAY_MS) });
    await db()
      .update(products)
      .set({ createdAt: new Date(NOW.getTime() - 3 * DAY_MS) })
      .where(eq(products.id, "slim-v-neck-tee"));
    await db()
      .update(products)
      .set({ createdAt: new Date(NOW.getTime() - 3 * DAY_MS - 1000) })
      .where(eq(products.id, "pocket-tee"));
    await db()
      .update(products)
      .set({ tags: ["Eid", "summer"] })
      .where(inArray(products.id, ["linen-summer-shirt", "chino-shorts"]));
    visible = await db()
      .select({
        id: products.id,
        categorySlug: products.categorySlug,
        price: products.price,
        originalPrice: products.originalPrice,
        createdAt: products.createdAt,
      })
      .from(products)
      .where(inArray(products.status, ["active", "coming-soon"]));
    expect(visible.length).toBe(24);
  });

  it("keeps a hand-picked collection in the owner's order, and moves, removes and searches", async () => {
    const { id } = await saveCollection(db(), null, collection({ slug: "hand-picked" }));
    for (const p of ["linen-summer-shirt", "essential-crew-neck-tee", "cargo-shorts"])
      await addCollectionProduct(db(), id, p);
    // Adding one already there changes nothing.
    await addCollectionProduct(db(), id, "essential-crew-neck-tee");
    const source = { ...EMPTY_RULE, id, mode: "manual" as const };
    const listed = async () =>
      ids((await listCollectionProducts(db(), source, { page: 1, sort: "newest" }, NOW)).items);
    expect(await listed()).toEqual(["linen-summer-shirt", "essential-crew-neck-tee", "cargo-shorts"]);

    await moveCollectionProduct(db(), id, "cargo-shorts", "up");
    expect(await listed()).toEqual(["linen-summer-shirt", "cargo-shorts", "essential-crew-neck-tee"]);
    await moveCollectionProduct(db(), id, "linen-summer-shirt", "up"); // already first: nothing moves
    await moveCollectionProduct(db(), id, "linen-summer-shirt", "down");
    expect(await listed()).toEqual(["cargo-shorts", "linen-summer-shirt", "essential-crew-neck-tee"]);
    expect(
      (
        await db()
          .select({ p: collectionProducts.position })
          .from(collectionProducts)
          .where(eq(collectionProducts.collectionId, id))
          .orderBy(collectionProducts.position)
      ).map((r) => r.p),
    ).toEqual([0, 1, 2]);

    await removeCollectionProduct(db(), id, "linen-summer-shirt");
    expect(await listed()).toEqual(["cargo-shorts", "essential-crew-neck-tee"]);
    expect(ids(await listCollectionPicks(db(), id))).toEqual(["cargo-shorts", "essential-crew-neck-tee"]);

    // The search offers what is not in the list yet.
    expect(ids(await searchProductsToPick(db(), id, "shorts"))).toEqual(["chino-shorts", "drawstring-jersey-shorts"]);
    expect(await searchProductsToPick(db(), id, "   ")).toEqual([]);
    await expect(addCollectionProduct(db(), id, "no-such-product")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("leaves out drafts and products of hidden categories, in hand-picked and rule collections alike, and the owner still sees them", async () => {
    const { id } = await saveCollection(db(), null, collection({ slug: "left-out" }));
    for (const p of ["oxford-button-down-shirt", "classic-pullover-hoodie", "chino-shorts"])
      await addCollectionProduct(db(), id, p);
    await db().update(products).set({ status: "draft" }).where(eq(products.id, "oxford-button-down-shirt"));
    await db().update(categories).set({ hidden: true }).where(eq(categories.slug, "hoodies"));
    try {
      const listing = await listCollectionProducts(
        db(),
        { ...EMPTY_RULE, id, mode: "manual" },
        { page: 1, sort: "newest" },
        NOW,
      );
      expect(ids(listing.items)).toEqual(["chino-shorts"]);
      expect(listing.total).toBe(1);
      expect(ids(await listCollectionPicks(db(), id))).toEqual([
        "oxford-button-down-shirt",
        "classic-pullover-hoodie",
        "chino-shorts",
      ]);
      // A rule for the hidden category matches nothing; shirts without the draft.
      expect(await ruleIds({ categorySlug: "hoodies" })).toEqual([]);
      expect(await ruleIds({ categorySlug: "shirts" })).not.toContain("oxford-button-down-shirt");
      expect(await countRuleMatches(db(), { ...EMPTY_RULE }, NOW)).toBe(24 - 1 - 3);
    } finally {
      await db().update(products).set({ status: "active" }).where(eq(products.id, "oxford-button-down-shirt"));
      await db().update(categories).set({ hidden: false }).where(eq(categories.slug, "hoodies"));
    }
  });

  it("matches each rule field alone", async () => {
    expect(await ruleIds({ categorySlug: "shirts" })).toEqual(
      sorted(visible.filter((p) => p.categorySlug === "shirts").map((p) => p.id)),
    );
    // Tags as typed or in any case.
    expect(await ruleIds({ tag: "eid" })).toEqual(["chino-shorts", "linen-summer-shirt"]);
    expect(await ruleIds({ tag: "SUMMER" })).toEqual(["chino-shorts", "linen-summer-shirt"]);
    expect(await ruleIds({ minPrice: 1500, maxPrice: 2000 })).toEqual(
      sorted(visible.filter((p) => p.price >= 1500 && p.price <= 2000).map((p) => p.id)),
    );
    expect(await ruleIds({ maxPrice: 1999 })).toEqual(sorted(visible.filter((p) => p.price <= 1999).map((p) => p.id)));
    expect(await ruleIds({ minPrice: 5000 })).toEqual(sorted(visible.filter((p) => p.price >= 5000).map((p) => p.id)));
    expect(await ruleIds({ onSale: true })).toEqual(
      sorted(visible.filter((p) => p.originalPrice !== null && p.originalPrice > p.price).map((p) => p.id)),
    );
    expect(await ruleIds({ newDays: 30 })).toEqual(["slim-v-neck-tee", "pocket-tee"].sort());
  });

  it("counts a product made exactly N days ago as new, and one a second older as not", async () => {
    expect(await ruleIds({ newDays: 3 })).toEqual(["slim-v-neck-tee"]);
    expect(await ruleIds({ newDays: 4 })).toEqual(["pocket-tee", "slim-v-neck-tee"]);
    expect(await ruleIds({ newDays: 2 })).toEqual([]);
  });

  it("counts a running scheduled sale as on sale, and reads prices at the sale's price", async () => {
    const [sale] = await db()
      .insert(scheduledSales)
      .values({
        name: "Trouser week",
        percent: 50,
        startsAt: new Date(NOW.getTime() - DAY_MS),
        endsAt: new Date(NOW.getTime() + DAY_MS),
        appliesTo: "categories",
        categorySlugs: ["trousers"],
      })
      .returning();
    try {
      const trousers = visible.filter((p) => p.categorySlug === "trousers").map((p) => p.id);
      const withOriginal = visible
        .filter((p) => p.originalPrice !== null && p.originalPrice > p.price)
        .map((p) => p.id);
      expect(await ruleIds({ onSale: true })).toEqual(sorted([...new Set([...withOriginal, ...trousers])]));
      // Slim Chino Trousers (Rs 3,299) cost Rs 1,649 and Tech Jogger Trousers (Rs 2,799) Rs 1,399 during the sale; Relaxed Linen Rs 1,749.
      expect(await ruleIds({ categorySlug: "trousers", maxPrice: 1700 })).toEqual([
        "jogger-trousers",
        "slim-chino-trousers",
      ]);
      // Before the sale, the same rule matches nothing.
      const before = await listCollectionProducts(
        db(),
        { ...EMPTY_RULE, categorySlug: "trousers", maxPrice: 1700, id: 0, mode: "rule" },
        { page: 1, sort: "newest" },
        new Date(NOW.getTime() - 2 * DAY_MS),
      );
      expect(before.total).toBe(0);
    } finally {
      await db().delete(scheduledSales).where(eq(scheduledSales.id, sale.id));
    }
  });

  it("needs every set rule field to hold", async () => {
    expect(await ruleIds({ categorySlug: "t-shirts", maxPrice: 1500 })).toEqual([
      "essential-crew-neck-tee",
      "pocket-tee",
      "slim-v-neck-tee",
    ]);
    expect(await ruleIds({ categorySlug: "t-shirts", onSale: true })).toEqual([
      "heavyweight-oversized-tee",
      "long-sleeve-henley",
    ]);
    expect(await ruleIds({ categorySlug: "t-shirts", onSale: true, maxPrice: 1900 })).toEqual([
      "heavyweight-oversized-tee",
    ]);
    expect(await ruleIds({ categorySlug: "t-shirts", newDays: 3, maxPrice: 1400 })).toEqual([]);
    expect(await ruleIds({ tag: "eid", categorySlug: "shorts", onSale: false, minPrice: 1000 })).toEqual([
      "chino-shorts",
    ]);
  });

  it("pages a rule collection as the listing does, newest first unless another sort is chosen", async () => {
    const source = { ...EMPTY_RULE, id: 0, mode: "rule" as const };
    const first = await listCollectionProducts(db(), source, { page: 1, sort: "newest" }, NOW);
    expect(first).toMatchObject({ total: 24, hasMore: true });
    expect(first.items).toHaveLength(12);
    expect(first.items.slice(0, 2).map((p) => p.id)).toEqual(["slim-v-neck-tee", "pocket-tee"]);
    const both = await listCollectionProducts(db(), source, { page: 2, sort: "newest" }, NOW);
    expect(both).toMatchObject({ total: 24, hasMore: false });
    expect(new Set(ids(both.items)).size).toBe(24);
    const cheap = await listCollectionProducts(db(), source, { page: 1, sort: "price-asc" }, NOW);
    const prices = cheap.items.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("refuses a slug another collection has, beside the field, and keeps its own on a save", async () => {
    const first = await saveCollection(db(), null, collection({ slug: "under-2000" }));
    const clash = await saveCollection(db(), null, collection({ slug: "under-2000", title: "Another" })).catch(
      (e: unknown) => e,
    );
    expect(clash).toBeInstanceOf(AppError);
    expect((clash as AppError).fields).toEqual({
      slug: "Another collection already uses /collections/under-2000: choose another slug",
    });
    await saveCollection(db(), first.id, collection({ slug: "under-2000", title: "Under Rs 2,000" }));
    const second = await saveCollection(db(), null, collection({ slug: "under-3000" }));
    await expect(saveCollection(db(), second.id, collection({ slug: "under-2000" }))).rejects.toMatchObject({
      fields: { slug: expect.stringContaining("already uses") },
    });
    expect((await getCollectionForEdit(db(), first.id))?.title).toBe("Under Rs 2,000");
  });

  it("shows published collections marked for home in order, 404s unpublished ones, and lists them for the sitemap", async () => {
    const later = await saveCollection(
      db(),
      null,
      collection({
        slug: "home-later",
        title: "Later",
        mode: "rule",
        categorySlug: "shorts",
        showOnHome: true,
        homePosition: 2,
      }),
    );
    await saveCollection(
      db(),
      null,
      collection({
        slug: "home-first",
        title: "First",
        mode: "rule",
        maxPrice: 1999,
        showOnHome: true,
        homePosition: 1,
      }),
    );
    await saveCollection(
      db(),
      null,
      collection({ slug: "home-hidden", title: "Hidden", mode: "rule", showOnHome: true, published: false }),
    );
    const sections = await listHomeCollectionSections(db(), NOW);
    const mine = sections.filter((s) => s.slug.startsWith("home-"));
    expect(mine.map((s) => s.slug)).toEqual(["home-first", "home-later"]);
    expect(mine[0].products).toHaveLength(6);
    expect(mine[0].total).toBe(visible.filter((p) => p.price <= 1999).length);
    expect(mine[1].products.map((p) => p.categorySlug)).toEqual(["shorts", "shorts", "shorts"]);

    expect(await getPublishedCollection(db(), "home-hidden")).toBeNull();
    expect(await getPublishedCollection(db(), "no-such")).toBeNull();
    expect(await getPublishedCollection(db(), "home-later")).toMatchObject({
      id: later.id,
      mode: "rule",
      categorySlug: "shorts",
    });
    const paths = (await listCollectionSitemapEntries(db())).map((e) => e.path);
    expect(paths).toContain("/collections/home-later");
    expect(paths).not.toContain("/collections/home-hidden");
    const owner = await listOwnerCollections(db());
    expect(owner.find((c) => c.slug === "home-first")?.summary).toBe("Rule: up to Rs 1,999");
  });

  it("deletes a collection with its picks and the menu links to it", async () => {
    const { id } = await saveCollection(db(), null, collection({ slug: "to-delete" }));
    await addCollectionProduct(db(), id, "cargo-shorts");
    await db().insert(menuItems).values({ menu: "header", label: "Eid", collectionId: id, position: 99 });
    const menuCount = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(menuItems)
      )[0].n;
    const before = await menuCount();
    expect(await db().select().from(menuItems).where(eq(menuItems.collectionId, id))).toHaveLength(1);
    expect(await deleteCollection(db(), id)).toEqual({ title: "Eid Edit" });
    expect(await db().select().from(menuItems).where(eq(menuItems.collectionId, id))).toHaveLength(0);
    expect(await db().select().from(collectionProducts).where(eq(collectionProducts.collectionId, id))).toHaveLength(0);
    expect(await db().select().from(collections).where(eq(collections.id, id))).toHaveLength(0);
    await expect(deleteCollection(db(), id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    // The seeded header and footer links stay.
    expect(await menuCount()).toBe(before - 1);
    expect(before).toBeGreaterThan(1);
  });
});
