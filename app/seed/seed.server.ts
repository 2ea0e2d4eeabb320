import { and, eq, isNull, sql } from "drizzle-orm";
import { garmentSvg } from "./garment-art";
import { encodeSeedArt } from "./seed-art-cache.server";
import type { Db, Tx } from "~/db/client.server";
import { categories, menuItems, products, productVariants, seedPhotos, shopSettings, sizeSets } from "~/schema";
import {
  defaultSeedStock,
  SEED_CATEGORIES,
  SEED_PRODUCTS,
  seedPhotoShots,
  seedSettings,
  type SeedProduct,
} from "./seed-data";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Seeds an empty database with the shop's settings and catalogue, in one transaction. A database
 * that already has settings is left alone, so restarting never duplicates data. Returns whether it
 * seeded. The product photos are only written down as vector art to draw (seed_photos): drawing
 * them takes a while, so the server does it in the background (app/seed/draw-seed-photos) and a
 * script or test that needs them calls drawSeedPhotos.
 */
export async function seedDatabase(db: Db, opts: { shopName: string; now?: Date }): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(shopSettings);
  if (n > 0) return false;
  const now = opts.now ?? new Date();
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(shopSettings)
      .values(seedSettings(opts.shopName))
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return; // another process seeded first
    await tx.insert(categories).values(
      SEED_CATEGORIES.map((c, position) => ({
        slug: c.slug,
        name: c.name,
        description: c.description,
        position,
        comingSoon: "comingSoon" in c ? c.comingSoon : false,
        launchLabel: "launchLabel" in c ? c.launchLabel : null,
      })),
    );
    // The colours and size sets every shop starts with come from migration 0014; the demo's products use them by name.
    const setIds = new Map(
      (await tx.select({ id: sizeSets.id, name: sizeSets.name }).from(sizeSets)).map((s) => [s.name, s.id]),
    );
    const sizeSetOf = (slug: string) => setIds.get(SEED_CATEGORIES.find((c) => c.slug === slug)!.sizeSet)!;
    await tx.insert(products).values(
      SEED_PRODUCTS.map((p) => {
        const createdAt = new Date(now.getTime() - p.addedDaysAgo * DAY_MS);
        return {
          id: p.id,
          name: p.name,
          categorySlug: p.category,
          sizeSetId: sizeSetOf(p.category),
          description: p.description,
          price: p.price,
          originalPrice: p.originalPrice ?? null,
          material: p.material,
          brand: opts.shopName,
          status: p.status ?? "active",
          featured: p.featured ?? false,
          rating: p.rating,
          reviewCount: p.reviews,
          baseRating: p.rating,
          baseReviewCount: p.reviews,
          views: p.views,
          features: p.features,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
    await addCategoriesToFooter(tx);
    await tx.insert(productVariants).values(SEED_PRODUCTS.flatMap((p, i) => seedVariants(p, i)));
    await tx.insert(seedPhotos).values(
      SEED_PRODUCTS.flatMap((p) =>
        productShots(p, opts.shopName).map(({ svg, alt, color }, position) => ({
          productId: p.id,
          position,
          alt,
          color,
          svg,
        })),
      ),
    );
  });
  return true;
}

/** The footer's Shop column (made by migration 0014) lists the demo's categories, as it did when it was code. */
async function addCategoriesToFooter(tx: Tx) {
  const [shop] = await tx
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(and(eq(menuItems.menu, "footer"), isNull(menuItems.parentId), eq(menuItems.label, "Shop")));
  if (!shop) return;
  await tx.insert(menuItems).values(
    SEED_CATEGORIES.map((c, i) => ({
      menu: "footer" as const,
      parentId: shop.id,
      position: i + 1,
      label: c.name,
      categorySlug: c.slug,
    })),
  );
}

function seedVariants(p: SeedProduct, productIndex: number) {
  const prefix = `${String(productIndex + 1).padStart(3, "0")}-${p.id
    .split("-")
    .map((w) => w[0])
    .join("")
    .toUpperCase()}`;
  return p.colors.flatMap((color, ci) =>
    p.sizes.map((size, si) => {
      const index = ci * p.sizes.length + si;
      const stock = p.soldOut ? 0 : (p.stock?.[`${color}/${size}`] ?? defaultSeedStock(productIndex, index));
      return {
        productId: p.id,
        color,
        size,
        stock,
        sku: `${prefix}-${color.slice(0, 3).toUpperCase()}-${size}`,
        position: index,
      };
    }),
  );
}

/** A product's photos as vector art, in the garment of its category. */
function productShots(p: SeedProduct, label: string) {
  const kind = SEED_CATEGORIES.find((c) => c.slug === p.category)!.garment;
  return seedPhotoShots(p).map((shot) => ({
    ...shot,
    svg: garmentSvg({ kind, color: shot.color, view: shot.view, label }),
  }));
}

/** Renders the seed's photos into the art cache ahead of time (the test suite does this once). */
export async function warmSeedArtCache(shopName: string): Promise<void> {
  const svgs = SEED_PRODUCTS.flatMap((p) => productShots(p, shopName).map((s) => s.svg));
  for (let i = 0; i < svgs.length; i += 2) await Promise.all(svgs.slice(i, i + 2).map(encodeSeedArt));
}
