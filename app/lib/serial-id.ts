/** The largest value of a PostgreSQL `serial` (int4) key: a bigger number can name no row, and the query would fail on it. */
const MAX_SERIAL = 2_147_483_647;

/** True for a number that can be a `serial` key (1 .. 2^31 - 1). */
export function isSerialId(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_SERIAL;
}

/** A serial key written in a form or query (digits only), or null. */
export function serialIdFrom(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return isSerialId(id) ? id : null;
}
