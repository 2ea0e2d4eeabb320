import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, type Db } from "~/db/client.server";
import { productImages, products, seedPhotos } from "~/schema";
import { DATABASE_KINDS, useTestDatabase } from "../../tests/factories/test-database";
import { drawSeedPhotos } from "./draw-seed-photos.server";
import { SEED_PRODUCTS, seedPhotoShots } from "./seed-data";
import { seedDatabase } from "./seed.server";

const EXPECTED_PHOTOS = SEED_PRODUCTS.reduce((n, p) => n + seedPhotoShots(p).length, 0);

async function count(db: Db, table: typeof productImages | typeof seedPhotos): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return n;
}

describe.each(DATABASE_KINDS)("the seeded catalogue's photos on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "empty" });

  it("are written down to draw in the seed's transaction, drawn once each, and never again after a restart", async () => {
    const db = database.db;
    expect(await seedDatabase(db, { shopName: "Kapra" })).toBe(true);
    // The catalogue is on sale at once; its photos wait to be drawn.
    expect(await count(db, productImages)).toBe(0);
    expect(await count(db, seedPhotos)).toBe(EXPECTED_PHOTOS);

    // A product the owner deletes before its photos are drawn never gets them.
    const [gone] = SEED_PRODUCTS;
    await db.delete(products).where(eq(products.id, gone.id));
    const goneShots = seedPhotoShots(gone).length;

    // Two drawers at once (two processes; on PostgreSQL, two connections) share the work.
    const other = kind === "postgres" ? await openDatabase({ databaseUrl: database.url, dataDir: "" }) : null;
    try {
      const [first, second] = [drawSeedPhotos(db, { retryMs: 50 }), drawSeedPhotos(other?.db ?? db, { retryMs: 50 })];
      const drawn = (await first.done) + (await second.done);
      expect(drawn).toBe(EXPECTED_PHOTOS - goneShots);
    } finally {
      await other?.close();
    }
    expect(await count(db, seedPhotos)).toBe(0);
    expect(await count(db, productImages)).toBe(EXPECTED_PHOTOS - goneShots);

    // Each product has its photo set, in order, each with its renditions and alt text.
    const [p] = SEED_PRODUCTS.slice(1);
    const images = await db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, p.id))
      .orderBy(productImages.position);
    expect(images.map((i) => i.alt)).toEqual(seedPhotoShots(p).map((s) => s.alt));
    expect(images.every((i) => i.sources.length > 0 && i.width === 960)).toBe(true);

    // A restart finds nothing left to draw, and a second seed finds the shop already there.
    expect(await drawSeedPhotos(db).done).toBe(0);
    expect(await seedDatabase(db, { shopName: "Kapra" })).toBe(false);
    expect(await count(db, productImages)).toBe(EXPECTED_PHOTOS - goneShots);
  });

  it("leave a photo another process claimed to it until its claim runs out", async () => {
    const db = database.db;
    await db.delete(seedPhotos);
    const [p] = SEED_PRODUCTS.slice(2);
    const [row] = await db
      .insert(seedPhotos)
      .values({
        productId: p.id,
        position: 9,
        alt: "claimed elsewhere",
        color: p.colors[0],
        svg: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="50"><rect width="40" height="50" fill="#a33"/></svg>',
        claimedUntil: new Date(Date.now() + 60_000),
      })
      .returning();
    const drawing = drawSeedPhotos(db, { retryMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await count(db, seedPhotos)).toBe(1); // still waiting for the other process
    // The other process died: its claim runs out and this one draws the photo.
    await db
      .update(seedPhotos)
      .set({ claimedUntil: new Date(Date.now() - 1) })
      .where(eq(seedPhotos.id, row.id));
    expect(await drawing.done).toBe(1);
    const [image] = await db.select().from(productImages).where(eq(productImages.alt, "claimed elsewhere"));
    expect(image.position).toBe(9);
  });
});
