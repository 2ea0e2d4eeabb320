import { getTableName, sql, type Column } from "drizzle-orm";
import { orders } from "~/db/schema";

// The order's own columns, named with their table. In a query on orders alone Drizzle writes bare
// column names, and a bare "id" inside the subqueries below is ambiguous (shipments and couriers
// have one too): PostgreSQL refuses the whole query.
const order = (column: Column) => sql`${sql.identifier(getTableName(orders))}.${sql.identifier(column.name)}`;

/**
 * An order's link to its courier's tracking page, in SQL: the tracking link pattern of the courier
 * it is booked with (else of the courier named on it, as the owner typed it when shipping by hand),
 * with the tracking number in place of {tracking}. Null without a pattern, or for a tracking number
 * that is not plain letters, digits and dashes (it could not be put in a link as it is). For queries
 * that read `orders` under its own name.
 */
export const trackingUrlSql = sql<string | null>`case when ${order(orders.trackingNumber)} ~ '^[A-Za-z0-9-]{1,60}$' then replace(coalesce(
  (select c.tracking_url from shipments s join couriers c on c.id = s.courier_id where s.order_id = ${order(orders.id)}),
  (select c.tracking_url from couriers c where lower(c.name) = lower(${order(orders.courierName)}) order by c.id limit 1)
), '{tracking}', ${order(orders.trackingNumber)}) end`;
