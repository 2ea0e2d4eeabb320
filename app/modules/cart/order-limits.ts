/** How much one line and one order may hold: the cart, checkout, the API and the owner's order entry share these. */
export const MAX_LINE_QUANTITY = 99;
export const MAX_ORDER_ITEMS = 50;

export const LINE_QUANTITY_MESSAGE = `Quantity must be ${MAX_LINE_QUANTITY} or less`;
export const ORDER_ITEMS_MESSAGE = `An order can hold at most ${MAX_ORDER_ITEMS} different items`;

/** A quantity from a form or a carried link, brought into 1..MAX_LINE_QUANTITY. */
export function clampLineQuantity(value: unknown): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(Number(value)) || 1));
}
