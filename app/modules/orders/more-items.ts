/** Order cards list only an order's first items (SPEC.md: 2 in the buyer's list and on the overview). */
export const ITEMS_SHOWN = 2;

/**
 * SPEC.md's words for the items a card leaves out: '+N more items'. Kept to that wording for one item
 * too ('+1 more items'), so the card says exactly what the specification and the shop's help text say.
 */
export function moreItemsText(more: number): string {
  return `+${more} more items`;
}
