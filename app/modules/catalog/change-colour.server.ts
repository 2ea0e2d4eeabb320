import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { colors, productImages, productVariants } from "~/modules/catalog/tables";
import { AppError } from "~/lib/errors";
import { COLOUR_MESSAGES, type ColourInput } from "./colour-rules";

/** What the owner does to a colour on Dashboard -> Catalogue -> Colours. */
export type ColourChange =
  | { kind: "add"; input: ColourInput }
  | { kind: "edit"; id: number; input: ColourInput }
  | { kind: "move"; id: number; direction: "up" | "down" }
  | { kind: "retire"; id: number; retired: boolean };

async function assertNameFree(tx: Tx, name: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: colors.id })
    .from(colors)
    .where(
      and(sql`lower(${colors.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(colors.id, exceptId)),
    );
  if (clash) throw new AppError("VALIDATION", COLOUR_MESSAGES.nameTaken, { name: COLOUR_MESSAGES.nameTaken });
}

async function lockedColour(tx: Tx, id: number) {
  const [colour] = await tx.select().from(colors).where(eq(colors.id, id)).for("update");
  if (!colour) throw new AppError("NOT_FOUND", "This colour no longer exists");
  return colour;
}

/**
 * Adds, edits, moves, retires or brings back a colour, in one transaction. A rename renames the
 * colour on product variants and product photos too (never on order lines: an order keeps the name
 * it was placed with). Names are unique whatever their case; the unique index settles a race.
 */
export async function changeColour(db: Db, change: ColourChange): Promise<{ id: number; name: string }> {
  try {
    return await db.transaction(async (tx) => {
      // One owner's edits at a time: positions and the name check read what the others wrote.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalogue-colours'))`);
      switch (change.kind) {
        case "add": {
          await assertNameFree(tx, change.input.name);
          const [{ next }] = await tx
            .select({ next: sql<number>`coalesce(max(${colors.position}) + 1, 0)::int` })
            .from(colors);
          const [row] = await tx
            .insert(colors)
            .values({ name: change.input.name, hex: change.input.hex, position: next })
            .returning({ id: colors.id, name: colors.name });
          return row;
        }
        case "edit": {
          const colour = await lockedColour(tx, change.id);
          await assertNameFree(tx, change.input.name, colour.id);
          await tx
            .update(colors)
            .set({ name: change.input.name, hex: change.input.hex })
            .where(eq(colors.id, colour.id));
          if (colour.name !== change.input.name) {
            await tx
              .update(productVariants)
              .set({ color: change.input.name })
              .where(eq(productVariants.color, colour.name));
            await tx
              .update(productImages)
              .set({ color: change.input.name })
              .where(eq(productImages.color, colour.name));
          }
          return { id: colour.id, name: change.input.name };
        }
        case "move": {
          const colour = await lockedColour(tx, change.id);
          const all = await tx.select({ id: colors.id }).from(colors).orderBy(asc(colors.position), asc(colors.id));
          const ids = all.map((c) => c.id);
          const from = ids.indexOf(colour.id);
          const to = change.direction === "up" ? from - 1 : from + 1;
          if (to >= 0 && to < ids.length) {
            [ids[from], ids[to]] = [ids[to], ids[from]];
            for (const [position, id] of ids.entries())
              await tx
                .update(colors)
                .set({ position })
                .where(and(eq(colors.id, id), ne(colors.position, position)));
          }
          return { id: colour.id, name: colour.name };
        }
        case "retire": {
          const colour = await lockedColour(tx, change.id);
          await tx.update(colors).set({ retired: change.retired }).where(eq(colors.id, colour.id));
          return { id: colour.id, name: colour.name };
        }
      }
    });
  } catch (error) {
    if (isUniqueNameViolation(error))
      throw new AppError("VALIDATION", COLOUR_MESSAGES.nameTaken, { name: COLOUR_MESSAGES.nameTaken });
    throw error;
  }
}

function isUniqueNameViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
