/**
 * A product's size curve: units sold per size, in its size set's order (sizes sold that the set no
 * longer has come after), and which sizes are sold out now: every variant of that size at stock 0.
 */
export type SizePoint = { size: string; units: number; soldOut: boolean };

export function sizeCurve(
  setSizes: readonly string[],
  unitsBySize: ReadonlyMap<string, number>,
  stockBySize: ReadonlyMap<string, number>,
): SizePoint[] {
  const offered = new Set(stockBySize.keys());
  const order = [...setSizes.filter((s) => offered.has(s) || unitsBySize.has(s))];
  for (const size of [...offered, ...unitsBySize.keys()]) if (!order.includes(size)) order.push(size);
  return order.map((size) => ({
    size,
    units: unitsBySize.get(size) ?? 0,
    soldOut: stockBySize.has(size) && (stockBySize.get(size) ?? 0) <= 0,
  }));
}
