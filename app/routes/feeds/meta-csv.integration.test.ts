import { parse } from "csv-parse/sync";
import { and, eq, inArray } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { saveCategory } from "~/flows/save-category.server";
import { categoryInputSchema } from "~/modules/catalog/category-input";
import { listOwnerCategories } from "~/modules/catalog/list-owner-categories.server";
import { regenerateFeedToken, readFeedSettings, saveFeedSettings } from "~/modules/marketing/feed-settings.server";
import { metaFeedUrl } from "~/modules/marketing/feed-settings-form";
import { META_FEED_COLUMNS } from "~/modules/marketing/meta-feed";
import { categories, products, productVariants, scheduledSales } from "~/schema";
import { drawSeedPhotos } from "~/seed/draw-seed-photos.server";
import { createReadCacheListener } from "../../../server/read-cache-listener";
import { routeContext } from "../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { loader } from "./meta-csv";

const SHOP = "https://shop.kapra.test";
const OPEN = { tokenOn: false, includeHidden: false, includeDrafts: false, includeComingSoon: true };

type Row = Record<string, string>;

/** Meta's product feed rules for one row: what it requires, in the formats it reads. Answers what is wrong. */
function problemsOf(row: Row): string[] {
  const problems: string[] = [];
  for (const column of [
    "id",
    "title",
    "description",
    "availability",
    "condition",
    "price",
    "link",
    "image_link",
    "brand",
  ])
    if (!row[column]?.trim()) problems.push(`${column} is empty`);
  if (!["in stock", "out of stock"].includes(row.availability)) problems.push(`availability ${row.availability}`);
  if (row.condition !== "new") problems.push(`condition ${row.condition}`);
  if (!/^\d+\.\d{2} PKR$/.test(row.price)) problems.push(`price ${row.price}`);
  if (row.id.length > 100) problems.push("id over 100 characters");
  if (row.title.length > 200) problems.push("title over 200 characters");
  if (row.description.length > 9999) problems.push("description over 9999 characters");
  if (/<[a-z/][^>]*>|&[a-z]+;/i.test(row.description)) problems.push("description has markup");
  const links = [row.link, row.image_link, ...(row.additional_image_link ? row.additional_image_link.split(",") : [])];
  for (const link of links) {
    let url: URL | null = null;
    try {
      url = new URL(link);
    } catch {
      problems.push(`not a URL: ${link}`);
    }
    if (url && (!/^https?:$/.test(url.protocol) || url.origin !== SHOP)) problems.push(`not on the shop: ${link}`);
  }
  if (!/\/media\/[0-9a-f]{32}\.webp$/.test(row.image_link)) problems.push(`image_link ${row.image_link}`);
  if (row.additional_image_link.split(",").length > 20) problems.push("more than 20 additional images");
  if (row.sale_price) {
    if (!/^\d+\.\d{2} PKR$/.test(row.sale_price)) problems.push(`sale_price ${row.sale_price}`);
    else if (parseFloat(row.sale_price) >= parseFloat(row.price)) problems.push("sale_price not below price");
  }
  if (
    row.sale_price_effective_date &&
    !/^\d{4}-\d\d-\d\dT\d\d:\d\d[+-]\d{4}\/\d{4}-\d\d-\d\dT\d\d:\d\d[+-]\d{4}$/.test(row.sale_price_effective_date)
  )
    problems.push(`sale_price_effective_date ${row.sale_price_effective_date}`);
  if (row.sale_price_effective_date && !row.sale_price) problems.push("an effective date without a sale price");
  if (!/^\d+$/.test(row.quantity_to_sell_on_facebook)) problems.push("quantity_to_sell_on_facebook");
  if ((row.availability === "in stock") !== Number(row.quantity_to_sell_on_facebook) > 0)
    problems.push("availability disagrees with the quantity");
  return problems;
}

describe.each(DATABASE_KINDS)("GET /feeds/meta.csv on %s", (kind) => {
  const database = useTestDatabase(kind);
  let context: AppLoadContext;

  const fetchFeed = async (query = "") => {
    const response = (await loader({
      request: new Request(`${SHOP}/feeds/meta.csv${query}`),
      context,
      params: {},
    } as never)) as Response;
    const text = await response.text();
    const rows =
      response.status === 200
        ? (parse(text, { columns: true, skip_empty_lines: true, bom: false, relax_column_count: false }) as Row[])
        : [];
    return { response, text, rows };
  };

  /** The variants the feed must list: every variant of products on sale and coming soon, in shown categories. */
  const expectedVariants = async (statuses: ("active" | "coming-soon" | "draft")[]) =>
    database.db
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        stock: productVariants.stock,
        status: products.status,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .innerJoin(categories, eq(categories.slug, products.categorySlug))
      .where(and(inArray(products.status, statuses), eq(categories.hidden, false)));

  beforeAll(async () => {
    // The seeded catalogue with its photos drawn, as after a first start.
    await drawSeedPhotos(database.db, { retryMs: 50 }).done;
    const base = (await routeContext(database.db)).context as unknown as { env: Record<string, unknown> };
    context = { ...base, env: { ...base.env, PUBLIC_URL: SHOP } } as unknown as AppLoadContext;
  }, 180_000);

  it("lists every seeded variant once, each row within Meta's required fields and formats", async () => {
    const { response, text, rows } = await fetchFeed();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(text.split("\n")[0]).toBe(META_FEED_COLUMNS.join(","));

    const expected = await expectedVariants(["active", "coming-soon"]);
    expect(expected.length).toBeGreaterThan(100);
    expect(rows.map((r) => r.id).sort()).toEqual(expected.map((v) => String(v.id)).sort());
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);

    const byId = new Map(expected.map((v) => [String(v.id), v]));
    for (const row of rows) {
      expect(problemsOf(row), `row ${row.id}`).toEqual([]);
      const variant = byId.get(row.id)!;
      // A product's variants share its item_group_id; stock is the variant's own.
      expect(row.item_group_id).toBe(variant.productId);
      const sellable = variant.status === "active" ? variant.stock : 0;
      expect(row.quantity_to_sell_on_facebook, `row ${row.id}`).toBe(String(sellable));
      expect(row.brand).toBe("Kapra");
      expect(new URL(row.link).pathname).toBe(`/product/${variant.productId}`);
      expect(new URL(row.link).searchParams.get("color")).toBe(row.color);
      expect(new URL(row.link).searchParams.get("size")).toBe(row.size);
    }
    // The coming-soon products are listed, out of stock.
    const comingSoon = rows.filter((r) => r.item_group_id === "varsity-crew-sweatshirt");
    expect(comingSoon.length).toBeGreaterThan(0);
    expect(comingSoon.every((r) => r.availability === "out of stock")).toBe(true);
    expect(rows.some((r) => r.availability === "in stock")).toBe(true);
  });

  it("gives a category's Google and Facebook product categories, saved on the category form's way", async () => {
    const [tees] = (await listOwnerCategories(database.db)).filter((c) => c.slug === "t-shirts");
    await saveCategory(
      { db: database.db },
      "t-shirts",
      categoryInputSchema.parse({
        name: tees.name,
        slug: tees.slug,
        description: tees.description,
        hidden: tees.hidden,
        comingSoon: tees.comingSoon,
        launchLabel: tees.launchLabel ?? "",
        launchAt: tees.launchAt,
        removeImage: false,
        googleProductCategory: "Apparel & Accessories>Clothing > Shirts & Tops",
        fbProductCategory: "1604",
      }),
    );
    const [saved] = (await listOwnerCategories(database.db)).filter((c) => c.slug === "t-shirts");
    expect(saved).toMatchObject({
      googleProductCategory: "Apparel & Accessories > Clothing > Shirts & Tops",
      fbProductCategory: "1604",
    });
    const { rows } = await fetchFeed();
    const teeIds = new Set(
      (await database.db.select({ id: products.id }).from(products).where(eq(products.categorySlug, "t-shirts"))).map(
        (p) => p.id,
      ),
    );
    const tees2 = rows.filter((r) => teeIds.has(r.item_group_id));
    expect(tees2.length).toBeGreaterThan(0);
    for (const row of tees2)
      expect([row.google_product_category, row.fb_product_category]).toEqual([
        "Apparel & Accessories > Clothing > Shirts & Tops",
        "1604",
      ]);
    expect(rows.filter((r) => !teeIds.has(r.item_group_id)).every((r) => r.google_product_category === "")).toBe(true);
  });

  it("gives a running sale's price below the regular one, with its window", async () => {
    const [product] = await database.db
      .select({ id: products.id, price: products.price, originalPrice: products.originalPrice })
      .from(products)
      .where(and(eq(products.status, "active"), eq(products.categorySlug, "shirts")))
      .limit(1);
    const now = Date.now();
    await database.db.insert(scheduledSales).values({
      name: "Feed test",
      percent: 50,
      startsAt: new Date(now - 3600_000),
      endsAt: new Date(now + 86_400_000),
      appliesTo: "products",
      productIds: [product.id],
    });
    const { rows } = await fetchFeed();
    const onSale = rows.filter((r) => r.item_group_id === product.id);
    expect(onSale.length).toBeGreaterThan(0);
    const regular = Math.max(product.price, product.originalPrice ?? 0);
    for (const row of onSale) {
      expect(problemsOf(row)).toEqual([]);
      expect(row.price).toBe(`${regular}.00 PKR`);
      expect(row.sale_price).toBe(`${Math.floor(regular / 2)}.00 PKR`);
      expect(row.sale_price_effective_date).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d\+0500\/\d{4}-\d\d-\d\dT\d\d:\d\d\+0500$/,
      );
    }
  });

  it("asks for its token once turned on, compared whole; a new token retires the old URL; off opens it again", async () => {
    const on = await saveFeedSettings(database.db, { ...OPEN, tokenOn: true });
    expect(on.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await readFeedSettings(database.db)).toMatchObject({ tokenOn: true, token: on.token });
    expect((await fetchFeed()).response.status).toBe(404);
    expect((await fetchFeed("?token=wrong")).response.status).toBe(404);
    expect((await fetchFeed(`?token=${on.token!.slice(0, -1)}`)).response.status).toBe(404);
    const url = new URL(metaFeedUrl(SHOP, on.token));
    const withToken = await fetchFeed(url.search);
    expect(withToken.response.status).toBe(200);
    expect(withToken.response.headers.get("cache-control")).toBe("private, no-store");
    expect(withToken.rows.length).toBeGreaterThan(100);

    // Saving again keeps the token; a new one retires the URL pasted before.
    expect((await saveFeedSettings(database.db, { ...OPEN, tokenOn: true })).token).toBe(on.token);
    const fresh = await regenerateFeedToken(database.db);
    expect(fresh).not.toBe(on.token);
    expect((await fetchFeed(`?token=${on.token}`)).response.status).toBe(404);
    expect((await fetchFeed(`?token=${fresh}`)).response.status).toBe(200);

    expect(await saveFeedSettings(database.db, OPEN)).toMatchObject({ tokenOn: false, token: null });
    expect((await fetchFeed()).response.status).toBe(200);
  });

  it("lists drafts, hidden categories' products and coming-soon products as its settings say", async () => {
    const [draft] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.status, "active"), eq(products.categorySlug, "trousers")))
      .limit(1);
    await database.db.update(products).set({ status: "draft" }).where(eq(products.id, draft.id));
    await database.db.update(categories).set({ hidden: true }).where(eq(categories.slug, "shorts"));
    const shorts = new Set(
      (await database.db.select({ id: products.id }).from(products).where(eq(products.categorySlug, "shorts"))).map(
        (p) => p.id,
      ),
    );
    const groups = async () => new Set((await fetchFeed()).rows.map((r) => r.item_group_id));

    let listed = await groups();
    expect(listed.has(draft.id)).toBe(false);
    expect([...shorts].some((id) => listed.has(id))).toBe(false);
    expect(listed.has("varsity-crew-sweatshirt")).toBe(true);

    await saveFeedSettings(database.db, {
      ...OPEN,
      includeDrafts: true,
      includeHidden: true,
      includeComingSoon: false,
    });
    const { rows } = await fetchFeed();
    listed = new Set(rows.map((r) => r.item_group_id));
    expect(listed.has(draft.id)).toBe(true);
    expect(rows.filter((r) => r.item_group_id === draft.id).every((r) => r.availability === "out of stock")).toBe(true);
    expect([...shorts].every((id) => listed.has(id))).toBe(true);
    // A hidden category's products are still on sale: their stock is told as it is.
    expect(rows.some((r) => shorts.has(r.item_group_id) && r.availability === "in stock")).toBe(true);
    expect(listed.has("varsity-crew-sweatshirt")).toBe(false);
    for (const row of rows) expect(problemsOf(row), `row ${row.id}`).toEqual([]);

    await saveFeedSettings(database.db, OPEN);
    await database.db.update(products).set({ status: "active" }).where(eq(products.id, draft.id));
    await database.db.update(categories).set({ hidden: false }).where(eq(categories.slug, "shorts"));
  });

  describe("served from the read cache", () => {
    let listener: ReturnType<typeof createReadCacheListener>;
    beforeAll(async () => {
      listener = createReadCacheListener(database);
      await listener.start();
    });
    afterAll(() => listener.stop());

    it("answers from memory, and follows a stock change and a settings change made anywhere", async () => {
      const first = await fetchFeed();
      const [variant] = await database.db
        .select({ id: productVariants.id })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(products.status, "active"))
        .limit(1);
      const row = () => first.rows.find((r) => r.id === String(variant.id));
      expect(row()).toBeDefined();
      await database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, variant.id));
      await vi.waitFor(
        async () => {
          const now = (await fetchFeed()).rows.find((r) => r.id === String(variant.id));
          expect(now).toMatchObject({ availability: "out of stock", quantity_to_sell_on_facebook: "0" });
        },
        { timeout: 5000, interval: 50 },
      );
      await saveFeedSettings(database.db, { ...OPEN, includeComingSoon: false });
      await vi.waitFor(
        async () => {
          const rows = (await fetchFeed()).rows;
          expect(rows.some((r) => r.item_group_id === "varsity-crew-sweatshirt")).toBe(false);
        },
        { timeout: 5000, interval: 50 },
      );
      const on = await saveFeedSettings(database.db, { ...OPEN, tokenOn: true });
      await vi.waitFor(async () => expect((await fetchFeed()).response.status).toBe(404), {
        timeout: 5000,
        interval: 50,
      });
      expect((await fetchFeed(`?token=${on.token}`)).response.status).toBe(200);
    });
  });
});
