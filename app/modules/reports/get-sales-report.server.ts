import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { num, percentOf, rowsOf } from "./report-figures";
import type { ReportRange } from "./report-range";
import { inRange, VOID_ORDER } from "./report-sql";
import { sizeCurve, type SizePoint } from "./size-curve";

export type ProductSalesRow = { productId: string | null; name: string; units: number; sales: number; share: number | null; sizes: SizePoint[] };
export type VariantSalesRow = { productId: string | null; name: string; color: string; size: string; units: number; sales: number; share: number | null; stock: number | null };
export type SalesReport = {
  range: ReportRange;
  units: number;
  sales: number;
  products: ProductSalesRow[];
  variants: VariantSalesRow[];
};

/**
 * Sales by product and by variant: items of the orders PLACED in the range that were not cancelled
 * or returned (as the Overview's top products), at the price they were sold at; share is of the
 * range's sales. One aggregate by (product, colour, size) over orders(created_at) serves the
 * products, their size curves and the variants; a second reads the sold products' current names,
 * size sets and stock.
 */
export async function getSalesReport(db: DbOrTx, range: ReportRange): Promise<SalesReport> {
  const sold = rowsOf<Record<string, unknown>>(await db.execute(sql`
    select i.product_id, i.color, i.size, max(i.name) as name, sum(i.quantity)::bigint as units, sum(i.price * i.quantity)::bigint as sales
    from order_items i join orders o on o.id = i.order_id
    where ${inRange(sql`o.created_at`, range)} and not ${VOID_ORDER}
    group by i.product_id, i.color, i.size`));
  const ids = [...new Set(sold.map((r) => r.product_id).filter((id): id is string => typeof id === "string"))];
  const catalogue = ids.length === 0 ? [] : rowsOf<Record<string, unknown>>(await db.execute(sql`
    select p.id, p.name, ss.sizes, v.color, v.size, v.stock
    from products p join size_sets ss on ss.id = p.size_set_id left join product_variants v on v.product_id = p.id
    where p.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`));

  type Product = { name: string; setSizes: string[]; stockBySize: Map<string, number>; stock: Map<string, number> };
  const products = new Map<string, Product>();
  for (const r of catalogue) {
    const id = String(r.id);
    const product = products.get(id) ?? {
      name: String(r.name), setSizes: (typeof r.sizes === "string" ? JSON.parse(r.sizes) : r.sizes) as string[], stockBySize: new Map(), stock: new Map(),
    };
    if (r.size !== null && r.size !== undefined) {
      const size = String(r.size);
      product.stockBySize.set(size, (product.stockBySize.get(size) ?? 0) + num(r.stock));
      product.stock.set(`${String(r.color)}\u0000${size}`, num(r.stock));
    }
    products.set(id, product);
  }

  const totalSales = sold.reduce((s, r) => s + num(r.sales), 0);
  const totalUnits = sold.reduce((s, r) => s + num(r.units), 0);
  const byProduct = new Map<string, { productId: string | null; name: string; units: number; sales: number; unitsBySize: Map<string, number> }>();
  const variants: VariantSalesRow[] = [];
  for (const r of sold) {
    const productId = typeof r.product_id === "string" ? r.product_id : null;
    const product = productId ? products.get(productId) : undefined;
    const name = product?.name ?? String(r.name);
    const key = productId ?? `deleted:${name}`;
    const entry = byProduct.get(key) ?? { productId, name, units: 0, sales: 0, unitsBySize: new Map<string, number>() };
    entry.units += num(r.units);
    entry.sales += num(r.sales);
    entry.unitsBySize.set(String(r.size), (entry.unitsBySize.get(String(r.size)) ?? 0) + num(r.units));
    byProduct.set(key, entry);
    const stock = product?.stock.get(`${String(r.color)}\u0000${String(r.size)}`);
    variants.push({ productId, name, color: String(r.color), size: String(r.size), units: num(r.units), sales: num(r.sales), share: percentOf(num(r.sales), totalSales), stock: stock ?? null });
  }
  const bySales = <T extends { sales: number; units: number; name: string }>(a: T, b: T) => b.sales - a.sales || b.units - a.units || a.name.localeCompare(b.name);
  return {
    range,
    units: totalUnits,
    sales: totalSales,
    products: [...byProduct.values()]
      .map((p) => {
        const product = p.productId ? products.get(p.productId) : undefined;
        return {
          productId: p.productId, name: p.name, units: p.units, sales: p.sales, share: percentOf(p.sales, totalSales),
          sizes: sizeCurve(product?.setSizes ?? [], p.unitsBySize, product?.stockBySize ?? new Map()),
        };
      })
      .sort(bySales),
    variants: variants.sort((a, b) => bySales(a, b) || a.color.localeCompare(b.color) || a.size.localeCompare(b.size)),
  };
}
