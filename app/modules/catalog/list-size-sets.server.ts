import { asc, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { sizeSets } from "~/modules/catalog/tables";
import type { SizeSetOption } from "./size-set-rules";

const columns = {
  id: sizeSets.id,
  name: sizeSets.name,
  position: sizeSets.position,
  sizes: sizeSets.sizes,
  guide: sizeSets.guide,
};

/** The shop's size sets in the owner's order, each with its sizes and guide (kept in the read cache). */
export function listSizeSets(db: DbOrTx): Promise<SizeSetOption[]> {
  return readThrough(db, "catalog", "size-sets", () =>
    db.select(columns).from(sizeSets).orderBy(asc(sizeSets.position), asc(sizeSets.id)),
  );
}

export type SizeSetWithUse = SizeSetOption & { products: number };

/** The dashboard's list: each set with how many products use it (the owner's read, not cached). */
export function listSizeSetsWithUse(db: DbOrTx): Promise<SizeSetWithUse[]> {
  return db
    .select({
      ...columns,
      products: sql<number>`(select count(*)::int from products p where p.size_set_id = "size_sets"."id")`.mapWith(
        Number,
      ),
    })
    .from(sizeSets)
    .orderBy(asc(sizeSets.position), asc(sizeSets.id));
}
