import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { categories, heroSlides, productVariants, products, scheduledSales, shopSettings } from "~/schema";
import { liveHeroSlides } from "~/modules/storefront/hero-slides.server";
import { saveAnnouncement } from "~/flows/save-storefront-settings.server";
import { getProduct } from "~/modules/catalog/get-product.server";
import { listCategories } from "~/modules/catalog/list-categories.server";
import { getSettings } from "~/modules/settings/reads";
import { DATABASE_KINDS, useTestDatabase } from "../tests/factories/test-database";
import { createReadCacheListener } from "./read-cache-listener";

/** Polls until `check` passes or the time is up (a NOTIFY arrives within moments, not at once). */
async function eventually(check: () => Promise<void>, timeoutMs = 2_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

describe.each(DATABASE_KINDS)("storefront reads kept in memory (%s)", (kind) => {
  const database = useTestDatabase(kind);
  let listener: ReturnType<typeof createReadCacheListener>;
  let productId: string;

  beforeAll(async () => {
    listener = createReadCacheListener(database);
    await listener.start();
    const [row] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, "active"))
      .limit(1);
    productId = row.id;
  }, 120_000);
  afterAll(async () => {
    await listener?.stop();
  });

  it("answers from memory until the data changes, then reads the change", async () => {
    const first = await listCategories(database.db);
    // A change the cache does not hear about (no trigger on this table) is not seen: the read came from memory.
    await database.db.execute(sql`alter table categories disable trigger categories_catalog_changed`);
    await database.db.update(categories).set({ name: "Renamed quietly" }).where(eq(categories.slug, first[0].slug));
    await database.db.execute(sql`alter table categories enable trigger categories_catalog_changed`);
    expect(await listCategories(database.db)).toBe(first);

    // Any statement on a catalogue table announces itself on commit, whoever runs it.
    await database.db.execute(sql`update categories set name = 'Tees' where slug = ${first[0].slug}`);
    await eventually(async () => expect((await listCategories(database.db))[0].name).toBe("Tees"));
  });

  it("sees a stock change made by an order's statement, and reads inside a transaction always go to the database", async () => {
    const before = await getProduct(database.db, productId);
    const variant = before!.variants[0];
    await database.db.transaction(async (tx) => {
      await tx
        .update(productVariants)
        .set({ stock: variant.stock + 7 })
        .where(eq(productVariants.sku, variant.sku));
      // The transaction sees its own change although the cache was filled before it.
      expect((await getProduct(tx, productId))!.variants[0].stock).toBe(variant.stock + 7);
    });
    await eventually(async () =>
      expect((await getProduct(database.db, productId))!.variants[0].stock).toBe(variant.stock + 7),
    );
  });

  it("drops the settings when they change", async () => {
    const before = await getSettings(database.db);
    await database.db.update(shopSettings).set({ phone: "+92 300 7654321" }).where(eq(shopSettings.id, 1));
    await database.db.execute(sql`select pg_notify('shop_settings_changed', 'changed')`);
    await eventually(async () => expect((await getSettings(database.db)).phone).toBe("+92 300 7654321"));
    expect(before.phone).not.toBe("+92 300 7654321");
  });

  it("a second process on the same PostgreSQL hears the change too", async () => {
    if (kind !== "postgres") return;
    let other: Database | null = null;
    const otherListener = { stop: async () => {} };
    try {
      other = await openDatabase({ databaseUrl: database.url, dataDir: "" });
      const l = createReadCacheListener(other);
      await l.start();
      otherListener.stop = l.stop;
      const seen = await listCategories(other.db);
      await database.db
        .update(categories)
        .set({ name: "From the first process" })
        .where(eq(categories.slug, seen[0].slug));
      await eventually(async () => expect((await listCategories(other!.db))[0].name).toBe("From the first process"));
    } finally {
      await otherListener.stop();
      await other?.close();
    }
  });
  it("an owner's edit of a page, a category or a product drops the guest pages; an order's stock change does not", async () => {
    const changes: string[] = [];
    let last = "";
    listener.onPagesChanged(() => changes.push(last));
    const seen = (what: string) => eventually(async () => expect(changes).toContain(what));
    last = "page";
    await database.db.execute(sql`update pages set title = title where builtin = 'returns'`);
    await seen("page");
    last = "category";
    await database.db.execute(
      sql`update categories set description = description where slug = (select slug from categories limit 1)`,
    );
    await seen("category");
    last = "product";
    await database.db.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
    await seen("product");
    // A stock change comes after a settled edit; a page edit after it shows the listener still hears.
    last = "stock";
    await database.db.execute(sql`update product_variants set stock = stock where product_id = ${productId}`);
    last = "page again";
    await database.db.execute(sql`update pages set title = title where builtin = 'about'`);
    await seen("page again");
    expect(changes).not.toContain("stock");
  });

  it("a scheduled sale starts and ends on time: the product page shows its price then, with no write to announce it", async () => {
    const changes: number[] = [];
    listener.onPagesChanged(() => changes.push(Date.now()));
    const before = await getProduct(database.db, productId);
    expect(before).toMatchObject({ onSale: false });
    const startsAt = new Date(Date.now() + 3_000);
    const endsAt = new Date(startsAt.getTime() + 2_000);
    await database.db
      .insert(scheduledSales)
      .values({ name: "Flash sale", percent: 50, startsAt, endsAt, appliesTo: "products", productIds: [productId] });
    // Read (and kept in memory) before the sale starts: still the regular price.
    expect(await getProduct(database.db, productId)).toMatchObject({ price: before!.price, onSale: false });
    await eventually(
      async () => expect(await getProduct(database.db, productId)).toMatchObject({ onSale: true }),
      8_000,
    );
    expect(changes.length).toBeGreaterThanOrEqual(1);
    expect(changes[0]).toBeGreaterThanOrEqual(startsAt.getTime());
    await eventually(
      async () =>
        expect(await getProduct(database.db, productId)).toMatchObject({ price: before!.price, onSale: false }),
      5_000,
    );
    expect(changes.length).toBeGreaterThanOrEqual(2);
    await database.db.delete(scheduledSales);
  });

  it("a hero slide and the announcement bar start on time: the caches are dropped then, with no write to announce it", async () => {
    const changes: number[] = [];
    listener.onPagesChanged(() => changes.push(Date.now()));
    const slideStarts = new Date(Date.now() + 2_000);
    await database.db.insert(heroSlides).values({ headline: "Eid Edit", startsAt: slideStarts });
    expect(await liveHeroSlides(database.db, new Date())).toEqual([]);
    await eventually(async () => expect(changes.some((t) => t >= slideStarts.getTime())).toBe(true), 6_000);
    expect((await liveHeroSlides(database.db, new Date())).map((s) => s.headline)).toEqual(["Eid Edit"]);

    // The announcement's window is a setting: saving it re-reads the next boundary.
    const barStarts = new Date(Date.now() + 2_000);
    await saveAnnouncement(
      { db: database.db },
      {
        text: "Free delivery today",
        link: { kind: "none" },
        startsAt: barStarts,
        endsAt: null,
      },
    );
    await eventually(async () => expect(changes.some((t) => t >= barStarts.getTime())).toBe(true), 6_000);
    await database.db.delete(heroSlides);
    await saveAnnouncement({ db: database.db }, { text: null, link: { kind: "none" }, startsAt: null, endsAt: null });
  });
});
