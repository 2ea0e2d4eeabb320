import { asc, count, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { customers, customerTags } from "~/modules/customers/tables";
import { pageWindow } from "~/lib/page-window";
import { CUSTOMERS_PAGE_SIZE, parseCustomerSearch, type CustomerQuery } from "./customer-query";
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

export type CustomerPage = {
  customers: CustomerRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/**
 * One page of the Customers list: the filter and the sort in SQL, the matches counted in SQL, and
 * only the page's rows (with their tags, in one more query) leave the database.
 */
export async function listCustomers(db: DbOrTx, query: CustomerQuery): Promise<CustomerPage> {
  const where = customerWhere(query);
  const pageOf = (offset: number) =>
    db
      .select(CUSTOMER_COLUMNS)
      .from(customers)
      .where(where)
      .orderBy(...customerOrderBy(query))
      .limit(CUSTOMERS_PAGE_SIZE)
      .offset(offset);
  let rows: Awaited<ReturnType<typeof pageOf>>;
  let total: number;
  let window: ReturnType<typeof pageWindow>;
  const search = parseCustomerSearch(query.q).kind;
  if (search === "text" || search === "email") {
    // A search within names and e-mails reads every row anyway: the count rides along with the page
    // (count(*) over ()), one scan instead of two. Past the last page, count apart and show the last one.
    const requested = pageWindow(Number.MAX_SAFE_INTEGER, query.page, CUSTOMERS_PAGE_SIZE);
    const counted = await db
      .select({ ...CUSTOMER_COLUMNS, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(customers)
      .where(where)
      .orderBy(...customerOrderBy(query))
      .limit(CUSTOMERS_PAGE_SIZE)
      .offset(requested.offset);
    if (counted.length > 0 || requested.page === 1) {
      total = counted[0]?.total ?? 0;
      window = pageWindow(total, requested.page, CUSTOMERS_PAGE_SIZE);
      rows = counted.map(({ total: _t, ...row }) => row);
    } else {
      total = await countCustomers(db, where);
      window = pageWindow(total, query.page, CUSTOMERS_PAGE_SIZE);
      rows = await pageOf(window.offset);
    }
  } else {
    total = await countCustomers(db, where);
    window = pageWindow(total, query.page, CUSTOMERS_PAGE_SIZE);
    rows = await pageOf(window.offset);
  }
  const tags = await tagsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    customers: rows.map((r) => ({ ...r, tags: tags.get(r.id) ?? [] })),
    total,
    page: window.page,
    pageCount: window.pageCount,
    pageSize: CUSTOMERS_PAGE_SIZE,
  };
}

async function countCustomers(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(customers).where(where);
  return Number(n);
}

/** The tags of the given customers, A to Z (customer_tags' primary key). */
export async function tagsOf(db: DbOrTx, ids: number[]): Promise<Map<number, string[]>> {
  const byCustomer = new Map<number, string[]>();
  if (ids.length === 0) return byCustomer;
  const rows = await db
    .select({ customerId: customerTags.customerId, tag: customerTags.tag })
    .from(customerTags)
    .where(inArray(customerTags.customerId, ids))
    .orderBy(asc(customerTags.customerId), asc(customerTags.tag));
  for (const { customerId, tag } of rows) byCustomer.set(customerId, [...(byCustomer.get(customerId) ?? []), tag]);
  return byCustomer;
}
