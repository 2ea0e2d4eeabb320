import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { products, productVariants, sizeSets, type SizeGuideTable } from "~/modules/catalog/tables";
import { AppError } from "~/lib/errors";
import { MAX_SIZES, SIZE_SET_MESSAGES } from "./size-set-rules";

/** What the owner does on Dashboard -> Catalogue -> Size sets (names and sizes already checked by size-set-form). */
export type SizeSetChange =
  | { kind: "add"; name: string; sizes: string[] }
  | { kind: "rename"; id: number; name: string }
  | { kind: "move"; id: number; direction: "up" | "down" }
  | { kind: "delete"; id: number }
  | { kind: "add-size"; id: number; size: string }
  | { kind: "rename-size"; id: number; from: string; to: string }
  | { kind: "move-size"; id: number; size: string; direction: "up" | "down" }
  | { kind: "remove-size"; id: number; size: string }
  | { kind: "guide"; id: number; guide: SizeGuideTable | null };

const fail = (field: string, message: string): never => {
  throw new AppError("VALIDATION", message, { [field]: message });
};

function swap<T>(list: T[], index: number, direction: "up" | "down"): T[] {
  const to = direction === "up" ? index - 1 : index + 1;
  if (index < 0 || to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

async function assertNameFree(tx: Tx, name: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: sizeSets.id })
    .from(sizeSets)
    .where(
      and(
        sql`lower(${sizeSets.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(sizeSets.id, exceptId),
      ),
    );
  if (clash) fail("name", SIZE_SET_MESSAGES.nameTaken);
}

async function lockedSet(tx: Tx, id: number) {
  const [set] = await tx.select().from(sizeSets).where(eq(sizeSets.id, id)).for("update");
  if (!set) throw new AppError("NOT_FOUND", "This size set no longer exists");
  return set;
}

/** The products of a set: the variants a size rename or removal concerns. */
const productsOfSet = (tx: Tx, id: number) =>
  tx.select({ id: products.id }).from(products).where(eq(products.sizeSetId, id));

/**
 * Every change to a size set, in one transaction. Renaming a size renames it on the variants of the
 * set's products (never on orders: an order keeps the size it was placed in) and in the guide; a
 * size is removed only when no product of the set has it; a set products use is never deleted.
 */
export async function changeSizeSet(db: Db, change: SizeSetChange): Promise<{ id: number; name: string }> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalogue-size-sets'))`);
      if (change.kind === "add") {
        await assertNameFree(tx, change.name);
        const [{ next }] = await tx
          .select({ next: sql<number>`coalesce(max(${sizeSets.position}) + 1, 0)::int` })
          .from(sizeSets);
        const [row] = await tx
          .insert(sizeSets)
          .values({ name: change.name, sizes: change.sizes, position: next })
          .returning({ id: sizeSets.id, name: sizeSets.name });
        return row;
      }
      const set = await lockedSet(tx, change.id);
      const done = { id: set.id, name: set.name };
      const index = (size: string) => set.sizes.indexOf(size);
      switch (change.kind) {
        case "rename":
          await assertNameFree(tx, change.name, set.id);
          await tx.update(sizeSets).set({ name: change.name }).where(eq(sizeSets.id, set.id));
          return { id: set.id, name: change.name };
        case "move": {
          const all = await tx
            .select({ id: sizeSets.id })
            .from(sizeSets)
            .orderBy(asc(sizeSets.position), asc(sizeSets.id));
          const ids = swap(
            all.map((s) => s.id),
            all.findIndex((s) => s.id === set.id),
            change.direction,
          );
          for (const [position, id] of ids.entries())
            await tx
              .update(sizeSets)
              .set({ position })
              .where(and(eq(sizeSets.id, id), ne(sizeSets.position, position)));
          return done;
        }
        case "delete": {
          const [{ n }] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(products)
            .where(eq(products.sizeSetId, set.id));
          if (n > 0) throw new AppError("CONFLICT", SIZE_SET_MESSAGES.setInUse(n));
          await tx.delete(sizeSets).where(eq(sizeSets.id, set.id));
          return done;
        }
        case "add-size":
          if (set.sizes.some((s) => s.toLowerCase() === change.size.toLowerCase()))
            fail("size", SIZE_SET_MESSAGES.sizeTaken);
          if (set.sizes.length >= MAX_SIZES) fail("size", SIZE_SET_MESSAGES.tooManySizes);
          await tx
            .update(sizeSets)
            .set({ sizes: [...set.sizes, change.size] })
            .where(eq(sizeSets.id, set.id));
          return done;
        case "rename-size": {
          if (index(change.from) < 0) throw new AppError("NOT_FOUND", "This size is no longer in the set");
          if (change.from === change.to) return done;
          if (set.sizes.some((s) => s !== change.from && s.toLowerCase() === change.to.toLowerCase()))
            fail("size", SIZE_SET_MESSAGES.sizeTaken);
          const sizes = set.sizes.map((s) => (s === change.from ? change.to : s));
          const guide = set.guide && {
            ...set.guide,
            rows: set.guide.rows.map((r) => (r.size === change.from ? { ...r, size: change.to } : r)),
          };
          await tx.update(sizeSets).set({ sizes, guide }).where(eq(sizeSets.id, set.id));
          await tx
            .update(productVariants)
            .set({ size: change.to })
            .where(
              and(eq(productVariants.size, change.from), inArray(productVariants.productId, productsOfSet(tx, set.id))),
            );
          return done;
        }
        case "move-size":
          await tx
            .update(sizeSets)
            .set({ sizes: swap(set.sizes, index(change.size), change.direction) })
            .where(eq(sizeSets.id, set.id));
          return done;
        case "remove-size": {
          if (index(change.size) < 0) return done;
          if (set.sizes.length === 1) throw new AppError("CONFLICT", SIZE_SET_MESSAGES.lastSize);
          const [{ n }] = await tx
            .select({ n: sql<number>`count(distinct ${productVariants.productId})::int` })
            .from(productVariants)
            .where(
              and(eq(productVariants.size, change.size), inArray(productVariants.productId, productsOfSet(tx, set.id))),
            );
          if (n > 0) throw new AppError("CONFLICT", SIZE_SET_MESSAGES.inUse(change.size, n));
          const guide = set.guide && { ...set.guide, rows: set.guide.rows.filter((r) => r.size !== change.size) };
          await tx
            .update(sizeSets)
            .set({ sizes: set.sizes.filter((s) => s !== change.size), guide })
            .where(eq(sizeSets.id, set.id));
          return done;
        }
        case "guide":
          await tx.update(sizeSets).set({ guide: change.guide }).where(eq(sizeSets.id, set.id));
          return done;
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) fail("name", SIZE_SET_MESSAGES.nameTaken);
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
