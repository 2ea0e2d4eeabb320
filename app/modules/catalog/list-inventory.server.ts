import { and, asc, desc, eq, ilike, ne, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { categories, products } from "~/modules/catalog/tables";
import { firstImage, totalStock } from "./card-columns";
import { INVENTORY_PAGE_SIZE, type InventoryQuery } from "./inventory-query";
import type { InventoryItem } from "./owner-catalog-types";

export type { InventoryItem };

/**
 * Units sold: order lines of orders that were not cancelled or returned (those sold nothing in
 * the end). Summed in SQL through the order_items(product_id) index.
 */
export const unitsSold = sql<number>`coalesce((
  select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
  where oi.product_id = "products"."id" and o.status not in ('cancelled', 'returned')), 0)::int`;

/** The low-stock alert level of the product in the outer query: its own, else the shop's default (Settings). */
export const lowStockLevel = sql<number>`coalesce("products"."low_stock_threshold", (select ss.low_stock_threshold from shop_settings ss where ss.id = 1), 0)`;

/** The product's variants at or under its alert level, as JSON (through the product_variants(product_id) index). */
const lowVariants = sql<{ color: string; size: string; stock: number }[]>`(
  select coalesce(json_agg(json_build_object('color', pv.color, 'size', pv.size, 'stock', pv.stock) order by pv.position, pv.id), '[]'::json)
  from product_variants pv where pv.product_id = "products"."id" and pv.stock <= ${lowStockLevel})`;

/** True when any variant of the product is at or under its alert level. */
// Only what is on sale runs low: a draft or coming-soon product with no stock yet is being prepared
// (the daily digest reads the same way, list-low-stock.server.ts).
const hasLowVariant = sql`("products"."status" = 'active' and exists (select 1 from product_variants pv where pv.product_id = "products"."id" and pv.stock <= ${lowStockLevel}))`;

export type InventoryPage = {
  items: InventoryItem[];
  total: number;
  page: number;
  pageCount: number;
  /** Products per status over the whole shop (for the status filter). */
  statusCounts: Record<string, number>;
  /** Products on sale (active) with a colour and size at or under their low-stock alert. */
  lowCount: number;
};

function orderFor(sort: InventoryQuery["sort"]): SQL[] {
  switch (sort) {
    case "name":
      return [asc(sql`lower(${products.name})`), asc(products.id)];
    case "price-low":
      return [asc(products.price), asc(products.id)];
    case "price-high":
      return [desc(products.price), asc(products.id)];
    case "stock":
      return [asc(totalStock), asc(products.id)];
    case "sales":
      return [desc(unitsSold), asc(products.id)];
    default:
      return [desc(products.createdAt), asc(products.id)];
  }
}

/** One page of the owner's products with the view's search, category, status and sort, all in SQL. */
export async function listInventory(db: DbOrTx, query: InventoryQuery): Promise<InventoryPage> {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(ilike(products.name, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (query.category) conditions.push(eq(products.categorySlug, query.category));
  conditions.push(query.status === "current" ? ne(products.status, "archived") : eq(products.status, query.status));
  if (query.low) conditions.push(hasLowVariant);
  const where = and(...conditions);

  const [items, [{ total }], counts, [{ lowCount }]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        categorySlug: products.categorySlug,
        categoryName: categories.name,
        price: products.price,
        originalPrice: products.originalPrice,
        status: products.status,
        stock: totalStock,
        sold: unitsSold,
        image: firstImage,
        launchAt: products.launchAt,
        createdAt: products.createdAt,
        costPrice: products.costPrice,
        lowStockThreshold: sql<number>`${lowStockLevel}::int`,
        lowVariants,
      })
      .from(products)
      .innerJoin(categories, eq(categories.slug, products.categorySlug))
      .where(where)
      .orderBy(...orderFor(query.sort))
      .limit(INVENTORY_PAGE_SIZE)
      .offset((query.page - 1) * INVENTORY_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
    db
      .select({ status: products.status, n: sql<number>`count(*)::int` })
      .from(products)
      .groupBy(products.status),
    db
      .select({ lowCount: sql<number>`count(*)::int` })
      .from(products)
      .where(hasLowVariant),
  ]);
  const statusCounts: Record<string, number> = { current: 0 };
  for (const row of counts) {
    statusCounts[row.status] = row.n;
    if (row.status !== "archived") statusCounts.current += row.n;
  }
  return {
    items,
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / INVENTORY_PAGE_SIZE)),
    statusCounts,
    lowCount,
  };
}
