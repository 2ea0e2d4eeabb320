/** Weights are whole grams everywhere; couriers read kilograms with two decimals ("0.50 kg"). */
const kilograms = new Intl.NumberFormat("en-PK", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1.25 kg" for 1250 grams. */
export function formatKg(grams: number): string {
  return `${kilograms.format(grams / 1000)} kg`;
}
