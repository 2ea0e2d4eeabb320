import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { num, percentOf, rowsOf } from "./report-figures";
import type { ReportRange } from "./report-range";
import { inRange, VOID_ORDER } from "./report-sql";
import { sizeCurve, type SizePoint } from "./size-curve";

export type ProductSalesRow = {
  productId: string | null;
  name: string;
  units: number;
  sales: number;
  share: number | null;
  sizes: SizePoint[];
};
export type VariantSalesRow = {
  productId: string | null;
  name: string;
  color: string;
  size: string;
  units: number;
  sales: number;
  share: number | null;
  stock: number | null;
};
/** `products` is filled for the products report, `variants` for the variants report. */
export type SalesReport = {
  range: ReportRange;
  units: number;
  sales: number;
  products: ProductSalesRow[];
  variants: VariantSalesRow[];
};

type Row = Record<string, unknown>;
const textArray = (ids: string[]) => `{${ids.map((id) => `"${id.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
const bySales = <T extends { sales: number; units: number; name: string }>(a: T, b: T) =>
  b.sales - a.sales || b.units - a.units || a.name.localeCompare(b.name);

/**
 * Sales by product (with each product's size curve) or by variant: items of the orders PLACED in
 * the range that were not cancelled or returned (as the Overview's top products), at the price they
 * were sold at; share is of the range's sales. By product: one aggregate by (product, size) over
 * orders(created_at), then the sold products' current names and size sets and their stock per size
 * summed in SQL. By variant: one aggregate by (product, colour, size) with the variant's stock now.
 */
export async function getSalesReport(db: DbOrTx, range: ReportRange, by: "product" | "variant"): Promise<SalesReport> {
  const placed = sql`${inRange(sql`o.created_at`, range)} and not ${VOID_ORDER}`;
  if (by === "variant") {
    const rows = rowsOf<Row>(
      await db.execute(sql`
      select s.product_id, coalesce(p.name, s.name) as name, s.color, s.size, s.units, s.sales, v.stock
      from (
        select i.product_id, i.color, i.size, max(i.name) as name, sum(i.quantity)::bigint as units, sum(i.price * i.quantity)::bigint as sales
        from order_items i join orders o on o.id = i.order_id where ${placed} group by i.product_id, i.color, i.size
      ) s
      left join products p on p.id = s.product_id
      left join product_variants v on v.product_id = s.product_id and v.color = s.color and v.size = s.size`),
    );
    const sales = rows.reduce((t, r) => t + num(r.sales), 0);
    return {
      range,
      sales,
      units: rows.reduce((t, r) => t + num(r.units), 0),
      products: [],
      variants: rows
        .map((r) => ({
          productId: typeof r.product_id === "string" ? r.product_id : null,
          name: String(r.name),
          color: String(r.color),
          size: String(r.size),
          units: num(r.units),
          sales: num(r.sales),
          share: percentOf(num(r.sales), sales),
          stock: r.stock === null || r.stock === undefined ? null : num(r.stock),
        }))
        .sort((a, b) => bySales(a, b) || a.color.localeCompare(b.color) || a.size.localeCompare(b.size)),
    };
  }

  const sold = rowsOf<Row>(
    await db.execute(sql`
    select i.product_id, i.size, max(i.name) as name, sum(i.quantity)::bigint as units, sum(i.price * i.quantity)::bigint as sales
    from order_items i join orders o on o.id = i.order_id where ${placed} group by i.product_id, i.size`),
  );
  const ids = [...new Set(sold.map((r) => r.product_id).filter((id): id is string => typeof id === "string"))];
  const [catalogue, stock] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .execute(
              sql`select p.id, p.name, ss.sizes from products p join size_sets ss on ss.id = p.size_set_id where p.id = any(${textArray(ids)}::text[])`,
            )
            .then(rowsOf<Row>),
          db
            .execute(
              sql`select v.product_id, v.size, sum(v.stock)::int as stock from product_variants v where v.product_id = any(${textArray(ids)}::text[]) group by 1, 2`,
            )
            .then(rowsOf<Row>),
        ]);
  const products = new Map(
    catalogue.map((r) => [
      String(r.id),
      { name: String(r.name), sizes: (typeof r.sizes === "string" ? JSON.parse(r.sizes) : r.sizes) as string[] },
    ]),
  );
  const stockBySize = new Map<string, Map<string, number>>();
  for (const r of stock) {
    const sizes = stockBySize.get(String(r.product_id)) ?? new Map<string, number>();
    sizes.set(String(r.size), num(r.stock));
    stockBySize.set(String(r.product_id), sizes);
  }
  const totalSales = sold.reduce((s, r) => s + num(r.sales), 0);
  const byProduct = new Map<
    string,
    { productId: string | null; name: string; units: number; sales: number; unitsBySize: Map<string, number> }
  >();
  for (const r of sold) {
    const productId = typeof r.product_id === "string" ? r.product_id : null;
    const name = (productId && products.get(productId)?.name) || String(r.name);
    const key = productId ?? `deleted:${name}`;
    const entry = byProduct.get(key) ?? { productId, name, units: 0, sales: 0, unitsBySize: new Map<string, number>() };
    entry.units += num(r.units);
    entry.sales += num(r.sales);
    entry.unitsBySize.set(String(r.size), (entry.unitsBySize.get(String(r.size)) ?? 0) + num(r.units));
    byProduct.set(key, entry);
  }
  return {
    range,
    units: sold.reduce((s, r) => s + num(r.units), 0),
    sales: totalSales,
    products: [...byProduct.values()]
      .map((p) => ({
        productId: p.productId,
        name: p.name,
        units: p.units,
        sales: p.sales,
        share: percentOf(p.sales, totalSales),
        sizes: sizeCurve(
          (p.productId && products.get(p.productId)?.sizes) || [],
          p.unitsBySize,
          (p.productId && stockBySize.get(p.productId)) || new Map(),
        ),
      }))
      .sort(bySales),
    variants: [],
  };
}
