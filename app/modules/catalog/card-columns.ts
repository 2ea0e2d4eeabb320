// The columns of a product card as SQL, for any query that shows cards (catalogue, cart, wishlist):
// fragments only, nothing here runs a query.
import { sql } from "drizzle-orm";
import { categories, products } from "~/modules/catalog/tables";
import { onSaleAt, originalPriceAt, priceAt } from "~/modules/promotions/reads";
import type { ColourSwatch } from "./colour-rules";
import type { ProductImageData } from "./product-card";

// Correlated subqueries are written with table-qualified names: Drizzle leaves columns
// unqualified in single-table selects, where "id" would silently mean the inner table's id.

/** Total stock over a product's variants. */
export const totalStock = sql<number>`coalesce((select sum(pv.stock) from product_variants pv where pv.product_id = "products"."id"), 0)::int`;

/** The first image of the product in the outer query. */
export const firstImage = sql<ProductImageData | null>`(
  select json_build_object('alt', pi.alt, 'width', pi.width, 'height', pi.height, 'sources', pi.sources)
  from product_images pi where pi.product_id = "products"."id" order by pi.position limit 1)`;

/** The storage key of the first image's smallest size (sources are stored smallest first). */
export const firstImageKey = sql<string | null>`(
  select pi.sources->0->>'key' from product_images pi where pi.product_id = "products"."id" order by pi.position limit 1)`;

/**
 * The product's colours with their swatches, in the owner's colour order (from the variants'
 * product index; a name the shop no longer has gets a neutral grey).
 */
export const colourSwatches = sql<ColourSwatch[]>`(
  select coalesce(json_agg(json_build_object('name', x.color, 'hex', coalesce(c.hex, '#d6d3d1')) order by c.position nulls last, x.color), '[]'::json)
  from (select distinct pv.color from product_variants pv where pv.product_id = "products"."id") x
  left join colors c on c.name = x.color)`;

/** Everything a product card needs, at the prices of `now` (a running sale's); from `products` joined to `categories`. */
export function productCardColumns(now = new Date()) {
  return {
    id: products.id,
    name: products.name,
    categorySlug: products.categorySlug,
    categoryName: categories.name,
    description: products.description,
    price: priceAt(now),
    originalPrice: originalPriceAt(now),
    onSale: onSaleAt(now),
    rating: products.rating,
    reviewCount: products.reviewCount,
    status: products.status,
    launchAt: products.launchAt,
    stock: totalStock,
    image: firstImage,
    swatches: colourSwatches,
  };
}
