/** A piece whose product has no weight set counts as this much (a folded garment in a flyer bag). */
export const DEFAULT_PIECE_GRAMS = 500;

/** A parcel's weight and pieces: the sum of its items, each product's weight or the default. */
export function parcelOf(items: readonly { quantity: number; weightGrams: number | null }[]): {
  weightGrams: number;
  pieces: number;
} {
  let weightGrams = 0;
  let pieces = 0;
  for (const item of items) {
    pieces += item.quantity;
    weightGrams += item.quantity * (item.weightGrams ?? DEFAULT_PIECE_GRAMS);
  }
  return { weightGrams: Math.max(weightGrams, 1), pieces: Math.max(pieces, 1) };
}

/** "2 x Lawn Kurta (M, Black), 1 x Dupatta (Free)" for the booking file and the label. */
export function parcelDescription(
  items: readonly { name: string; size: string; color: string; quantity: number }[],
): string {
  return items.map((i) => `${i.quantity} x ${i.name} (${[i.size, i.color].filter(Boolean).join(", ")})`).join(", ");
}

/**
 * What the rider is told about an exchange (a replacement order): the booking file's instructions
 * and the label say it, so the old item comes back in the same visit.
 */
export function exchangeNote(exchangeFor: string): string {
  return `EXCHANGE: collect the old item (${exchangeFor})`;
}

/**
 * The COD the courier collects: the order's amount to collect (its total less what was paid online:
 * an advance), or nothing when the shop has its money already (paid online in whole, or collected).
 */
export function codAmountFor(order: { total: number; amountPaid: number; paymentStatus: string }): number {
  return order.paymentStatus === "unpaid" ? Math.max(0, order.total - order.amountPaid) : 0;
}

/** "0.7", "1.25 kg", "700 g" -> grams; null when it is not a weight from 1 g to 50 kg. */
export function parseWeight(text: string): number | null {
  const match = /^(\d{1,5}(?:\.\d{1,3})?)\s*(kg|g|grams?)?$/i.exec(text.trim().replace(/,/g, ""));
  if (!match) return null;
  const grams = /^g/i.test(match[2] ?? "") ? Number(match[1]) : Math.round(Number(match[1]) * 1000);
  return Number.isInteger(grams) && grams >= 1 && grams <= 50_000 ? grams : null;
}

/** 700 -> "0.7": a weight as the booking form's kg field holds it (lib/weight.ts formats it for reading). */
export function kgFieldValue(grams: number): string {
  return (grams / 1000).toFixed(3).replace(/\.?0+$/, "");
}
