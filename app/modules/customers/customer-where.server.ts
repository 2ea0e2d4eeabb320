import { and, asc, desc, eq, gt, gte, ilike, like, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { customers, customerTags } from "~/modules/customers/tables";
import { shopDayRange } from "~/lib/shop-time";
import { parseCustomerSearch, type CustomerQuery, type CustomerSort } from "./customer-query";

/**
 * The WHERE of the Customers list, its CSV and a segment: the customers table alone, plus
 * customer_tags for the tag filter (an EXISTS on its lower(tag) index).
 */
export function customerWhere(query: CustomerQuery): SQL | undefined {
  const search = parseCustomerSearch(query.q);
  const from = query.lastFrom ? shopDayRange(query.lastFrom) : null;
  const to = query.lastTo ? shopDayRange(query.lastTo) : null;
  const bound = (column: AnyPgColumn, min: number | null, max: number | null) =>
    and(min !== null ? gte(column, min) : undefined, max !== null ? lte(column, max) : undefined);
  return and(
    search.kind === "phone" ? eq(customers.phone, search.phone) : undefined,
    search.kind === "phone-prefix" ? like(customers.phone, `${search.prefix}%`) : undefined,
    search.kind === "email" ? like(sql`lower(${customers.email})`, search.pattern) : undefined,
    search.kind === "text"
      ? or(ilike(customers.name, search.pattern), ilike(customers.email, search.pattern))
      : undefined,
    query.city ? sql`lower(${customers.city}) = lower(${query.city})` : undefined,
    query.tag
      ? sql`exists (select 1 from ${customerTags} t where t.customer_id = ${customers.id} and lower(t.tag) = lower(${query.tag}))`
      : undefined,
    bound(customers.orders, query.ordersMin, query.ordersMax),
    bound(customers.delivered, query.deliveredMin, query.deliveredMax),
    bound(customers.returned, query.returnedMin, query.returnedMax),
    bound(customers.lifetimeValue, query.valueMin, query.valueMax),
    query.rateBelow !== null ? lt(customers.deliveryRate, query.rateBelow) : undefined,
    query.rateAbove !== null ? gt(customers.deliveryRate, query.rateAbove) : undefined,
    from ? gte(customers.lastOrderAt, from.start) : undefined,
    to ? lt(customers.lastOrderAt, to.end) : undefined,
  );
}

const SORT_COLUMNS: Record<CustomerSort, SQL> = {
  lastOrder: sql`${customers.lastOrderAt}`,
  firstOrder: sql`${customers.firstOrderAt}`,
  orders: sql`${customers.orders}`,
  delivered: sql`${customers.delivered}`,
  returned: sql`${customers.returned}`,
  deliveryRate: sql`${customers.deliveryRate}`,
  lifetimeValue: sql`${customers.lifetimeValue}`,
  averageOrder: sql`${customers.averageOrder}`,
  name: sql`lower(${customers.name})`,
  city: sql`lower(${customers.city})`,
};

/** The ORDER BY of a sort: the id breaks ties the same way, so pages never overlap; no delivery rate yet sorts last. */
export function customerOrderBy(query: Pick<CustomerQuery, "sort" | "dir">): SQL[] {
  const column = SORT_COLUMNS[query.sort];
  const by = query.dir === "asc" ? asc : desc;
  if (query.sort === "deliveryRate") {
    return [query.dir === "asc" ? sql`${column} asc nulls last` : sql`${column} desc nulls last`, by(customers.id)];
  }
  return [by(column), by(customers.id)];
}
