/** Money is an integer number of rupees everywhere; this is the one place it is formatted. */
const rupees = new Intl.NumberFormat("en-PK", { maximumFractionDigits: 0 });

/** "Rs 2,499" */
export function formatPrice(amount: number): string {
  return `Rs ${rupees.format(Math.round(amount))}`;
}

/** "PKR 2,499", for totals and places where the currency code reads better. */
export function formatPkr(amount: number): string {
  return `PKR ${rupees.format(Math.round(amount))}`;
}

/** Whole-number percentage saved, or null when there is no real discount. */
export function percentOff(price: number, originalPrice: number | null | undefined): number | null {
  if (!originalPrice || originalPrice <= price) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}
