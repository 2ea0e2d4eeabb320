import { asc, count, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { customers, customerTags } from "~/db/schema";
import { pageWindow } from "~/lib/page-window";
import { CUSTOMERS_PAGE_SIZE, type CustomerQuery } from "./customer-query";
import { customerOrderBy, customerWhere } from "./customer-where.server";

/** The figures of a customer as the list, the CSV, the API and the customer's page show them. */
export const CUSTOMER_COLUMNS = {
  id: customers.id,
  phone: customers.phone,
  name: customers.name,
  email: customers.email,
  city: customers.city,
  orders: customers.orders,
  delivered: customers.delivered,
  returned: customers.returned,
  cancelled: customers.cancelled,
  deliveryRate: customers.deliveryRate,
  lifetimeValue: customers.lifetimeValue,
  averageOrder: customers.averageOrder,
  firstOrderAt: customers.firstOrderAt,
  lastOrderAt: customers.lastOrderAt,
};

export type CustomerFigures = { [K in keyof typeof CUSTOMER_COLUMNS]: (typeof customers.$inferSelect)[K] };
export type CustomerRow = CustomerFigures & { tags: string[] };

export type CustomerPage = { customers: CustomerRow[]; total: number; page: number; pageCount: number; pageSize: number };

/**
 * One page of the Customers list: the filter and the sort in SQL, the matches counted in SQL, and
 * only the page's rows (with their tags, in one more query) leave the database.
 */
export async function listCustomers(db: DbOrTx, query: CustomerQuery): Promise<CustomerPage> {
  const where = customerWhere(query);
  const [{ n }] = await db.select({ n: count() }).from(customers).where(where);
  const total = Number(n);
  const { page, pageCount, offset } = pageWindow(total, query.page, CUSTOMERS_PAGE_SIZE);
  const rows = await db.select(CUSTOMER_COLUMNS).from(customers).where(where)
    .orderBy(...customerOrderBy(query)).limit(CUSTOMERS_PAGE_SIZE).offset(offset);
  const tags = await tagsOf(db, rows.map((r) => r.id));
  return { customers: rows.map((r) => ({ ...r, tags: tags.get(r.id) ?? [] })), total, page, pageCount, pageSize: CUSTOMERS_PAGE_SIZE };
}

/** The tags of the given customers, A to Z (customer_tags' primary key). */
export async function tagsOf(db: DbOrTx, ids: number[]): Promise<Map<number, string[]>> {
  const byCustomer = new Map<number, string[]>();
  if (ids.length === 0) return byCustomer;
  const rows = await db.select({ customerId: customerTags.customerId, tag: customerTags.tag }).from(customerTags)
    .where(inArray(customerTags.customerId, ids)).orderBy(asc(customerTags.customerId), asc(customerTags.tag));
  for (const { customerId, tag } of rows) byCustomer.set(customerId, [...(byCustomer.get(customerId) ?? []), tag]);
  return byCustomer;
}
