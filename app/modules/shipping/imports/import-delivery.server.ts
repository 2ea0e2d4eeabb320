import { eq } from "drizzle-orm";
import { settlements, shipments } from "~/db/schema";
import { formatShopDateTimeAmPm } from "~/lib/shop-time";
import { STATUS_LABELS } from "~/modules/orders/order-lifecycle";
import type { DeliveryImportRow } from "./column-mapping";
import { courierTime, findParcel, notFound, recordCourierStatus, type ImportContext, type PlannedRow } from "./import-context.server";
import { checkParcelPayment, refreshSettlement } from "../settlements/parcel-payment.server";

/**
 * A delivery-status file's row. Delivered moves a shipped order to delivered (the courier has the
 * cash; settled at once when a COD file paid for it already); returned or RTO moves a shipped order
 * to returned, puts its stock back once and counts against the phone number; any other status is
 * kept on the shipment as its latest courier status.
 */
export async function importDeliveryRow(ctx: ImportContext, row: DeliveryImportRow): Promise<PlannedRow> {
  const base = { line: row.line, orderNumber: row.orderNumber, trackingNumber: row.trackingNumber };
  const found = await findParcel(ctx, row);
  if (!found) return { ...base, outcome: "unmatched", says: notFound(base) };
  const { order, shipment, courierName } = found;
  base.orderNumber = order.orderNumber;
  if (!shipment) return { ...base, outcome: "unmatched", says: `${order.orderNumber} is not booked with a courier` };
  if (ctx.courierId && shipment.courierId !== ctx.courierId) return { ...base, outcome: "unmatched", says: `${order.orderNumber} is booked with ${courierName}, not the courier chosen for this file` };
  const at = courierTime(row.date, ctx.now);
  const statusIs = STATUS_LABELS[order.status].toLowerCase();

  if (row.statusKind === "delivered") {
    if (order.status === "delivered") return { ...base, outcome: "unchanged", says: "Already delivered" };
    if (order.status !== "shipped") return { ...base, outcome: "unmatched", says: `${order.orderNumber} is ${statusIs}, not shipped: import its tracking number first` };
    await recordCourierStatus(ctx, shipment, row.status, at);
    // The courier's time, set before the move, so the parcel's hook (shipment-follows-order) leaves
    // the settling below to this import.
    await ctx.tx.update(shipments).set({ deliveredAt: at }).where(eq(shipments.id, shipment.id));
    const delivered = await ctx.desk.applyMove(ctx.tx, ctx.actor, order, "delivered", { now: ctx.now, deliveredAt: at, note: `${ctx.note}: ${row.status}` });
    if (shipment.settlementId === null) return { ...base, outcome: "change", says: `Delivered on ${formatShopDateTimeAmPm(at)}: the courier collected the cash` };
    // The courier paid before this file came: settle it now, as the COD import does for a parcel
    // already delivered, and recount the settlement (a delivered parcel is expected to collect its COD).
    const [settlement] = await ctx.tx.select({ reference: settlements.reference }).from(settlements).where(eq(settlements.id, shipment.settlementId));
    const payment = { order: delivered, codAmount: shipment.codAmount, collected: shipment.collectedAmount ?? 0, settlementId: shipment.settlementId, reference: settlement.reference, paidBeforeDelivery: true };
    const checked = await checkParcelPayment(ctx, payment);
    await refreshSettlement(ctx, shipment.settlementId, settlement.reference);
    const paid = checked.settled ? `settled in ${settlement.reference}` : `paid in ${settlement.reference}`;
    return { ...base, outcome: "change", says: [`Delivered on ${formatShopDateTimeAmPm(at)}: already ${paid}`, ...checked.notes].join("; ") };
  }
  if (row.statusKind === "returned") {
    if (order.status === "returned") return { ...base, outcome: "unchanged", says: "Already returned" };
    if (order.status !== "shipped") return { ...base, outcome: "unmatched", says: `${order.orderNumber} is ${statusIs}: only a shipped order comes back from the courier (a return after delivery is recorded on the order)` };
    await recordCourierStatus(ctx, shipment, row.status, at);
    await ctx.tx.update(shipments).set({ returnedAt: at }).where(eq(shipments.id, shipment.id));
    const reason = row.reason ? ` (${row.reason})` : "";
    await ctx.desk.applyMove(ctx.tx, ctx.actor, order, "returned", { now: ctx.now, note: `${ctx.note}: ${row.status}${reason}` });
    return { ...base, outcome: "change", says: `Returned to the shop${reason}: its stock is put back and the return counts against this phone number` };
  }
  const recorded = await recordCourierStatus(ctx, shipment, row.status, at);
  return recorded
    ? { ...base, outcome: "change", says: `Courier status "${row.status}" recorded` }
    : { ...base, outcome: "unchanged", says: `Courier status "${row.status}" already recorded` };
}
