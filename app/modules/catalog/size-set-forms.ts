import { z } from "zod";
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
export type SizeSetFormResult =
  | { ok: true; change: SizeSetChange }
  | {
      ok: false;
      intent: string;
      id: number | null;
      size: string;
      values: Record<string, string>;
      errors: Record<string, string>;
    };

const INTENTS = [
  "add",
  "rename",
  "up",
  "down",
  "delete",
  "add-size",
  "rename-size",
  "size-up",
  "size-down",
  "remove-size",
  "guide",
] as const;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The guide's cells are posted as `cell:{size}:{column index}`. */
export const guideCellName = (size: string, column: number) => `cell:${size}:${column}`;

function readGuide(
  form: FormData,
  sizes: string[],
): { guide: SizeGuideTable | null } | { errors: Record<string, string> } {
  const columns = parseGuideColumns(text(form, "columns"));
  if (!columns) return { errors: { columns: SIZE_SET_MESSAGES.columns } };
  const note = text(form, "note").trim();
  if (note.length > 300) return { errors: { note: SIZE_SET_MESSAGES.note } };
  const rows = sizes.map((size) => ({
    size,
    values: columns.map((_, i) => text(form, guideCellName(size, i)).trim()),
  }));
  if (rows.some((r) => r.values.some((v) => v.length > 30))) return { errors: { guide: SIZE_SET_MESSAGES.cell } };
  if (columns.length === 0 && !note) return { guide: null };
  return { guide: { columns, rows: rows.filter((r) => r.values.some((v) => v !== "")), ...(note ? { note } : {}) } };
}

/** A posted form as a change; `sizesOf` gives the set's sizes now (the guide's rows). */
export function readSizeSetForm(form: FormData, sizesOf: (id: number) => string[] | null): SizeSetFormResult {
  const intent = z.enum(INTENTS).safeParse(text(form, "intent"));
  const idText = text(form, "id");
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
  const size = text(form, "size");
  const values = Object.fromEntries(
    [...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string" && e[0] !== "intent"),
  );
  const refuse = (errors: Record<string, string>): SizeSetFormResult => ({
    ok: false,
    intent: intent.success ? intent.data : "",
    id,
    size,
    values,
    errors,
  });
  if (!intent.success) return refuse({ form: "Unknown action" });
  if (intent.data === "add") {
    const name = sizeSetNameSchema.safeParse(text(form, "name"));
    const sizes = parseSizeList(text(form, "sizes"));
    const errors: Record<string, string> = {};
    if (!name.success) errors.name = SIZE_SET_MESSAGES.name;
    if ("error" in sizes) errors.sizes = sizes.error;
    if (!name.success || "error" in sizes) return refuse(errors);
    return { ok: true, change: { kind: "add", name: name.data, sizes: sizes.sizes } };
  }
  if (id === null) return refuse({ form: "This size set no longer exists" });
  switch (intent.data) {
    case "rename": {
      const name = sizeSetNameSchema.safeParse(text(form, "name"));
      return name.success
        ? { ok: true, change: { kind: "rename", id, name: name.data } }
        : refuse({ name: SIZE_SET_MESSAGES.name });
    }
    case "up":
    case "down":
      return { ok: true, change: { kind: "move", id, direction: intent.data } };
    case "delete":
      return { ok: true, change: { kind: "delete", id } };
    case "add-size":
    case "rename-size": {
      const typed = sizeNameSchema.safeParse(text(form, intent.data === "add-size" ? "newSize" : "newName"));
      if (!typed.success)
        return refuse({ [intent.data === "add-size" ? "newSize" : "newName"]: SIZE_SET_MESSAGES.size });
      return {
        ok: true,
        change:
          intent.data === "add-size"
            ? { kind: "add-size", id, size: typed.data }
            : { kind: "rename-size", id, from: size, to: typed.data },
      };
    }
    case "size-up":
    case "size-down":
      return {
        ok: true,
        change: { kind: "move-size", id, size, direction: intent.data === "size-up" ? "up" : "down" },
      };
    case "remove-size":
      return { ok: true, change: { kind: "remove-size", id, size } };
    case "guide": {
      const sizes = sizesOf(id);
      if (!sizes) return refuse({ form: "This size set no longer exists" });
      const guide = readGuide(form, sizes);
      return "errors" in guide ? refuse(guide.errors) : { ok: true, change: { kind: "guide", id, guide: guide.guide } };
    }
  }
}
