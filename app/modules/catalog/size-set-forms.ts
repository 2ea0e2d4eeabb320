import { z } from "~/lib/zod";
import type { SizeGuideTable } from "~/modules/catalog/tables";
import type { SizeSetChange } from "./change-size-set.server";
import {
  parseGuideColumns,
  parseSizeList,
  SIZE_SET_MESSAGES,
  sizeNameSchema,
  sizeSetNameSchema,
} from "./size-set-rules";

/**
 * The Size sets page's posts as changes. Every form posts an `intent` and (but for add) the set's
 * `id`; a size's forms also post the `size` they concern. What was typed comes back on a refusal.
 */

export const UNKNOWN_ACTION = "Unknown action";
export const NO_SUCH_SIZE_SET = "This size set no longer exists";

const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value : ""));
/** A set's id in the form; a missing or garbled one is a set that no longer exists (the action says so). */
const setId = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    if (typeof value === "string" && /^\d{1,9}$/.test(value)) return Number(value);
    ctx.addIssue({ code: "custom", path: [], message: NO_SUCH_SIZE_SET });
    return z.NEVER;
  });
const fail = (ctx: z.RefinementCtx, field: string, message: string) => {
  ctx.addIssue({ code: "custom", path: [field], message });
  return z.NEVER;
};

/** Add a size set: a name and its sizes in order (the form checked in the browser). */
export const addSizeSetSchema = z
  .object({ intent: z.literal("add"), name: text, sizes: text })
  .transform((raw, ctx): SizeSetChange => {
    const name = sizeSetNameSchema.safeParse(raw.name);
    const sizes = parseSizeList(raw.sizes);
    if (!name.success) fail(ctx, "name", SIZE_SET_MESSAGES.name);
    if ("error" in sizes) fail(ctx, "sizes", sizes.error);
    if (!name.success || "error" in sizes) return z.NEVER;
    return { kind: "add", name: name.data, sizes: sizes.sizes };
  });

/**
 * Every form of the page as a change; `sizesOf` gives a set's sizes now (the guide's rows), or
 * null for a set that is gone, and `cellText` a guide cell as posted (read from the form itself: a
 * size may hold a dot, which a parsed form would take for a path).
 */
export function sizeSetFormSchema(sizesOf: (id: number) => string[] | null, cellText: (name: string) => string) {
  return z.discriminatedUnion(
    "intent",
    [
      addSizeSetSchema,
      z.object({ intent: z.literal("rename"), id: setId, name: text }).transform((raw, ctx): SizeSetChange => {
        const name = sizeSetNameSchema.safeParse(raw.name);
        return name.success
          ? { kind: "rename", id: raw.id, name: name.data }
          : fail(ctx, "name", SIZE_SET_MESSAGES.name);
      }),
      z
        .object({ intent: z.enum(["up", "down", "delete"]), id: setId })
        .transform(({ intent, id }): SizeSetChange =>
          intent === "delete" ? { kind: "delete", id } : { kind: "move", id, direction: intent },
        ),
      z.object({ intent: z.literal("add-size"), id: setId, newSize: text }).transform((raw, ctx): SizeSetChange => {
        const typed = sizeNameSchema.safeParse(raw.newSize);
        return typed.success
          ? { kind: "add-size", id: raw.id, size: typed.data }
          : fail(ctx, "newSize", SIZE_SET_MESSAGES.size);
      }),
      z
        .object({ intent: z.literal("rename-size"), id: setId, size: text, newName: text })
        .transform((raw, ctx): SizeSetChange => {
          const typed = sizeNameSchema.safeParse(raw.newName);
          return typed.success
            ? { kind: "rename-size", id: raw.id, from: raw.size, to: typed.data }
            : fail(ctx, "newName", SIZE_SET_MESSAGES.size);
        }),
      z
        .object({ intent: z.enum(["size-up", "size-down", "remove-size"]), id: setId, size: text })
        .transform(({ intent, id, size }): SizeSetChange =>
          intent === "remove-size"
            ? { kind: "remove-size", id, size }
            : { kind: "move-size", id, size, direction: intent === "size-up" ? "up" : "down" },
        ),
      // The guide's cells are named by size (`cell:{size}:{column}`): read through `cellText`.
      z
        .object({ intent: z.literal("guide"), id: setId, columns: text, note: text })
        .transform((raw, ctx): SizeSetChange => {
          const sizes = sizesOf(raw.id);
          if (!sizes) {
            ctx.addIssue({ code: "custom", path: ["id"], message: NO_SUCH_SIZE_SET });
            return z.NEVER;
          }
          const guide = readGuide(raw, sizes, cellText);
          if ("errors" in guide) {
            for (const [field, message] of Object.entries(guide.errors)) fail(ctx, field, message);
            return z.NEVER;
          }
          return { kind: "guide", id: raw.id, guide: guide.guide };
        }),
    ],
    { error: UNKNOWN_ACTION },
  );
}

/** The guide's cells are posted as `cell:{size}:{column index}`. */
export const guideCellName = (size: string, column: number) => `cell:${size}:${column}`;

function readGuide(
  form: { columns: string; note: string },
  sizes: string[],
  cellText: (name: string) => string,
): { guide: SizeGuideTable | null } | { errors: Record<string, string> } {
  const columns = parseGuideColumns(form.columns);
  if (!columns) return { errors: { columns: SIZE_SET_MESSAGES.columns } };
  const note = form.note.trim();
  if (note.length > 300) return { errors: { note: SIZE_SET_MESSAGES.note } };
  const rows = sizes.map((size) => ({
    size,
    values: columns.map((_, i) => cellText(guideCellName(size, i)).trim()),
  }));
  if (rows.some((r) => r.values.some((v) => v.length > 30))) return { errors: { guide: SIZE_SET_MESSAGES.cell } };
  if (columns.length === 0 && !note) return { guide: null };
  return { guide: { columns, rows: rows.filter((r) => r.values.some((v) => v !== "")), ...(note ? { note } : {}) } };
}
