import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  categories,
  categoryRedirects,
  collections,
  discountCodes,
  menuItems,
  messageOutbox,
  notifySubscriptions,
  orderItems,
  products,
  scheduledSales,
} from "~/schema";
import { saveCategory as saveCategoryFlow } from "~/flows/save-category.server";
import { AppError } from "~/lib/errors";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { placeTestOrder } from "../../../tests/factories/test-orders";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { CATEGORY_MESSAGES, categoryInputSchema, type CategoryInput } from "./category-input";
import { categoryTiles } from "./category-tiles.server";
import { deleteCategory } from "./delete-category.server";
import { hideCategory } from "./hide-category.server";
import { listCategories } from "./list-categories.server";
import { listOwnerCategories } from "./list-owner-categories.server";
import { listSitemapEntries } from "./list-sitemap-entries.server";
import { moveCategory } from "./move-category.server";
import { moveCategoryProducts } from "./move-category-products.server";
import { resolveCategorySlug } from "./resolve-category-slug.server";

const IMAGE = { width: 800, height: 1000, sources: [{ key: "0123456789abcdef0123", width: 800 }] };

describe.each(DATABASE_KINDS)("the owner's categories on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let owner: { id: string; name: string };

  beforeAll(async () => {
    owner = { id: await createTestBuyer(database.db, "Owner"), name: "Owner" };
  });

  const input = (over: Partial<CategoryInput> = {}): CategoryInput =>
    categoryInputSchema.parse({
      name: "Lawn",
      slug: "lawn",
      description: "Unstitched three-piece lawn.",
      hidden: false,
      comingSoon: false,
      launchLabel: "",
      launchAt: null,
      removeImage: false,
      ...over,
    });
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };
  const row = async (slug: string) => (await db().select().from(categories).where(eq(categories.slug, slug)))[0];

  it("adds a category at the end of the list with its picture; the shop lists it, with the picture on its home tile", async () => {
    const saved = await saveCategoryFlow({ db: db() }, null, input(), IMAGE);
    expect(saved).toEqual({ slug: "lawn", created: true, opens: false });
    const listed = await listCategories(db());
    expect(listed.at(-1)).toMatchObject({
      slug: "lawn",
      name: "Lawn",
      description: "Unstitched three-piece lawn.",
      productCount: 0,
      hidden: false,
      image: IMAGE,
    });
    const tile = (await categoryTiles(db())).find((t) => t.slug === "lawn");
    expect(tile).toMatchObject({ href: "/category/lawn", image: { alt: "Lawn", sources: IMAGE.sources } });
    // A seeded category without a picture keeps the photo of one of its products.
    expect((await categoryTiles(db())).find((t) => t.slug === "shirts")!.image!.sources[0].key).not.toBe(
      IMAGE.sources[0].key,
    );
  });

  it("refuses a slug another category holds, beside the field", async () => {
    const error = await refusal(saveCategoryFlow({ db: db() }, null, input({ name: "More Shirts", slug: "shirts" })));
    expect(error.fields).toEqual({ slug: CATEGORY_MESSAGES.slugTaken });
    const edit = await refusal(saveCategoryFlow({ db: db() }, "lawn", input({ slug: "t-shirts" })));
    expect(edit.fields).toEqual({ slug: CATEGORY_MESSAGES.slugTaken });
    expect(await row("lawn")).toBeDefined();
  });

  it("renames and re-slugs: products, promotions and Notify Me follow, the old slug redirects (a chain too), past orders keep their lines", async () => {
    const order = await placeTestOrder(db(), owner);
    const linesBefore = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const [code] = await db()
      .insert(discountCodes)
      .values({
        code: "HOOD10",
        kind: "percent",
        value: 10,
        appliesTo: "categories",
        categorySlugs: ["hoodies", "shirts"],
      })
      .returning();
    const [sale] = await db()
      .insert(scheduledSales)
      .values({
        name: "Winter",
        percent: 10,
        startsAt: new Date("2030-01-01"),
        endsAt: new Date("2030-02-01"),
        appliesTo: "categories",
        categorySlugs: ["hoodies"],
      })
      .returning();
    await db()
      .insert(notifySubscriptions)
      .values([
        { email: "a@example.pk", target: "category:hoodies" },
        { email: "b@example.pk", target: "category:hoodies" },
        { email: "b@example.pk", target: "category:winter-hoodies" },
      ]);
    const hoodieCount = (await db().select().from(products).where(eq(products.categorySlug, "hoodies"))).length;
    expect(hoodieCount).toBeGreaterThan(0);

    await saveCategoryFlow(
      { db: db() },
      "hoodies",
      input({ name: "Winter Hoodies", slug: "winter-hoodies", description: "Warm." }),
    );
    expect(await row("hoodies")).toBeUndefined();
    expect(await row("winter-hoodies")).toMatchObject({ name: "Winter Hoodies", description: "Warm." });
    expect((await db().select().from(products).where(eq(products.categorySlug, "winter-hoodies"))).length).toBe(
      hoodieCount,
    );
    expect(await resolveCategorySlug(db(), "hoodies")).toBe("winter-hoodies");
    expect((await db().select().from(discountCodes).where(eq(discountCodes.id, code.id)))[0].categorySlugs).toEqual([
      "winter-hoodies",
      "shirts",
    ]);
    expect((await db().select().from(scheduledSales).where(eq(scheduledSales.id, sale.id)))[0].categorySlugs).toEqual([
      "winter-hoodies",
    ]);
    const targets = await db()
      .select({ email: notifySubscriptions.email, target: notifySubscriptions.target })
      .from(notifySubscriptions)
      .where(eq(notifySubscriptions.target, "category:winter-hoodies"))
      .orderBy(notifySubscriptions.email);
    expect(targets.map((t) => t.email)).toEqual(["a@example.pk", "b@example.pk"]);
    expect(
      await db().select().from(notifySubscriptions).where(eq(notifySubscriptions.target, "category:hoodies")),
    ).toEqual([]);
    // The footer's menu link follows the slug.
    expect((await db().select().from(menuItems).where(eq(menuItems.categorySlug, "winter-hoodies"))).length).toBe(1);

    // A chain of renames still lands on the slug now.
    await saveCategoryFlow({ db: db() }, "winter-hoodies", input({ name: "Hoodies", slug: "hoodies-2" }));
    expect(await resolveCategorySlug(db(), "hoodies")).toBe("hoodies-2");
    expect(await resolveCategorySlug(db(), "winter-hoodies")).toBe("hoodies-2");
    // Another category cannot take a former slug; the same category can take its own back.
    const error = await refusal(saveCategoryFlow({ db: db() }, "lawn", input({ slug: "winter-hoodies" })));
    expect(error.fields).toEqual({ slug: CATEGORY_MESSAGES.slugRedirect });
    await saveCategoryFlow(
      { db: db() },
      "hoodies-2",
      input({ name: "Hoodies", slug: "hoodies", description: "Warm fleece hoodies." }),
    );
    expect(await resolveCategorySlug(db(), "hoodies")).toBeNull();
    expect(await resolveCategorySlug(db(), "hoodies-2")).toBe("hoodies");
    expect(await resolveCategorySlug(db(), "winter-hoodies")).toBe("hoodies");

    // The order placed before reads exactly as it did.
    expect(await db().select().from(orderItems).where(eq(orderItems.orderId, order.id))).toEqual(linesBefore);
  });

  it("refuses to delete a category with products (any status), saying how many; moving them out lets it go", async () => {
    const count = (await db().select().from(products).where(eq(products.categorySlug, "shorts"))).length;
    await db().update(products).set({ status: "draft" }).where(eq(products.id, "cargo-shorts"));
    const error = await refusal(deleteCategory(db(), "shorts"));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe(`${count} products are in this category`);
    expect(await row("shorts")).toBeDefined();

    expect(await moveCategoryProducts(db(), "shorts", "trousers")).toEqual({ moved: count, toName: "Trousers" });
    expect((await db().select().from(products).where(eq(products.id, "cargo-shorts")))[0].categorySlug).toBe(
      "trousers",
    );
    await deleteCategory(db(), "shorts");
    expect(await row("shorts")).toBeUndefined();
    // Its footer link went with it.
    expect(await db().select().from(menuItems).where(eq(menuItems.categorySlug, "shorts"))).toEqual([]);
  });

  it("deletes an empty category with its redirects; a collection's rule on it is unset", async () => {
    await saveCategoryFlow({ db: db() }, null, input({ name: "Shawls", slug: "shawls" }));
    await saveCategoryFlow({ db: db() }, "shawls", input({ name: "Shawls", slug: "winter-shawls" }));
    const [collection] = await db()
      .insert(collections)
      .values({ slug: "warm", title: "Warm", mode: "rule", ruleCategorySlug: "winter-shawls" })
      .returning();
    await deleteCategory(db(), "winter-shawls");
    expect(await db().select().from(categoryRedirects).where(eq(categoryRedirects.fromSlug, "shawls"))).toEqual([]);
    expect(
      (await db().select().from(collections).where(eq(collections.id, collection.id)))[0].ruleCategorySlug,
    ).toBeNull();
    expect((await refusal(deleteCategory(db(), "winter-shawls"))).code).toBe("NOT_FOUND");
  });

  it("reorders with up and down; the shop's lists follow", async () => {
    const order = async () => (await listCategories(db())).map((c) => c.slug);
    const before = await order();
    expect(await moveCategory(db(), "lawn", "up")).toEqual({ name: "Lawn", moved: true });
    const after = await order();
    expect(after.indexOf("lawn")).toBe(before.indexOf("lawn") - 1);
    expect(await moveCategory(db(), before[0], "up")).toMatchObject({ moved: false });
    await moveCategory(db(), "lawn", "down");
    expect(await order()).toEqual(before);
  });

  it("a hidden category leaves the lists, home tiles, sitemap and redirects; its products stay; the owner still sees it", async () => {
    await saveCategoryFlow({ db: db() }, "trousers", input({ name: "Trousers", slug: "pants" }));
    await hideCategory(db(), "pants", true);
    expect((await listCategories(db())).map((c) => c.slug)).not.toContain("pants");
    expect((await categoryTiles(db())).map((t) => t.slug)).not.toContain("pants");
    expect((await listSitemapEntries(db())).map((e) => e.path)).not.toContain("/category/pants");
    expect(await resolveCategorySlug(db(), "trousers")).toBeNull();
    expect((await listCategories(db(), { includeHidden: true })).find((c) => c.slug === "pants")).toMatchObject({
      hidden: true,
    });
    expect((await listOwnerCategories(db())).find((c) => c.slug === "pants")).toMatchObject({ hidden: true });
    expect(
      (
        await db()
          .select()
          .from(products)
          .where(and(eq(products.categorySlug, "pants"), eq(products.status, "active")))
      ).length,
    ).toBeGreaterThan(0);
    await hideCategory(db(), "pants", false);
    expect((await listCategories(db())).map((c) => c.slug)).toContain("pants");
    expect(await resolveCategorySlug(db(), "trousers")).toBe("pants");
  });

  it("coming soon is data: a label or date of the owner's; unticking it launches it and its Notify Me sign-ups hear", async () => {
    const launchAt = new Date(Date.now() + 86_400_000);
    await saveCategoryFlow({ db: db() }, "lawn", input({ comingSoon: true, launchLabel: "Eid 2026", launchAt }));
    expect((await listCategories(db())).find((c) => c.slug === "lawn")).toMatchObject({
      comingSoon: true,
      launchLabel: "Eid 2026",
      launchAt,
    });
    expect((await categoryTiles(db())).find((t) => t.slug === "lawn")).toMatchObject({
      comingSoon: true,
      href: "/coming-soon/lawn",
    });
    expect((await listSitemapEntries(db())).map((e) => e.path)).toContain("/coming-soon/lawn");

    await db()
      .insert(notifySubscriptions)
      .values({ email: "lawn@example.pk", target: "category:lawn", confirmedAt: new Date() });
    const saved = await saveCategoryFlow({ db: db() }, "lawn", input({ comingSoon: false }));
    expect(saved.opens).toBe(true);
    expect(await row("lawn")).toMatchObject({ comingSoon: false, launchLabel: null, launchAt: null });
    const mails = await db()
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.kind, "notify_me"), eq(messageOutbox.toAddress, "lawn@example.pk")));
    expect(mails).toHaveLength(1);
    // Saving it again (already open) sends nothing more.
    await saveCategoryFlow({ db: db() }, "lawn", input({ description: "Lawn, now on sale." }));
    expect(
      await db()
        .select()
        .from(messageOutbox)
        .where(and(eq(messageOutbox.kind, "notify_me"), eq(messageOutbox.toAddress, "lawn@example.pk"))),
    ).toHaveLength(1);
  });

  it("keeps or removes the picture as asked", async () => {
    await saveCategoryFlow({ db: db() }, "lawn", input());
    expect((await row("lawn")).image).toEqual(IMAGE);
    await saveCategoryFlow({ db: db() }, "lawn", input({ removeImage: true }));
    expect((await row("lawn")).image).toBeNull();
  });
});
