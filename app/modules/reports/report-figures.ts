/**
 * The small sums every report shares, written once (and in the decision note). Pure: unit-tested
 * without a database. Percentages carry one decimal; a figure that cannot be computed (nothing to
 * divide by) is null, shown as a dash, never as 0.
 */

const oneDecimal = (x: number) => Math.round(x * 10) / 10;

/** `part` as a percentage of `whole` (one decimal), or null when the whole is 0. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? oneDecimal((part * 100) / whole) : null;
}

/** Return rate: parcels that came back (refused at the door or returned after delivery) out of those that finished, delivered + returned. */
export function returnRate(delivered: number, returned: number): number | null {
  return percentOf(returned, delivered + returned);
}

/** Sell-through over a range: units sold / (units sold + units on hand now). */
export function sellThrough(unitsSold: number, onHand: number): number | null {
  return percentOf(unitsSold, unitsSold + onHand);
}

/** Days of cover: how long what is on hand lasts at the recent rate (units sold per day over `windowDays`); null with no recent sale. */
export function daysOfCover(onHand: number, soldInWindow: number, windowDays: number): number | null {
  if (soldInWindow <= 0) return null;
  return Math.round(onHand / (soldInWindow / windowDays));
}

/** Average of a sum over a count, one decimal; null for no count. */
export function averageOf(sum: number, n: number): number | null {
  return n > 0 ? oneDecimal(sum / n) : null;
}

/** A number a database driver may hand back as text (bigint sums), as a number; null stays null. */
export function num(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}
export function numOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** The rows of a raw `db.execute` answer (PGlite and node-postgres both carry them as `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
