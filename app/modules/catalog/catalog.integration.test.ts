import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productVariants, products, shopSettings, categories, productImages, mediaFiles } from "~/schema";
import { seedDatabase } from "~/seed/seed.server";
import { SEED_PRODUCTS } from "~/seed/seed-data";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { categoryTiles } from "./category-tiles.server";
import { featuredProducts } from "./featured-products.server";
import { resolveVariant } from "~/modules/cart/cart-mutations.server";
import { getProduct } from "./get-product.server";
import { listCategories } from "./list-categories.server";
import { listProducts } from "./list-products.server";
import { PAGE_SIZE } from "./listing-options";
import { parseListingQuery } from "./listing-query";
import { stockStatus } from "./stock-status";

const query = (qs: string, category?: string) => parseListingQuery(new URLSearchParams(qs), category);
const visibleSeed = SEED_PRODUCTS; // the seed has no drafts

describe.each(DATABASE_KINDS)("catalogue on %s", (kind) => {
  const database = useTestDatabase(kind);
  beforeAll(() => {
    expect(database.seeded).toBe(true);
  });
  const db = () => database.db;

  it("seeds a believable catalogue once and never duplicates it", async () => {
    expect(await seedDatabase(db(), { shopName: "Kapra" })).toBe(false);
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(products);
    expect(n).toBe(SEED_PRODUCTS.length);
    expect(n).toBeGreaterThanOrEqual(24);
    const [settings] = await db().select().from(shopSettings);
    expect(settings).toMatchObject({ brandName: "Kapra", shippingFee: 200, freeShippingThreshold: null });
    const cats = await db().select().from(categories);
    expect(cats.map((c) => c.slug).sort()).toEqual([
      "hoodies",
      "jackets",
      "shirts",
      "shorts",
      "sweatshirts",
      "t-shirts",
      "trousers",
    ]);
  });

  it("has low-stock and sold-out variants and a fully sold-out product", async () => {
    const variants = await db().select().from(productVariants);
    expect(variants.some((v) => v.stock > 0 && v.stock <= 5)).toBe(true);
    expect(variants.some((v) => v.stock === 0)).toBe(true);
    const denim = await getProduct(db(), "denim-work-shirt");
    expect(denim!.variants.every((v) => v.stock === 0)).toBe(true);
  });

  it("stores every product image as WebP in several widths", async () => {
    const images = await db().select().from(productImages);
    expect(images.length).toBeGreaterThanOrEqual(SEED_PRODUCTS.length * 3);
    for (const image of images) expect(image.sources.map((s) => s.width)).toEqual([320, 640, 960]);
    const [file] = await db().select().from(mediaFiles).where(eq(mediaFiles.key, images[0].sources[0].key));
    expect(file.contentType).toBe("image/webp");
    expect(file.bytes.subarray(8, 12).toString("ascii")).toBe("WEBP");
  });

  it("lists active and coming-soon products, newest first, counting every match", async () => {
    const listing = await listProducts(db(), query(""));
    expect(listing.total).toBe(visibleSeed.length);
    expect(listing.items).toHaveLength(PAGE_SIZE);
    expect(listing.hasMore).toBe(true);
    const newest = [...visibleSeed]
      .sort((a, b) => a.addedDaysAgo - b.addedDaysAgo)
      .slice(0, PAGE_SIZE)
      .map((p) => p.id);
    expect(listing.items.map((p) => p.id)).toEqual(newest);
  });

  it("loads more: page 2 holds the first two pages", async () => {
    const page2 = await listProducts(db(), query("page=2"));
    expect(page2.items).toHaveLength(Math.min(visibleSeed.length, PAGE_SIZE * 2));
    expect(page2.hasMore).toBe(visibleSeed.length > PAGE_SIZE * 2);
    expect(new Set(page2.items.map((p) => p.id)).size).toBe(page2.items.length);
  });

  it("hides drafts from shoppers", async () => {
    await db().update(products).set({ status: "draft" }).where(eq(products.id, "pocket-tee"));
    try {
      const listing = await listProducts(db(), query("page=5"));
      expect(listing.total).toBe(visibleSeed.length - 1);
      expect(listing.items.map((p) => p.id)).not.toContain("pocket-tee");
      expect(await getProduct(db(), "pocket-tee")).toBeNull();
    } finally {
      await db().update(products).set({ status: "active" }).where(eq(products.id, "pocket-tee"));
    }
  });

  it("answers an id that cannot exist (NUL, control characters, too long) as not found, not a database error", async () => {
    for (const id of ["\u0000", "pocket-tee\u0000", "pocket\ttee", "", "a".repeat(5_000)]) {
      expect(await getProduct(db(), id), JSON.stringify(id.slice(0, 20))).toBeNull();
      await expect(resolveVariant(db(), { productId: id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await getProduct(db(), "pocket-tee")).not.toBeNull();
  });

  it("filters by category", async () => {
    const listing = await listProducts(db(), query("category=trousers"));
    expect(listing.total).toBe(SEED_PRODUCTS.filter((p) => p.category === "trousers").length);
    expect(listing.items.every((p) => p.categorySlug === "trousers" && p.categoryName === "Trousers")).toBe(true);
  });

  it("filters by price, inclusive", async () => {
    const listing = await listProducts(db(), query("min=3000&max=4000&page=5"));
    const expected = visibleSeed.filter((p) => p.price >= 3000 && p.price <= 4000);
    expect(listing.total).toBe(expected.length);
    expect(listing.items.map((p) => p.id).sort()).toEqual(expected.map((p) => p.id).sort());
    expect((await listProducts(db(), query("max=1299"))).items.map((p) => p.id)).toEqual(["essential-crew-neck-tee"]);
  });

  it("searches names, descriptions and materials, word by word, case-insensitively", async () => {
    expect((await listProducts(db(), query("q=HOODIE"))).items.map((p) => p.id).sort()).toEqual([
      "classic-pullover-hoodie",
      "heavyweight-oversized-hoodie",
      "zip-up-fleece-hoodie",
    ]);
    expect((await listProducts(db(), query("q=linen shirt"))).items.map((p) => p.id)).toEqual(["linen-summer-shirt"]);
    expect((await listProducts(db(), query("q=_"))).total).toBe(0); // "_" is a literal, not a LIKE wildcard
    expect((await listProducts(db(), query("q=zzzz"))).total).toBe(0);
  });

  it("sorts by name, price both ways and rating", async () => {
    const all = "page=5&";
    const names = (await listProducts(db(), query(`${all}sort=name`))).items.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    const up = (await listProducts(db(), query(`${all}sort=price-asc`))).items.map((p) => p.price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await listProducts(db(), query(`${all}sort=price-desc`))).items.map((p) => p.price);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const ratings = (await listProducts(db(), query(`${all}sort=rating`))).items.map((p) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it("gives cards their total stock and first image", async () => {
    const listing = await listProducts(db(), query("q=denim"));
    expect(listing.items[0]).toMatchObject({ id: "denim-work-shirt", stock: 0 });
    expect(stockStatus(listing.items[0]).label).toBe("Out of Stock");
    const preview = (await listProducts(db(), query("category=jackets"))).items[0];
    expect(stockStatus(preview).label).toBe("Coming Soon");
    expect(preview.image?.sources.length).toBe(3);
  });

  it("returns a product with its variants, colours, sizes and images", async () => {
    const p = await getProduct(db(), "essential-crew-neck-tee");
    expect(p).toMatchObject({
      name: "Essential Crew Neck Tee",
      price: 1299,
      categoryName: "T-Shirts",
      colors: ["Black", "White", "Gray", "Navy"],
    });
    expect(p!.sizes).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
    expect(p!.variants).toHaveLength(24);
    expect(p!.variants.find((v) => v.color === "White" && v.size === "XS")!.stock).toBe(0);
    expect(p!.variants.find((v) => v.color === "Gray" && v.size === "XXL")!.stock).toBe(3);
    expect(p!.images.length).toBeGreaterThanOrEqual(3);
    expect(await getProduct(db(), "no-such-product")).toBeNull();
  });

  it("features the best-rated T-Shirt, the second best-rated Trousers and the best-rated Hoodie", async () => {
    const featured = await featuredProducts(db());
    const ranked = (category: string) =>
      SEED_PRODUCTS.filter((p) => p.category === category && (p.status ?? "active") === "active").sort(
        (a, b) => b.rating - a.rating || b.reviews - a.reviews,
      );
    expect(featured.map((p) => p.id)).toEqual([
      ranked("t-shirts")[0].id,
      ranked("trousers")[1].id,
      ranked("hoodies")[0].id,
    ]);
  });

  it("lists categories in order with counts, and tiles link coming-soon ones to their page", async () => {
    const cats = await listCategories(db());
    expect(cats[0]).toMatchObject({ slug: "t-shirts", name: "T-Shirts" });
    expect(cats.find((c) => c.slug === "jackets")).toMatchObject({
      comingSoon: true,
      launchLabel: "October 2025",
      productCount: 0,
    });
    const tiles = await categoryTiles(db());
    expect(tiles.find((t) => t.slug === "jackets")!.href).toBe("/coming-soon/jackets");
    expect(tiles.find((t) => t.slug === "shirts")!.href).toBe("/category/shirts");
    expect(tiles.every((t) => t.image !== null)).toBe(true);
  });
});
