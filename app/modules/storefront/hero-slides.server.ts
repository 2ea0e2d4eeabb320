import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { collections } from "~/modules/catalog/reads";
import { heroSlides, pages } from "~/modules/storefront/tables";
import type { StoredImageRef } from "~/db/schema/stored-image";
import { AppError } from "~/lib/errors";
import type { HeroField, HeroSlideInput, ShownHeroSlide } from "./hero-slides";
import { isLive } from "./schedule-window";
import { categoryHref, collectionHref, pageHref, type LinkTarget } from "./shop-link";

export type HeroSlideRow = typeof heroSlides.$inferSelect;

const MAX_SLIDES = 12;

async function queryAll(db: DbOrTx): Promise<HeroSlideRow[]> {
  return db.select().from(heroSlides).orderBy(asc(heroSlides.position), asc(heroSlides.id));
}

/** Every slide, in the owner's order (the editor's list). */
export function listHeroSlides(db: DbOrTx): Promise<HeroSlideRow[]> {
  return queryAll(db);
}

export async function getHeroSlide(db: DbOrTx, id: number): Promise<HeroSlideRow> {
  const [row] = await db.select().from(heroSlides).where(eq(heroSlides.id, id));
  if (!row) throw new AppError("NOT_FOUND", "That slide no longer exists");
  return row;
}

/**
 * The slides live at `now`, in order. Every slide is kept in memory until a slide changes; which are
 * live is decided per request, and the guest page cache is emptied at each start and end
 * (flows/next-schedule-boundary.server.ts), so a slide appears and goes on time with nothing pressed.
 */
export async function liveHeroSlides(db: DbOrTx, now: Date): Promise<ShownHeroSlide[]> {
  const all = await readThrough(db, "catalog", "hero-slides", () => queryAll(db));
  return all
    .filter((s) => isLive(s, now))
    .map((s) => ({
      id: s.id,
      eyebrow: s.eyebrow,
      headline: s.headline,
      text: s.text,
      buttonLabel: s.buttonLabel,
      buttonHref: s.buttonHref,
      image: s.image,
      phoneImage: s.phoneImage,
      imageAlt: s.imageAlt,
    }));
}

/** The path a picked target is on the storefront; a collection or page that is gone is refused beside the picker. */
export async function targetPath(db: DbOrTx, target: LinkTarget): Promise<string> {
  switch (target.kind) {
    case "none":
      return "";
    case "path":
      return target.path;
    case "category":
      return categoryHref(target.slug);
    case "collection": {
      const [row] = await db.select({ slug: collections.slug }).from(collections).where(eq(collections.id, target.id));
      if (!row)
        throw new AppError("VALIDATION", "That collection no longer exists", {
          link: "That collection no longer exists",
        });
      return collectionHref(row.slug);
    }
    case "page": {
      const [row] = await db
        .select({ slug: pages.slug, builtin: pages.builtin })
        .from(pages)
        .where(eq(pages.id, target.id));
      if (!row) throw new AppError("VALIDATION", "That page no longer exists", { link: "That page no longer exists" });
      return pageHref(row);
    }
  }
}

export type HeroImages = { image?: StoredImageRef; phoneImage?: StoredImageRef; removePhoneImage?: boolean };

/** Adds a slide (at the end) or changes one; a new slide needs its desktop picture. */
export async function saveHeroSlide(
  db: DbOrTx,
  id: number | null,
  input: HeroSlideInput,
  images: HeroImages,
): Promise<number> {
  const buttonHref = await targetPath(db, input.button);
  const values = {
    eyebrow: input.eyebrow,
    headline: input.headline,
    text: input.text,
    buttonLabel: input.buttonLabel,
    buttonHref,
    imageAlt: input.imageAlt,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    updatedAt: new Date(),
    ...(images.image ? { image: images.image } : {}),
    ...(images.phoneImage ? { phoneImage: images.phoneImage } : images.removePhoneImage ? { phoneImage: null } : {}),
  };
  if (id === null) {
    if (!images.image)
      throw new AppError("VALIDATION", "Choose the slide's picture", {
        image: "Choose the slide's picture",
      } satisfies Partial<Record<HeroField, string>>);
    const [{ count, next }] = await db
      .select({
        count: sql<number>`count(*)::int`,
        next: sql<number>`coalesce(max(${heroSlides.position}) + 1, 0)::int`,
      })
      .from(heroSlides);
    if (count >= MAX_SLIDES)
      throw new AppError("VALIDATION", `The home page holds at most ${MAX_SLIDES} slides`, {
        headline: `The home page holds at most ${MAX_SLIDES} slides: delete an old one first`,
      });
    const [row] = await db
      .insert(heroSlides)
      .values({ ...values, position: next })
      .returning({ id: heroSlides.id });
    return row.id;
  }
  const updated = await db.update(heroSlides).set(values).where(eq(heroSlides.id, id)).returning({ id: heroSlides.id });
  if (!updated.length) throw new AppError("NOT_FOUND", "That slide no longer exists");
  return id;
}

export async function deleteHeroSlide(db: DbOrTx, id: number): Promise<void> {
  await db.delete(heroSlides).where(eq(heroSlides.id, id));
}

/** Moves a slide one place up or down in the order (the first live one is the one shown first). */
export async function moveHeroSlide(db: DbOrTx, id: number, direction: "up" | "down"): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = (await queryAll(tx)).map((s) => s.id);
    const at = ids.indexOf(id);
    if (at < 0) throw new AppError("NOT_FOUND", "That slide no longer exists");
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to], ids[at]];
    for (const [position, slide] of ids.entries())
      await tx.update(heroSlides).set({ position }).where(eq(heroSlides.id, slide));
  });
}

/** The next start or end of any slide after `now`, or null (hero_slides has few rows: SQL picks the least). */
export async function nextHeroBoundary(db: DbOrTx, now: Date): Promise<Date | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      next: sql<
        string | Date | null
      >`least(min(${heroSlides.startsAt}) filter (where ${heroSlides.startsAt} > ${at}), min(${heroSlides.endsAt}) filter (where ${heroSlides.endsAt} > ${at}))`,
    })
    .from(heroSlides);
  return row?.next ? new Date(row.next) : null;
}
