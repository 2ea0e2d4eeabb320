import { and, asc, eq, ilike, ne, notExists, or, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { categories, collectionProducts, collections, products } from "~/modules/catalog/tables";
import type { ProductStatus } from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";

/**
 * A hand-picked collection's list, as the owner edits it: add a product found by a search, take
 * one out, move one up or down. Positions are renumbered 0..n-1 on every move, so the order is
 * always exactly what the owner sees.
 */

/** The most products one hand-picked collection holds: a shop window, not a second catalogue. */
export const MAX_PICKS = 500;
export const PICK_SEARCH_RESULTS = 20;

export type CollectionPick = {
  id: string;
  name: string;
  status: ProductStatus;
  categoryName: string;
  categoryHidden: boolean;
  price: number;
};

async function requireCollection(db: DbOrTx, id: number): Promise<void> {
  const [row] = await db.select({ id: collections.id }).from(collections).where(eq(collections.id, id));
  if (!row) throw new AppError("NOT_FOUND", "That collection no longer exists");
}

/** The collection's products in the owner's order, drafts and hidden ones included (marked so). */
export async function listCollectionPicks(db: DbOrTx, collectionId: number): Promise<CollectionPick[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      status: products.status,
      categoryName: categories.name,
      categoryHidden: categories.hidden,
      price: products.price,
    })
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .innerJoin(categories, eq(categories.slug, products.categorySlug))
    .where(eq(collectionProducts.collectionId, collectionId))
    .orderBy(asc(collectionProducts.position), asc(products.id))
    .limit(MAX_PICKS);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Products whose name (or id) holds every typed word, not archived and not in the collection yet. */
export async function searchProductsToPick(db: DbOrTx, collectionId: number, q: string): Promise<CollectionPick[]> {
  const words = q.trim().split(/\s+/).filter(Boolean).slice(0, 6);
  if (words.length === 0) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      status: products.status,
      categoryName: categories.name,
      categoryHidden: categories.hidden,
      price: products.price,
    })
    .from(products)
    .innerJoin(categories, eq(categories.slug, products.categorySlug))
    .where(
      and(
        ne(products.status, "archived"),
        ...words.map((w) => or(ilike(products.name, `%${escapeLike(w)}%`), ilike(products.id, `%${escapeLike(w)}%`))),
        notExists(
          db
            .select({ one: sql`1` })
            .from(collectionProducts)
            .where(
              and(eq(collectionProducts.collectionId, collectionId), eq(collectionProducts.productId, products.id)),
            ),
        ),
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .limit(PICK_SEARCH_RESULTS);
}

/** Puts a product at the end of the list (already in it: nothing changes). Answers the product's name. */
export async function addCollectionProduct(
  db: DbOrTx,
  collectionId: number,
  productId: string,
): Promise<{ name: string }> {
  await requireCollection(db, collectionId);
  const [product] = await db
    .select({ name: products.name })
    .from(products)
    .where(and(eq(products.id, productId), ne(products.status, "archived")));
  if (!product) throw new AppError("NOT_FOUND", "That product no longer exists");
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(collectionProducts)
    .where(eq(collectionProducts.collectionId, collectionId));
  if (n >= MAX_PICKS) throw new AppError("VALIDATION", `A collection holds at most ${MAX_PICKS} products`);
  await db
    .insert(collectionProducts)
    .values({
      collectionId,
      productId,
      position: sql`(select coalesce(max(position), -1) + 1 from collection_products where collection_id = ${collectionId})`,
    })
    .onConflictDoNothing();
  return product;
}

export async function removeCollectionProduct(db: DbOrTx, collectionId: number, productId: string): Promise<void> {
  await db
    .delete(collectionProducts)
    .where(and(eq(collectionProducts.collectionId, collectionId), eq(collectionProducts.productId, productId)));
}

/** Moves a product one place up or down (at either end: nothing changes), renumbering the list. */
export async function moveCollectionProduct(
  db: DbOrTx,
  collectionId: number,
  productId: string,
  direction: "up" | "down",
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: collectionProducts.productId })
      .from(collectionProducts)
      .where(eq(collectionProducts.collectionId, collectionId))
      .orderBy(asc(collectionProducts.position), asc(collectionProducts.productId))
      .for("update");
    const ids = rows.map((r) => r.id);
    const at = ids.indexOf(productId);
    if (at === -1) throw new AppError("NOT_FOUND", "That product is no longer in the collection");
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to], ids[at]];
    await tx.execute(sql`update collection_products cp set position = o.ord - 1
      from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as o(pid, ord)
      where cp.collection_id = ${collectionId} and cp.product_id = o.pid`);
  });
}
