import { stringify } from "csv-stringify/sync";
import { and } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { customers } from "~/modules/customers/tables";
import { formatPakistaniMobile } from "~/lib/phone";
import { formatShopDateTimeSortable } from "~/lib/shop-time";
import { neutraliseCsvCell } from "~/modules/orders/csv-cell";
import type { CustomerQuery } from "./customer-query";
import { customerOrderBy, customerWhere } from "./customer-where.server";
import { CUSTOMER_COLUMNS, tagsOf } from "./list-customers.server";

/** Rows read per query: 50,000 customers are exported without ever holding them all. */
export const CUSTOMER_CSV_BATCH = 1000;

const COLUMNS = [
  "Name",
  "Phone",
  "Email",
  "City",
  "Tags",
  "Orders",
  "Delivered",
  "Returned or refused",
  "Cancelled",
  "Delivery rate (%)",
  "Lifetime value (PKR)",
  "Average order (PKR)",
  "First order (PKT)",
  "Last order (PKT)",
];

/**
 * Every customer the filter matches (not a page), in the list's order, as CSV text in chunks (the
 * header first). Batches are read by offset over the same ORDER BY with the id as tie-breaker, so
 * none is skipped or repeated. Text cells are guarded against formulas; the phone is written as
 * "0300 1234567" (a space, so Excel keeps it as text with its leading zero), as the orders CSV does.
 */
export async function* exportCustomersCsv(db: DbOrTx, query: CustomerQuery): AsyncGenerator<string> {
  yield stringify([COLUMNS]);
  const where = customerWhere(query);
  const orderBy = customerOrderBy(query);
  for (let offset = 0; ; offset += CUSTOMER_CSV_BATCH) {
    const rows = await db
      .select(CUSTOMER_COLUMNS)
      .from(customers)
      .where(and(where))
      .orderBy(...orderBy)
      .limit(CUSTOMER_CSV_BATCH)
      .offset(offset);
    if (rows.length === 0) return;
    const tags = await tagsOf(
      db,
      rows.map((r) => r.id),
    );
    const text = (value: string | null) => neutraliseCsvCell(value ?? "");
    yield stringify(
      rows.map((c) => [
        text(c.name),
        text(formatPakistaniMobile(c.phone)),
        text(c.email),
        text(c.city),
        text((tags.get(c.id) ?? []).join("; ")),
        c.orders,
        c.delivered,
        c.returned,
        c.cancelled,
        c.deliveryRate ?? "",
        c.lifetimeValue,
        c.averageOrder,
        formatShopDateTimeSortable(c.firstOrderAt),
        formatShopDateTimeSortable(c.lastOrderAt),
      ]),
    );
    if (rows.length < CUSTOMER_CSV_BATCH) return;
  }
}
