/**
 * Order numbers as buyers see them: "ORD-" and six digits; a replacement order of an exchange
 * (modules/returns) is "EX-" and six digits. Uniqueness is the database's job.
 */

export const ORDER_NUMBER_PATTERN = /^ORD-\d{6}$/;

/** What starts an order number: ORD for an order placed, EX for the replacement of an exchange. */
export type OrderNumberPrefix = "ORD" | "EX";

const MIN = 100000;
const MAX_EXCLUSIVE = 1000000;

/**
 * A uniform random integer in [min, max) from Web Crypto, which exists in browsers and in Node, so
 * this file does not pull node:crypto into a client bundle. Rejection sampling avoids modulo bias.
 */
function webCryptoRandomInt(min: number, max: number): number {
  const range = max - min;
  const limit = Math.floor(0x1_0000_0000 / range) * range;
  const buffer = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buffer);
    if (buffer[0] < limit) return min + (buffer[0] % range);
  }
}

/** A new order number, ORD-100000 to ORD-999999 (or EX-...); `randomInt(min, max)` excludes max, like node's. */
export function generateOrderNumber(
  randomInt: (min: number, max: number) => number = webCryptoRandomInt,
  prefix: OrderNumberPrefix = "ORD",
): string {
  return prefixedSixDigits(prefix, randomInt);
}

/** `prefix`, a dash and six random digits (100000 to 999999): order numbers, and return numbers ("RT-"). */
export function prefixedSixDigits(
  prefix: string,
  randomInt: (min: number, max: number) => number = webCryptoRandomInt,
): string {
  return `${prefix}-${randomInt(MIN, MAX_EXCLUSIVE)}`;
}

/**
 * What a buyer types on the tracking page, made canonical: "ord-123456", "ORD 123456" and the bare
 * "123456" all become "ORD-123456", and "ex-123456" or "EX 123456" (an exchange's replacement)
 * "EX-123456"; anything else is null.
 */
export function normalizeOrderNumber(input: string): string | null {
  if (typeof input !== "string") return null;
  const match = /^(?:(ORD|EX)[-\s]?)?(\d{6})$/.exec(input.trim().toUpperCase());
  return match ? `${match[1] ?? "ORD"}-${match[2]}` : null;
}
