/**
 * A scheduled sale's price. The sale takes its percentage off the product's regular price (its
 * Original Price when it has one, else its price); a product already cheaper than that keeps its
 * own price (the lower of the two wins). Prices are whole rupees rounded down: every rounding is in
 * the buyer's favour.
 */
export type ShelfPrice = { price: number; originalPrice: number | null };
export type SalePrice = ShelfPrice & { onSale: boolean };

export function percentOffPrice(amount: number, percent: number): number {
  return Math.floor((amount * (100 - percent)) / 100);
}

export function applySale({ price, originalPrice }: ShelfPrice, salePercent: number | null): SalePrice {
  const regular = originalPrice !== null && originalPrice > price ? originalPrice : price;
  if (!salePercent) return { price, originalPrice, onSale: false };
  const onSale = percentOffPrice(regular, salePercent);
  if (onSale >= price) return { price, originalPrice, onSale: false };
  return { price: onSale, originalPrice: regular, onSale: true };
}
