import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { categories } from "~/modules/catalog/tables";
import { AppError } from "~/lib/errors";

/**
 * Moves a category one place up or down in the owner's order (the storefront's lists follow). The
 * positions are first made 0..n-1 in the current order, so equal or gapped positions (older shops,
 * the seed) move predictably; then the category swaps with its neighbour.
 */
export async function moveCategory(
  db: Db,
  slug: string,
  direction: "up" | "down",
): Promise<{ name: string; moved: boolean }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ slug: categories.slug, name: categories.name, position: categories.position })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name))
      .for("update");
    const index = rows.findIndex((r) => r.slug === slug);
    if (index < 0) throw new AppError("NOT_FOUND", "That category no longer exists");
    const other = direction === "up" ? index - 1 : index + 1;
    if (other < 0 || other >= rows.length) return { name: rows[index].name, moved: false };
    const order = rows.map((r) => r.slug);
    [order[index], order[other]] = [order[other], order[index]];
    const changed = order
      .map((s, position) => ({ s, position }))
      .filter(({ s, position }) => rows.find((r) => r.slug === s)!.position !== position);
    for (const { s, position } of changed) await tx.update(categories).set({ position }).where(eq(categories.slug, s));
    return { name: rows[index].name, moved: true };
  });
}
