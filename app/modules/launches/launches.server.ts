import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { AppError } from "~/lib/errors";
import { categories, products, productVariants } from "~/modules/catalog/reads";
import { orderItems, orders } from "~/modules/orders/reads";
import { launchState } from "./launch-rules";
import { launches, launchProducts } from "./tables";

export type LaunchInput = {
  name: string;
  opensAt: Date;
  perBuyerLimit: number | null;
  waitingRoom: boolean;
  productIds: string[];
};

export type LaunchView = {
  id: number;
  name: string;
  opensAt: Date;
  perBuyerLimit: number | null;
  waitingRoom: boolean;
  state: "scheduled" | "open";
  products: { id: string; name: string; status: string; stock: number; sold: number }[];
};

/**
 * Writes a launch's row and its products (a new launch when `id` is null). A product belongs to
 * one launch: one already in another is refused by name. Answers the launch's id and the products
 * it no longer holds (the flow lets them go: app/flows/save-launch.server.ts).
 */
export async function writeLaunch(
  tx: Tx,
  id: number | null,
  input: LaunchInput,
  now: Date,
): Promise<{ id: number; released: string[] }> {
  const ids = [...new Set(input.productIds)];
  const taken = await tx
    .select({ name: products.name, launch: launches.name })
    .from(launchProducts)
    .innerJoin(launches, eq(launches.id, launchProducts.launchId))
    .innerJoin(products, eq(products.id, launchProducts.productId))
    .where(
      and(inArray(launchProducts.productId, ids), id === null ? undefined : sql`${launchProducts.launchId} <> ${id}`),
    );
  if (taken.length > 0) {
    const message = `${taken.map((t) => `${t.name} (in ${t.launch})`).join(", ")}: a product is in one launch at a time`;
    throw new AppError("VALIDATION", message, { productIds: message });
  }
  const values = {
    name: input.name,
    opensAt: input.opensAt,
    perBuyerLimit: input.perBuyerLimit,
    waitingRoom: input.waitingRoom,
    updatedAt: now,
  };
  let launchId: number;
  let released: string[] = [];
  if (id === null) {
    [{ id: launchId }] = await tx
      .insert(launches)
      .values({ ...values, createdAt: now })
      .returning({ id: launches.id });
  } else {
    const updated = await tx.update(launches).set(values).where(eq(launches.id, id)).returning({ id: launches.id });
    if (updated.length === 0) throw new AppError("NOT_FOUND", "That launch no longer exists");
    launchId = id;
    released = (
      await tx
        .delete(launchProducts)
        .where(and(eq(launchProducts.launchId, id), notInArray(launchProducts.productId, ids)))
        .returning({ productId: launchProducts.productId })
    ).map((r) => r.productId);
  }
  await tx
    .insert(launchProducts)
    .values(ids.map((productId) => ({ launchId, productId })))
    .onConflictDoNothing();
  return { id: launchId, released };
}

/** Removes a launch; answers its products, for the flow to let go of the ones not on sale yet. */
export async function removeLaunch(tx: Tx, id: number): Promise<string[]> {
  const held = await tx
    .select({ productId: launchProducts.productId })
    .from(launchProducts)
    .where(eq(launchProducts.launchId, id));
  const removed = await tx.delete(launches).where(eq(launches.id, id)).returning({ id: launches.id });
  if (removed.length === 0) throw new AppError("NOT_FOUND", "That launch no longer exists");
  return held.map((h) => h.productId);
}

/**
 * Every launch, newest opening first, with its products: stock left (all variants) and pieces
 * ordered since it opened (cancelled orders left out). Three queries, whatever the number of launches.
 */
export async function listLaunches(db: DbOrTx, now: Date): Promise<LaunchView[]> {
  const rows = await db.select().from(launches).orderBy(desc(launches.opensAt), desc(launches.id)).limit(100);
  if (rows.length === 0) return [];
  const held = await db
    .select({
      launchId: launchProducts.launchId,
      id: products.id,
      name: products.name,
      status: products.status,
      stock: sql<number>`coalesce((select sum(${productVariants.stock}) from ${productVariants} where ${productVariants.productId} = ${products.id}), 0)::int`,
    })
    .from(launchProducts)
    .innerJoin(products, eq(products.id, launchProducts.productId))
    .where(
      inArray(
        launchProducts.launchId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(products.name));
  const sold = await db
    .select({
      productId: orderItems.productId,
      pieces: sql<number>`sum(${orderItems.quantity})::int`,
    })
    .from(launchProducts)
    .innerJoin(launches, eq(launches.id, launchProducts.launchId))
    .innerJoin(orderItems, eq(orderItems.productId, launchProducts.productId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(
          launchProducts.launchId,
          rows.map((r) => r.id),
        ),
        sql`${orders.createdAt} >= ${launches.opensAt}`,
        sql`${orders.status} <> 'cancelled'`,
      ),
    )
    .groupBy(orderItems.productId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    opensAt: r.opensAt,
    perBuyerLimit: r.perBuyerLimit,
    waitingRoom: r.waitingRoom,
    state: launchState(r.opensAt, now),
    products: held
      .filter((h) => h.launchId === r.id)
      .map(({ launchId: _launchId, ...p }) => ({
        ...p,
        stock: Number(p.stock),
        sold: Number(sold.find((s) => s.productId === p.id)?.pieces ?? 0),
      })),
  }));
}

/** Products a launch may hold: those not on sale yet (drafts, coming soon) and not in another launch, by category. */
export async function launchCandidates(db: DbOrTx, launchId: number | null) {
  return db
    .select({ id: products.id, name: products.name, status: products.status, categoryName: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.slug, products.categorySlug))
    .leftJoin(launchProducts, eq(launchProducts.productId, products.id))
    .where(
      and(
        sql`(${products.status} in ('draft', 'coming-soon') or ${launchProducts.launchId} is not null)`,
        launchId === null
          ? sql`${launchProducts.launchId} is null`
          : sql`(${launchProducts.launchId} is null or ${launchProducts.launchId} = ${launchId})`,
      ),
    )
    .orderBy(asc(categories.position), asc(products.name))
    .limit(500);
}

export type ProductLaunch = {
  id: number;
  name: string;
  opensAt: Date;
  perBuyerLimit: number | null;
  waitingRoom: boolean;
};

/** The launch a product is in (for its page: the countdown, the limit), or null; kept with the catalogue's reads. */
export function launchOfProduct(db: DbOrTx, productId: string): Promise<ProductLaunch | null> {
  return readThrough(db, "catalog", `launch:${productId}`, () => queryLaunchOfProduct(db, productId));
}

async function queryLaunchOfProduct(db: DbOrTx, productId: string): Promise<ProductLaunch | null> {
  const [row] = await db
    .select({
      id: launches.id,
      name: launches.name,
      opensAt: launches.opensAt,
      perBuyerLimit: launches.perBuyerLimit,
      waitingRoom: launches.waitingRoom,
    })
    .from(launchProducts)
    .innerJoin(launches, eq(launches.id, launchProducts.launchId))
    .where(eq(launchProducts.productId, productId));
  return row ?? null;
}

/** How long before a launch opens, and after, its waiting room may form. */
export const WAITING_ROOM_WINDOW = { beforeMs: 10 * 60_000, afterMs: 6 * 3600_000 } as const;

/**
 * The products whose pages (with the cart and checkout) go through the waiting room now: those of
 * launches using it, from 10 minutes before they open to 6 hours after; when those launches open;
 * and whether, all open, every piece of them is sold. No products: no room anywhere.
 */
export async function waitingRoomProducts(
  db: DbOrTx,
  now: Date,
): Promise<{ productIds: string[]; openings: Date[]; soldOut: boolean }> {
  const rows = await db
    .select({ productId: launchProducts.productId, opensAt: launches.opensAt })
    .from(launchProducts)
    .innerJoin(launches, eq(launches.id, launchProducts.launchId))
    .where(
      and(
        eq(launches.waitingRoom, true),
        sql`${launches.opensAt} <= ${new Date(now.getTime() + WAITING_ROOM_WINDOW.beforeMs).toISOString()}::timestamptz`,
        sql`${launches.opensAt} >= ${new Date(now.getTime() - WAITING_ROOM_WINDOW.afterMs).toISOString()}::timestamptz`,
      ),
    );
  const openings = [...new Set(rows.map((r) => new Date(r.opensAt).getTime()))].map((t) => new Date(t));
  const productIds = rows.map((r) => r.productId);
  // Sold out once opened and not a piece left: the waiting page says so, and nobody waits for nothing.
  let soldOut = false;
  if (productIds.length && openings.every((at) => at.getTime() <= now.getTime())) {
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(productVariants)
      .where(and(inArray(productVariants.productId, productIds), sql`${productVariants.stock} > 0`));
    soldOut = left.n === 0;
  }
  return { productIds, openings, soldOut };
}
