import { z } from "~/lib/zod";
import type { SizeGuideTable } from "~/modules/catalog/tables";
import { coloursOffered, type ColourOption } from "./colour-rules";

/**
 * Size sets as data (Dashboard -> Catalogue -> Size sets): named, ordered lists of sizes, each with
 * an optional size guide. Plain rules shared by the dashboard, the product form and the product page.
 */
export type SizeSetOption = {
  id: number;
  name: string;
  position: number;
  sizes: string[];
  guide: SizeGuideTable | null;
};
export type { SizeGuideTable };

export const SIZE_SET_MESSAGES = {
  name: "Enter the size set's name (1 to 40 characters)",
  nameTaken: "There is already a size set with this name",
  sizes: "Enter at least one size, separated by commas (for example 6, 8, 10)",
  size: "Enter the size (1 to 20 characters, no slash)",
  sizeTaken: "This set already has this size",
  tooManySizes: "A size set has at most 40 sizes",
  inUse: (size: string, products: number) =>
    `${size} cannot be removed: ${products} ${products === 1 ? "product uses" : "products use"} it`,
  lastSize: "A size set needs at least one size",
  setInUse: (products: number) =>
    `This size set cannot be deleted: ${products} ${products === 1 ? "product uses" : "products use"} it. Move ${products === 1 ? "it" : "them"} to another size set first.`,
  columns: "Enter up to 8 column names, separated by commas (each up to 30 characters)",
  cell: "Each measurement is at most 30 characters",
  note: "The note is at most 300 characters",
} as const;

export const MAX_SIZES = 40;

// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const BAD_OPTION = /[/\u0000-\u001f\u007f]/;

export const sizeNameSchema = z
  .string()
  .trim()
  .min(1, SIZE_SET_MESSAGES.size)
  .max(20, SIZE_SET_MESSAGES.size)
  .refine((s) => !BAD_OPTION.test(s), SIZE_SET_MESSAGES.size);
export const sizeSetNameSchema = z
  .string()
  .trim()
  .min(1, SIZE_SET_MESSAGES.name)
  .max(40, SIZE_SET_MESSAGES.name)
  // eslint-disable-next-line no-control-regex -- control characters are never a name
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), SIZE_SET_MESSAGES.name);

/** "6, 8, 10" (or one per line) as distinct sizes in the order typed; null when one is unreadable. */
export function parseSizeList(text: string): { sizes: string[] } | { error: string } {
  const parts = text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) return { error: SIZE_SET_MESSAGES.sizes };
  if (parts.length > MAX_SIZES) return { error: SIZE_SET_MESSAGES.tooManySizes };
  const seen = new Set<string>();
  const sizes: string[] = [];
  for (const part of parts) {
    if (!sizeNameSchema.safeParse(part).success) return { error: `${part.slice(0, 30)}: ${SIZE_SET_MESSAGES.size}` };
    if (seen.has(part.toLowerCase())) return { error: `${part}: ${SIZE_SET_MESSAGES.sizeTaken}` };
    seen.add(part.toLowerCase());
    sizes.push(part);
  }
  return { sizes };
}

/** "Chest, Length" as the guide's column names; null when unreadable. */
export function parseGuideColumns(text: string): string[] | null {
  const columns = text
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean);
  if (columns.length > 8 || columns.some((c) => c.length > 30)) return null;
  return columns;
}

/**
 * The guide as the product page shows it: the rows of the sizes the product is made in, in the
 * set's order; null when the set has no guide (or no column).
 */
export function guideForSizes(guide: SizeGuideTable | null, sizes: readonly string[]): SizeGuideTable | null {
  if (!guide || guide.columns.length === 0) return null;
  const rows = guide.rows.filter((r) => sizes.includes(r.size) && r.values.some((v) => v.trim() !== ""));
  if (rows.length === 0 && !guide.note) return null;
  return {
    columns: guide.columns,
    rows: rows.map((r) => ({ size: r.size, values: guide.columns.map((_, i) => r.values[i] ?? "") })),
    note: guide.note,
  };
}

/** The guide with every size of the set in the set's order (blank cells for sizes without a row), for the owner's editor. */
export function guideForEditing(set: Pick<SizeSetOption, "sizes" | "guide">): SizeGuideTable {
  const guide = set.guide ?? { columns: [], rows: [] };
  const bySize = new Map(guide.rows.map((r) => [r.size, r.values]));
  return {
    columns: guide.columns,
    note: guide.note ?? "",
    rows: set.sizes.map((size) => ({ size, values: guide.columns.map((_, i) => bySize.get(size)?.[i] ?? "") })),
  };
}

/** A set with one size (Unstitched, Free Size): the size is a fact, not a choice. */
export function isSingleSize(sizes: readonly string[]): boolean {
  return sizes.length === 1;
}

/** Items of `list` that are in `picked`, in the list's order (case as the list writes it). */
export function inOrderOf(list: readonly string[], picked: readonly string[]): string[] {
  const wanted = new Set(picked);
  return list.filter((item) => wanted.has(item));
}

/**
 * A product's colours and sizes checked against the shop's data: every colour one the shop offers
 * (not retired, unless the product already has it), every size one of its size set's. Answers the
 * lists in the owner's order, or the message for each field that is wrong.
 */
export function checkProductOptions(
  input: { colors: readonly string[]; sizes: readonly string[] },
  options: {
    colours: readonly ColourOption[];
    set: Pick<SizeSetOption, "name" | "sizes"> | null;
    had: readonly string[];
  },
): { ok: true; colors: string[]; sizes: string[] } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const offered = coloursOffered(options.colours, options.had).map((c) => c.name);
  const unknownColor = input.colors.find((c) => !offered.includes(c));
  if (unknownColor) {
    const retired = options.colours.some((c) => c.retired && c.name === unknownColor);
    errors.colors = retired
      ? `${unknownColor} is retired: choose another colour`
      : `${unknownColor} is not one of the shop's colours`;
  }
  if (!options.set) errors.sizeSetId = "Please choose a size set";
  else {
    const unknownSize = input.sizes.find((s) => !options.set!.sizes.includes(s));
    if (unknownSize) errors.sizes = `${unknownSize} is not a size of ${options.set.name}`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, colors: inOrderOf(offered, input.colors), sizes: inOrderOf(options.set!.sizes, input.sizes) };
}
