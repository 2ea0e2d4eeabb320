/**
 * The id Meta knows a variant by: the catalogue feed's `id` and every event's content_ids, so a
 * Purchase or an AddToCart names the very item the catalogue lists (catalogue ads learn from it).
 */
export function metaContentId(variantId: number): string {
  return String(variantId);
}
