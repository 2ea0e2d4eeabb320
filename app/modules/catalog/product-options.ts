/**
 * The limits and defaults of the owner's product form (SPEC.md section 9), shared by the form in the
 * browser and the rules on the server. The colours and sizes themselves are the shop's data
 * (colour-rules.ts, size-set-rules.ts).
 */
export const MAX_PRODUCT_IMAGES = 5;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_PRICE = 10_000_000;
export const MAX_VARIANT_STOCK = 100_000;

/**
 * SPEC.md: after a product is added the form goes back to these, where the shop has them (a shop
 * without them starts from what it has: product-form.ts emptyProductForm).
 */
export const PRODUCT_FORM_DEFAULTS = {
  category: "t-shirts",
  colors: ["Black", "White"],
  sizes: ["S", "M", "L", "XL"],
  features: [""],
};

/** The stock grid's key for one colour and size ("Black/M"). */
export function variantKey(color: string, size: string): string {
  return `${color}/${size}`;
}

/** Distinct entries in the order given. */
export function distinct(list: readonly string[]): string[] {
  return [...new Set(list)];
}
