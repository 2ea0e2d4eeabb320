import { asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { productImages, seedPhotos } from "~/schema";
import { saveEncodedImage } from "~/modules/media/store-image.server";
import { encodeSeedArt } from "./seed-art-cache.server";

/** How long a process may take over one photo before another may take it over (it died). */
const CLAIM_MS = 2 * 60_000;

type Claimed = typeof seedPhotos.$inferSelect;

/**
 * Takes the next photo to draw: every product's first photo before any second one, so the
 * storefront's cards fill in first. SKIP LOCKED and the claim keep two processes off one photo.
 */
async function claimNextPhoto(db: Db, now: Date): Promise<Claimed | null> {
  const [row] = await db
    .update(seedPhotos)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(
      eq(
        seedPhotos.id,
        sql`(${db
          .select({ id: seedPhotos.id })
          .from(seedPhotos)
          .where(or(isNull(seedPhotos.claimedUntil), lt(seedPhotos.claimedUntil, now)))
          .orderBy(asc(seedPhotos.position), asc(seedPhotos.id))
          .limit(1)
          .for("update", { skipLocked: true })})`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Draws one claimed photo and adds it to its product, in one transaction with the deletion of its
 * row: a photo is added once, and not at all if its product was deleted meanwhile.
 */
async function drawPhoto(db: Db, photo: Claimed): Promise<boolean> {
  const image = await encodeSeedArt(photo.svg);
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(seedPhotos).where(eq(seedPhotos.id, photo.id)).returning({ id: seedPhotos.id });
    if (!gone) return false;
    const stored = await saveEncodedImage(tx, image);
    await tx
      .insert(productImages)
      .values({ productId: photo.productId, position: photo.position, alt: photo.alt, color: photo.color, ...stored });
    return true;
  });
}

async function photosLeft(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(seedPhotos);
  return n;
}

export type SeedPhotoDrawing = {
  /** Resolves with the number of photos this process drew, once none is left to draw (or it was stopped). */
  done: Promise<number>;
  /** Whether it was stopped before every photo was in. */
  readonly stopped: boolean;
  /** Stops after the photo being drawn (its transaction is never cut short). */
  stop: () => Promise<void>;
};

/**
 * Draws the seeded catalogue's photos one at a time until none is left. The catalogue's change
 * notice (a trigger on product_images) makes every process show each photo as it comes. Photos
 * another process has claimed are waited for, so `done` means every photo is in.
 */
export function drawSeedPhotos(
  db: Db,
  { onError, retryMs = 5_000 }: { onError?: (error: unknown) => void; retryMs?: number } = {},
): SeedPhotoDrawing {
  let stopped = false;
  let wake: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const done = (async () => {
    let drawn = 0;
    while (!stopped) {
      try {
        const photo = await claimNextPhoto(db, new Date());
        if (photo) {
          if (await drawPhoto(db, photo)) drawn++;
          continue;
        }
        if ((await photosLeft(db)) === 0) break;
      } catch (error) {
        if (!onError) throw error;
        onError(error);
      }
      // Another process is drawing the rest (or the database is away): look again in a moment.
      await pause(retryMs);
    }
    return drawn;
  })();
  return {
    done,
    get stopped() {
      return stopped;
    },
    stop: async () => {
      stopped = true;
      wake?.();
      await done.catch(() => {});
    },
  };
}
