/**
 * Whether `id` could name a product at all. A URL or form can carry anything; an id that cannot
 * exist (empty, too long, holding a control character such as NUL, which PostgreSQL refuses in
 * text) is answered "not found" without asking the database.
 */
export function isPossibleProductId(id: unknown): id is string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  return typeof id === "string" && id.length > 0 && id.length <= 120 && !/[\u0000-\u001f\u007f]/.test(id);
}
