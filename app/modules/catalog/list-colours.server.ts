import { asc, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { colors } from "~/modules/catalog/tables";
import type { ColourOption } from "./colour-rules";

/** The shop's colours in the owner's order, retired ones included (kept in the read cache). */
export function listColours(db: DbOrTx): Promise<ColourOption[]> {
  return readThrough(db, "catalog", "colours", () =>
    db
      .select({ id: colors.id, name: colors.name, hex: colors.hex, position: colors.position, retired: colors.retired })
      .from(colors)
      .orderBy(asc(colors.position), asc(colors.id)),
  );
}

export type ColourWithUse = ColourOption & { products: number };

/** The dashboard's list: each colour with how many products are made in it (the owner's read, not cached). */
export function listColoursWithUse(db: DbOrTx): Promise<ColourWithUse[]> {
  return db
    .select({
      id: colors.id,
      name: colors.name,
      hex: colors.hex,
      position: colors.position,
      retired: colors.retired,
      // From product_variants_color_idx: the variants of this colour, counted by product.
      products:
        sql<number>`(select count(distinct pv.product_id)::int from product_variants pv where pv.color = "colors"."name")`.mapWith(
          Number,
        ),
    })
    .from(colors)
    .orderBy(asc(colors.position), asc(colors.id));
}
