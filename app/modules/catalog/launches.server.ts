import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "~/db/client.server";
import { categories, products } from "~/modules/catalog/tables";
import { AppError } from "~/lib/errors";
import type { AvailabilityWatch, LaunchedItems } from "./availability-watch";
import type { UpcomingLaunches } from "./owner-catalog-types";

/**
 * Coming-soon products and categories: scheduled for a time, or launched now by the owner.
 * Launching makes a product buyable (status active) and opens a category (coming_soon false).
 * Every launch is one `update ... where ... returning`, so two server processes (or two clicks)
 * never launch the same thing twice, and the watch (Notify Me) hears of each launch once.
 */

export type LaunchTarget = { kind: "product"; id: string } | { kind: "category"; slug: string };

/** Products of just-opened categories that wait for their category rather than a time of their own. */
async function launchWaitingProducts(tx: Tx, slugs: string[]) {
  if (slugs.length === 0) return [];
  return tx
    .update(products)
    .set({ status: "active", launchAt: null, updatedAt: new Date() })
    .where(and(inArray(products.categorySlug, slugs), eq(products.status, "coming-soon"), isNull(products.launchAt)))
    .returning({ id: products.id, name: products.name });
}

export async function launchNow(db: Db, target: LaunchTarget, watch: AvailabilityWatch): Promise<LaunchedItems> {
  return db.transaction(async (tx) => {
    const launched: LaunchedItems = { products: [], categories: [] };
    if (target.kind === "product") {
      launched.products = await tx
        .update(products)
        .set({ status: "active", launchAt: null, updatedAt: new Date() })
        .where(and(eq(products.id, target.id), eq(products.status, "coming-soon")))
        .returning({ id: products.id, name: products.name });
      if (launched.products.length === 0)
        throw new AppError("CONFLICT", "That product is not coming soon (already launched?)");
    } else {
      launched.categories = await tx
        .update(categories)
        .set({ comingSoon: false, launchAt: null })
        .where(and(eq(categories.slug, target.slug), eq(categories.comingSoon, true)))
        .returning({ slug: categories.slug, name: categories.name });
      if (launched.categories.length === 0) throw new AppError("CONFLICT", "That collection is already open");
      launched.products = await launchWaitingProducts(tx, [target.slug]);
    }
    await watch.launched(tx, launched);
    return launched;
  });
}

/** Sets (or with null, clears) when a coming-soon product or category launches by itself. */
export async function scheduleLaunch(db: Db, target: LaunchTarget, at: Date | null): Promise<void> {
  const updated =
    target.kind === "product"
      ? await db
          .update(products)
          .set({ launchAt: at })
          .where(and(eq(products.id, target.id), eq(products.status, "coming-soon")))
          .returning({ id: products.id })
      : await db
          .update(categories)
          .set({ launchAt: at })
          .where(and(eq(categories.slug, target.slug), eq(categories.comingSoon, true)))
          .returning({ id: categories.slug });
  if (updated.length === 0)
    throw new AppError("CONFLICT", `That ${target.kind === "product" ? "product" : "collection"} is not coming soon`);
}

/** What the launcher runs every minute: everything whose launch time has come goes on sale. */
export async function runDueLaunches(db: Db, watch: AvailabilityWatch, now: Date = new Date()): Promise<LaunchedItems> {
  return db.transaction(async (tx) => {
    const dueCategories = await tx
      .update(categories)
      .set({ comingSoon: false, launchAt: null })
      .where(and(eq(categories.comingSoon, true), isNotNull(categories.launchAt), lte(categories.launchAt, now)))
      .returning({ slug: categories.slug, name: categories.name });
    const dueProducts = await tx
      .update(products)
      .set({ status: "active", launchAt: null, updatedAt: now })
      .where(and(eq(products.status, "coming-soon"), isNotNull(products.launchAt), lte(products.launchAt, now)))
      .returning({ id: products.id, name: products.name });
    const waiting = await launchWaitingProducts(
      tx,
      dueCategories.map((c) => c.slug),
    );
    const launched = { products: [...dueProducts, ...waiting], categories: dueCategories };
    await watch.launched(tx, launched);
    return launched;
  });
}

/** The coming-soon collections and products, for the owner's launch panel. */
export async function listUpcomingLaunches(db: Db): Promise<UpcomingLaunches> {
  const [cats, prods] = await Promise.all([
    db
      .select({
        slug: categories.slug,
        name: categories.name,
        launchAt: categories.launchAt,
        launchLabel: categories.launchLabel,
      })
      .from(categories)
      .where(eq(categories.comingSoon, true))
      .orderBy(asc(categories.position)),
    db
      .select({ id: products.id, name: products.name, categoryName: categories.name, launchAt: products.launchAt })
      .from(products)
      .innerJoin(categories, eq(categories.slug, products.categorySlug))
      .where(eq(products.status, "coming-soon"))
      .orderBy(asc(products.launchAt), asc(products.name))
      .limit(50),
  ]);
  return { categories: cats, products: prods };
}

/**
 * The products of a launch (modules/launches), before it opens: drafts and coming-soon products
 * become coming soon, opening by themselves at `at` (null: waiting with no time, as when a launch
 * is called off). Products already on sale or archived are refused by name: a launch opens products
 * that are not on sale yet.
 */
export async function holdProductsForLaunch(tx: Tx, productIds: string[], at: Date | null): Promise<void> {
  if (productIds.length === 0) return;
  const found = await tx
    .select({ id: products.id, name: products.name, status: products.status })
    .from(products)
    .where(inArray(products.id, productIds));
  const onSale = found.filter((p) => p.status === "active" || p.status === "archived");
  if (onSale.length > 0)
    throw new AppError(
      "VALIDATION",
      `${onSale.map((p) => p.name).join(", ")} ${onSale.length === 1 ? "is" : "are"} on sale or archived already: a launch opens products that are not on sale yet`,
      { productIds: "Choose products that are not on sale yet" },
    );
  if (found.length !== new Set(productIds).size)
    throw new AppError("VALIDATION", "A product of this launch no longer exists", {
      productIds: "A product of this launch no longer exists",
    });
  await tx
    .update(products)
    .set({ status: "coming-soon", launchAt: at, updatedAt: new Date() })
    .where(inArray(products.id, productIds));
}

/** A launch opened now (its time is past): its products still coming soon go on sale, and the watch hears. */
export async function openProductsNow(tx: Tx, productIds: string[], watch: AvailabilityWatch): Promise<LaunchedItems> {
  if (productIds.length === 0) return { products: [], categories: [] };
  const launched: LaunchedItems = {
    products: await tx
      .update(products)
      .set({ status: "active", launchAt: null, updatedAt: new Date() })
      .where(and(inArray(products.id, productIds), inArray(products.status, ["coming-soon", "draft"])))
      .returning({ id: products.id, name: products.name }),
    categories: [],
  };
  await watch.launched(tx, launched);
  return launched;
}

/** Products a launch let go of (taken out of it, or the launch called off): still coming soon, with no time of their own. */
export async function releaseProductsFromLaunch(tx: Tx, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .update(products)
    .set({ launchAt: null, updatedAt: new Date() })
    .where(and(inArray(products.id, productIds), eq(products.status, "coming-soon")));
}

/** When the next scheduled product or collection opens (the launcher wakes for it), or null. */
export async function nextLaunchAt(db: DbOrTx): Promise<Date | null> {
  const [[product], [category]] = await Promise.all([
    db
      .select({ at: sql<Date | null>`min(${products.launchAt})`.mapWith(products.launchAt) })
      .from(products)
      .where(and(eq(products.status, "coming-soon"), isNotNull(products.launchAt))),
    db
      .select({ at: sql<Date | null>`min(${categories.launchAt})`.mapWith(categories.launchAt) })
      .from(categories)
      .where(and(eq(categories.comingSoon, true), isNotNull(categories.launchAt))),
  ]);
  const times = [product?.at, category?.at].filter((t): t is Date => t instanceof Date);
  return times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null;
}
