import { sql } from "drizzle-orm";
import { garmentSvg } from "./garment-art";
import { encodeSeedArt } from "./seed-art-cache.server";
import type { Db } from "~/db/client.server";
import { categories, products, productVariants, seedPhotos, shopSettings } from "~/db/schema";
import { defaultSeedStock, SEED_CATEGORIES, SEED_PRODUCTS, seedPhotoShots, seedSettings, type SeedProduct } from "./seed-data";

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
    const inserted = await tx.insert(shopSettings).values(seedSettings(opts.shopName)).onConflictDoNothing().returning();
    if (inserted.length === 0) return; // another process seeded first
    await tx.insert(categories).values(
      SEED_CATEGORIES.map((c, position) => ({
        slug: c.slug, name: c.name, description: c.description, position,
        comingSoon: "comingSoon" in c ? c.comingSoon : false,
        launchLabel: "launchLabel" in c ? c.launchLabel : null,
      })),
    );
    await tx.insert(products).values(
      SEED_PRODUCTS.map((p) => {
        const createdAt = new Date(now.getTime() - p.addedDaysAgo * DAY_MS);
        return {
          id: p.id, name: p.name, categorySlug: p.category, description: p.description, price: p.price,
          originalPrice: p.originalPrice ?? null, material: p.material, brand: opts.shopName,
          status: p.status ?? "active", featured: p.featured ?? false, rating: p.rating, reviewCount: p.reviews, baseRating: p.rating, baseReviewCount: p.reviews,
          views: p.views, features: p.features, createdAt, updatedAt: createdAt,
        };
      }),
    );
    await tx.insert(productVariants).values(SEED_PRODUCTS.flatMap((p, i) => seedVariants(p, i)));
    await tx.insert(seedPhotos).values(SEED_PRODUCTS.flatMap((p) => productShots(p, opts.shopName).map(({ svg, alt, color }, position) => ({ productId: p.id, position, alt, color, svg }))));
  });
  return true;
}

function seedVariants(p: SeedProduct, productIndex: number) {
  const prefix = `${String(productIndex + 1).padStart(3, "0")}-${p.id.split("-").map((w) => w[0]).join("").toUpperCase()}`;
  return p.colors.flatMap((color, ci) =>
    p.sizes.map((size, si) => {
      const index = ci * p.sizes.length + si;
      const stock = p.soldOut ? 0 : (p.stock?.[`${color}/${size}`] ?? defaultSeedStock(productIndex, index));
      return { productId: p.id, color, size, stock, sku: `${prefix}-${color.slice(0, 3).toUpperCase()}-${size}`, position: index };
    }),
  );
}

/** A product's photos as vector art, in the garment of its category. */
function productShots(p: SeedProduct, label: string) {
  const kind = SEED_CATEGORIES.find((c) => c.slug === p.category)!.garment;
  return seedPhotoShots(p).map((shot) => ({ ...shot, svg: garmentSvg({ kind, color: shot.color, view: shot.view, label }) }));
}

/** Renders the seed's photos into the art cache ahead of time (the test suite does this once). */
export async function warmSeedArtCache(shopName: string): Promise<void> {
  const svgs = SEED_PRODUCTS.flatMap((p) => productShots(p, shopName).map((s) => s.svg));
  for (let i = 0; i < svgs.length; i += 2) await Promise.all(svgs.slice(i, i + 2).map(encodeSeedArt));
}
