import { STATUS_LABELS } from "~/modules/orders/order-lifecycle";
import type { TrackingImportRow } from "./column-mapping";
import {
  changeOrder,
  changeShipment,
  findParcel,
  moveOrder,
  notFound,
  type ImportContext,
  type PlannedRow,
} from "./import-context.server";
import { trackingNumberTakenBy } from "../booking/shipment-follows-order.server";

/**
 * A tracking file's row: the booked order gets its tracking number and moves to shipped (through
 * processing when it is only confirmed), so the buyer gets the shipped e-mail with the courier's
 * tracking link. A shipped order with another tracking number has it corrected; the same one
 * changes nothing.
 */
export async function importTrackingRow(ctx: ImportContext, row: TrackingImportRow): Promise<PlannedRow> {
  const base = { line: row.line, orderNumber: row.orderNumber || null, trackingNumber: row.trackingNumber || null };
  const found = await findParcel(ctx, { orderNumber: row.orderNumber || null, trackingNumber: null });
  if (!found) return { ...base, outcome: "unmatched", says: notFound(base) };
  const { order, shipment, courierName } = found;
  base.orderNumber = order.orderNumber;
  if (!shipment)
    return { ...base, outcome: "unmatched", says: `${order.orderNumber} is not booked with a courier: book it first` };
  if (ctx.courierId && shipment.courierId !== ctx.courierId)
    return {
      ...base,
      outcome: "unmatched",
      says: `${order.orderNumber} is booked with ${courierName}, not the courier chosen for this file`,
    };
  if (shipment.trackingNumber === row.trackingNumber && order.status !== "confirmed" && order.status !== "processing") {
    return {
      ...base,
      outcome: "unchanged",
      says: `Already ${STATUS_LABELS[order.status].toLowerCase()} with this tracking number`,
    };
  }
  const taken = await trackingNumberTakenBy(ctx.tx, {
    courierId: shipment.courierId,
    trackingNumber: row.trackingNumber,
    shipmentId: shipment.id,
  });
  if (taken)
    return { ...base, outcome: "unmatched", says: `Tracking number ${row.trackingNumber} is already on ${taken}` };

  if (order.status === "shipped") {
    await changeShipment(ctx, shipment.id, { trackingNumber: row.trackingNumber });
    await changeOrder(ctx, order.id, { trackingNumber: row.trackingNumber });
    return {
      ...base,
      outcome: "change",
      says: `Tracking number corrected from ${shipment.trackingNumber ?? "none"} to ${row.trackingNumber}`,
    };
  }
  if (order.status !== "confirmed" && order.status !== "processing") {
    return {
      ...base,
      outcome: "unmatched",
      says: `${order.orderNumber} is ${STATUS_LABELS[order.status].toLowerCase()}: its tracking number is not changed`,
    };
  }
  await changeShipment(ctx, shipment.id, { trackingNumber: row.trackingNumber });
  if (order.status === "confirmed") {
    await moveOrder(ctx, order, "processing", { note: ctx.note });
    order.status = "processing";
  }
  const courier = { courierName: courierName ?? undefined, trackingNumber: row.trackingNumber };
  await moveOrder(ctx, order, "shipped", {
    note: `${ctx.note}: ${courierName}, tracking ${row.trackingNumber}`,
    courier,
  });
  return {
    ...base,
    outcome: "change",
    says: `Shipped with ${courierName}, tracking number ${row.trackingNumber}; the buyer is e-mailed the tracking link`,
  };
}
