export const LOW_STOCK_THRESHOLD = 5;

export type StockStatus =
  | { kind: "coming-soon"; label: "Coming Soon" }
  | { kind: "out-of-stock"; label: "Out of Stock" }
  | { kind: "low-stock"; label: string; left: number }
  | { kind: "in-stock"; label: "In Stock" };

/** The stock text of SPEC.md section 4, for a product (total stock) or one variant. */
export function stockStatus(input: { status: string; stock: number }): StockStatus {
  if (input.status === "coming-soon") return { kind: "coming-soon", label: "Coming Soon" };
  if (input.stock <= 0) return { kind: "out-of-stock", label: "Out of Stock" };
  if (input.stock <= LOW_STOCK_THRESHOLD)
    return { kind: "low-stock", label: `Only ${input.stock} left`, left: input.stock };
  return { kind: "in-stock", label: "In Stock" };
}

export function isBuyable(status: StockStatus): boolean {
  return status.kind === "in-stock" || status.kind === "low-stock";
}
