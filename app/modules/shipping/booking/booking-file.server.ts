import { asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couriers, shipments } from "~/modules/shipping/tables";
import { orderItems, orders } from "~/modules/orders/reads";
import { AppError } from "~/lib/errors";
import { isUuid } from "~/lib/uuid";
import type { BookingHandover, CourierProvider } from "../couriers/courier-provider";
import { parcelDescription } from "./parcel";

export const NOTHING_BOOKED = "None of the selected orders is booked yet: book them first";
export const SEVERAL_COURIERS =
  "The selected orders are booked with different couriers: download one courier's file at a time";

/**
 * The booked orders among `orderIds`, oldest first, handed to their courier through `provider`:
 * for the file portal, the CSV its bulk upload takes, in the courier's layout (Settings ->
 * Couriers). All must be booked with one courier.
 */
export async function bookingFile(
  db: DbOrTx,
  provider: Pick<CourierProvider<unknown>, "book">,
  orderIds: readonly string[],
  now = new Date(),
): Promise<BookingHandover> {
  const ids = [...new Set(orderIds.filter(isUuid))];
  const rows = ids.length
    ? await db
        .select({
          orderId: orders.id,
          orderNumber: orders.orderNumber,
          fullName: orders.fullName,
          phone: orders.phone,
          email: orders.email,
          address: orders.address,
          city: orders.city,
          postalCode: orders.postalCode,
          codAmount: shipments.codAmount,
          weightGrams: shipments.weightGrams,
          pieces: shipments.pieces,
          courierId: couriers.id,
          courierName: couriers.name,
          accountCode: couriers.accountCode,
          columns: couriers.bookingColumns,
          // A replacement order: the original's number, for the rider's note (by primary key).
          exchangeFor: sql<
            string | null
          >`(select r.order_number from orders r where r.id = "orders"."replaces_order_id")`,
        })
        .from(shipments)
        .innerJoin(orders, eq(orders.id, shipments.orderId))
        .innerJoin(couriers, eq(couriers.id, shipments.courierId))
        .where(inArray(shipments.orderId, ids))
        .orderBy(asc(orders.createdAt))
    : [];
  if (!rows.length) throw new AppError("CONFLICT", NOTHING_BOOKED);
  if (new Set(rows.map((r) => r.courierId)).size > 1) throw new AppError("CONFLICT", SEVERAL_COURIERS);
  const items = await db
    .select({
      orderId: orderItems.orderId,
      name: orderItems.name,
      size: orderItems.size,
      color: orderItems.color,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.orderId),
      ),
    )
    .orderBy(asc(orderItems.id));
  const { courierName, accountCode, columns } = rows[0];
  const parcels = rows.map((row) => ({
    orderNumber: row.orderNumber,
    consigneeName: row.fullName,
    phone: row.phone,
    email: row.email,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    codAmount: row.codAmount,
    weightGrams: row.weightGrams,
    pieces: row.pieces,
    description: parcelDescription(items.filter((i) => i.orderId === row.orderId)),
    exchangeFor: row.exchangeFor,
  }));
  return provider.book({ courier: { name: courierName, accountCode, bookingColumns: columns }, parcels, now });
}
