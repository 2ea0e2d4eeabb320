import { z } from "~/lib/zod";

/**
 * The shop's colours as data (Dashboard -> Catalogue -> Colours): a name and a swatch. Plain rules,
 * shared by the dashboard's forms, the product form and the storefront.
 */
export type ColourOption = { id: number; name: string; hex: string; position: number; retired: boolean };
/** What cards, the product page and the API show for a colour: its name and swatch. */
export type ColourSwatch = { name: string; hex: string };

export const COLOUR_MESSAGES = {
  name: "Enter the colour's name (1 to 30 characters, no slash)",
  nameTaken: "There is already a colour with this name",
  hex: "Choose a swatch colour like #7b1e3a",
} as const;

/** A swatch when a colour is not (or no longer) among the shop's: a neutral grey, so a card never breaks. */
export const UNKNOWN_SWATCH = "#d6d3d1";

export const colourNameSchema = z
  .string()
  .trim()
  .min(1, COLOUR_MESSAGES.name)
  .max(30, COLOUR_MESSAGES.name)
  // A slash would split the stock grid's "Colour/Size" key; control characters are never a name.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  .refine((name) => !/[/\u0000-\u001f\u007f]/.test(name), COLOUR_MESSAGES.name);

/** "#7B1E3A", "7b1e3a" and "#7b1e3a" are the same swatch, stored lower-case with its #. */
export const hexSchema = z
  .string()
  .trim()
  .transform((v) => (v.startsWith("#") ? v : `#${v}`).toLowerCase())
  .refine((v) => /^#[0-9a-f]{6}$/.test(v), COLOUR_MESSAGES.hex);

export const colourInputSchema = z.object({ name: colourNameSchema, hex: hexSchema });
export type ColourInput = z.infer<typeof colourInputSchema>;

/**
 * The colours a product may be made in: the shop's colours that are not retired, plus any retired
 * ones the product already has (it keeps selling them), in the owner's order.
 */
export function coloursOffered<C extends Pick<ColourOption, "name" | "retired">>(
  all: readonly C[],
  has: readonly string[],
): C[] {
  const kept = new Set(has);
  return all.filter((c) => !c.retired || kept.has(c.name));
}

/** Each name with its swatch (the shop's, or a neutral grey for a name the shop no longer has). */
export function swatchesFor(
  names: readonly string[],
  all: readonly Pick<ColourOption, "name" | "hex">[],
): ColourSwatch[] {
  const byName = new Map(all.map((c) => [c.name, c.hex]));
  return names.map((name) => ({ name, hex: byName.get(name) ?? UNKNOWN_SWATCH }));
}

/** A colour's or size's word in a listing URL: "Sea Green" -> "sea-green", "XL" -> "xl". */
export function optionSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "-"
  );
}
