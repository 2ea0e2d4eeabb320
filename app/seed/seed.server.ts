import { sql } from "drizzle-orm";
import { garmentSvg } from "./garment-art";
import { saveEncodedImage } from "~/modules/media/store-image.server";
import { encodeSeedArt } from "./seed-art-cache.server";
import type { Db } from "~/db/client.server";
import { categories, productImages, products, productVariants, shopSettings } from "~/db/schema";
import { defaultSeedStock, SEED_CATEGORIES, SEED_PRODUCTS, seedSettings, type SeedProduct } from "./seed-data";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Seeds an empty database with the shop's settings and catalogue. A database that already has
 * settings is left alone, so restarting never duplicates data. Returns whether it seeded.
 */
export async function seedDatabase(db: Db, opts: { shopName: string; now?: Date }): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(shopSettings);
  if (n > 0) return false;
  const now = opts.now ?? new Date();
  // Images are rendered before the transaction so it stays short; two at a time on a small machine.
  const art: Awaited<ReturnType<typeof renderProductArt>>[] = [];
  for (let i = 0; i < SEED_PRODUCTS.length; i += 2) {
    art.push(...(await Promise.all(SEED_PRODUCTS.slice(i, i + 2).map((p) => renderProductArt(db, p, opts.shopName)))));
  }
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
    await tx.insert(productImages).values(art.flat());
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

/** Front views in up to two colours, the back, and a close-up: like a real shop's photo set. */
function productShots(p: SeedProduct, label: string) {
  const kind = SEED_CATEGORIES.find((c) => c.slug === p.category)!.garment;
  const shots = [
    { color: p.colors[0], view: "front" as const, alt: `${p.name} in ${p.colors[0]}, front` },
    { color: p.colors[0], view: "back" as const, alt: `${p.name} in ${p.colors[0]}, back` },
    ...(p.colors[1] ? [{ color: p.colors[1], view: "front" as const, alt: `${p.name} in ${p.colors[1]}, front` }] : []),
    { color: p.colors[0], view: "detail" as const, alt: `${p.name}, close-up of the fabric` },
  ];
  return shots.map((shot) => ({ ...shot, svg: garmentSvg({ kind, color: shot.color, view: shot.view, label }) }));
}

async function renderProductArt(db: Db, p: SeedProduct, label: string) {
  const images = [];
  for (const [position, shot] of productShots(p, label).entries()) {
    const stored = await saveEncodedImage(db, await encodeSeedArt(shot.svg));
    images.push({ productId: p.id, position, alt: shot.alt, color: shot.color, ...stored });
  }
  return images;
}

/** Renders the seed's photos into the art cache ahead of time (the test suite does this once). */
export async function warmSeedArtCache(shopName: string): Promise<void> {
  const svgs = SEED_PRODUCTS.flatMap((p) => productShots(p, shopName).map((s) => s.svg));
  for (let i = 0; i < svgs.length; i += 2) await Promise.all(svgs.slice(i, i + 2).map(encodeSeedArt));
}
