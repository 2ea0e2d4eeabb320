import { stringify } from "csv-stringify/sync";
import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couriers, orderItems, orders, shipments } from "~/db/schema";
import { AppError } from "~/lib/errors";
import { isUuid } from "~/lib/uuid";
import { neutraliseCsvCell } from "~/modules/orders/csv-cell";
import { shopDay as karachiDay } from "~/lib/shop-time";
import type { BookingField } from "./booking-columns";
import { parcelDescription } from "./parcel";

export const NOTHING_BOOKED = "None of the selected orders is booked yet: book them first";
export const SEVERAL_COURIERS = "The selected orders are booked with different couriers: download one courier's file at a time";

/** 03XXXXXXXXX, as courier portals take a Pakistani mobile number. */
export function localMobile(e164: string): string {
  return /^\+923\d{9}$/.test(e164) ? `0${e164.slice(3)}` : e164;
}

/** The rider's note: a parcel the shop has its money for (COD 0) must not be charged at the door. */
export function bookingInstructions(codAmount: number): string {
  return codAmount > 0 ? "Cash on delivery. Call before delivery." : "Prepaid: do not collect cash. Call before delivery.";
}

type BookedOrder = {
  orderNumber: string; fullName: string; phone: string; email: string; address: string; city: string; postalCode: string | null;
  codAmount: number; weightGrams: number; pieces: number; description: string;
};

function cell(order: BookedOrder, field: BookingField, accountCode: string | null): string {
  switch (field) {
    case "orderNumber": return order.orderNumber;
    case "consigneeName": return order.fullName;
    case "phone": return localMobile(order.phone);
    case "email": return order.email;
    case "address": return [order.address, order.postalCode].filter(Boolean).join(", ");
    case "city": return order.city;
    case "codAmount": return String(order.codAmount);
    case "weightKg": return (order.weightGrams / 1000).toFixed(2).replace(/\.?0+$/, "");
    case "weightGrams": return String(order.weightGrams);
    case "pieces": return String(order.pieces);
    case "description": return order.description;
    case "instructions": return bookingInstructions(order.codAmount);
    case "accountCode": return accountCode ?? "";
  }
}

/**
 * The booked orders among `orderIds` as the courier portal's bulk-upload CSV, in the courier's
 * layout (Settings -> Couriers). All must be booked with one courier. Text cells are made safe
 * for spreadsheets (a customer cannot plant a formula).
 */
export async function bookingFile(db: DbOrTx, orderIds: readonly string[], now = new Date()): Promise<{ courier: string; fileName: string; csv: string; count: number }> {
  const ids = [...new Set(orderIds.filter(isUuid))];
  const rows = ids.length
    ? await db
      .select({
        orderId: orders.id, orderNumber: orders.orderNumber, fullName: orders.fullName, phone: orders.phone, email: orders.email,
        address: orders.address, city: orders.city, postalCode: orders.postalCode,
        codAmount: shipments.codAmount, weightGrams: shipments.weightGrams, pieces: shipments.pieces,
        courierId: couriers.id, courierName: couriers.name, accountCode: couriers.accountCode, columns: couriers.bookingColumns,
      })
      .from(shipments)
      .innerJoin(orders, eq(orders.id, shipments.orderId))
      .innerJoin(couriers, eq(couriers.id, shipments.courierId))
      .where(inArray(shipments.orderId, ids))
      .orderBy(asc(orders.createdAt))
    : [];
  if (!rows.length) throw new AppError("CONFLICT", NOTHING_BOOKED);
  if (new Set(rows.map((r) => r.courierId)).size > 1) throw new AppError("CONFLICT", SEVERAL_COURIERS);
  const items = await db.select({ orderId: orderItems.orderId, name: orderItems.name, size: orderItems.size, color: orderItems.color, quantity: orderItems.quantity })
    .from(orderItems).where(inArray(orderItems.orderId, rows.map((r) => r.orderId))).orderBy(asc(orderItems.id));
  const { courierName, accountCode, columns } = rows[0];
  const lines = rows.map((row) => {
    const order = { ...row, description: parcelDescription(items.filter((i) => i.orderId === row.orderId)) };
    return columns.map((column) => neutraliseCsvCell(cell(order, column.field as BookingField, accountCode)));
  });
  const csv = stringify([columns.map((c) => c.header), ...lines]);
  const slug = courierName.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "courier";
  return { courier: courierName, fileName: `${slug}-booking-${karachiDay(now)}.csv`, csv, count: rows.length };
}
