import { sql } from "drizzle-orm";
import { orders } from "~/modules/orders/tables";

/**
 * An order's link to its courier's tracking page, in SQL: the tracking link pattern of the courier
 * it is booked with (else of the courier named on it, as the owner typed it when shipping by hand),
 * with the tracking number in place of {tracking}. Null without a pattern, or for a tracking number
 * that is not plain letters, digits and dashes (it could not be put in a link as it is).
 */
// Drizzle writes a column of a one-table query without its table ("id"), which inside these
// subqueries would mean the shipment's or courier's id (or be ambiguous): name the table.
const ordersColumn = (column: { name: string }) => sql.raw(`"orders"."${column.name}"`);

export const trackingUrlSql = sql<
  string | null
>`case when ${ordersColumn(orders.trackingNumber)} ~ '^[A-Za-z0-9-]{1,60}$' then replace(coalesce(
  (select c.tracking_url from shipments s join couriers c on c.id = s.courier_id where s.order_id = ${ordersColumn(orders.id)}),
  (select c.tracking_url from couriers c where lower(c.name) = lower(${ordersColumn(orders.courierName)}) order by c.id limit 1)
), '{tracking}', ${ordersColumn(orders.trackingNumber)}) end`;
