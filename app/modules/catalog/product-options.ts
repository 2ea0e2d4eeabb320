/**
 * The colours, sizes and defaults of the owner's product form (SPEC.md section 9). Plain constants,
 * shared by the form in the browser and the rules on the server.
 */
export const PRODUCT_COLORS = ["Black", "White", "Gray", "Navy", "Red", "Blue", "Green", "Brown"] as const;
export type ProductColor = (typeof PRODUCT_COLORS)[number];

export const PRODUCT_SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;
export type ProductSize = (typeof PRODUCT_SIZES)[number];

export const MAX_PRODUCT_IMAGES = 5;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_PRICE = 10_000_000;
export const MAX_VARIANT_STOCK = 100_000;

/** SPEC.md: after a product is added the form goes back to these. */
export const PRODUCT_FORM_DEFAULTS = {
  category: "t-shirts",
  colors: ["Black", "White"] as ProductColor[],
  sizes: ["S", "M", "L", "XL"] as ProductSize[],
  features: [""],
};

/** The stock grid's key for one colour and size ("Black/M"). */
export function variantKey(color: string, size: string): string {
  return `${color}/${size}`;
}

/** Colours and sizes in the shop's fixed order, whatever order they were picked in. */
export function inListOrder<T extends string>(list: readonly T[], picked: readonly string[]): T[] {
  return list.filter((item) => picked.includes(item));
}
