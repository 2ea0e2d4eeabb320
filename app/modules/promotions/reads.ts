// What other modules and flows may read of modules/promotions's tables: select from them and join them,
// never write them (eslint.config.js: module-boundaries/own-tables-only), and the running sales as SQL
// fragments for catalog, cart and returns' product queries. A change to them is an operation of
// modules/promotions, called from a flow (app/flows).
import { sql, type SQL } from "drizzle-orm";

export { discountCodes, discountRedemptions, scheduledSales } from "./tables";

/**
 * A scheduled sale in SQL, for the product of the outer query (it must select from "products"):
 * the same rule as `applySale` (sale-price.ts), so listings sort and filter by the price shown.
 * Nothing is switched on or off when a sale starts or ends: the price is computed from the sales
 * running at `now` each time it is read.
 */
function salePercent(now: Date): SQL<number | null> {
  return sql<number | null>`(select max(s.percent) from scheduled_sales s
    where s.starts_at <= ${now.toISOString()}::timestamptz and s.ends_at > ${now.toISOString()}::timestamptz
      and (s.applies_to = 'all'
        or (s.applies_to = 'categories' and "products"."category_slug" = any(s.category_slugs))
        or (s.applies_to = 'products' and "products"."id" = any(s.product_ids))))`;
}

/** The regular price the sale takes its percentage off: the Original Price when it is above the price. */
const regularPrice = sql`greatest("products"."price", coalesce("products"."original_price", 0))`;

/** The sale's price (rounded down to the rupee, integer division), null without a running sale. */
const salePriceOf = (now: Date) => sql`((${regularPrice} * (100 - ${salePercent(now)})) / 100)`;

/** The price a buyer pays at `now`: the lower of the product's own price and a running sale's. */
export function priceAt(now: Date): SQL<number> {
  return sql<number>`least("products"."price", coalesce(${salePriceOf(now)}, "products"."price"))::int`;
}

/** The price shown struck through at `now`: the regular price while a sale lowers it, else the Original Price. */
export function originalPriceAt(now: Date): SQL<number | null> {
  return sql<
    number | null
  >`(case when ${salePriceOf(now)} < "products"."price" then ${regularPrice} else "products"."original_price" end)::int`;
}

/** True while a running sale lowers the product's price (the sale badge). */
export function onSaleAt(now: Date): SQL<boolean> {
  return sql<boolean>`coalesce(${salePriceOf(now)} < "products"."price", false)`;
}
