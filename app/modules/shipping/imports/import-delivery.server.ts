import { formatShopDateTimeAmPm } from "~/lib/shop-time";
import { STATUS_LABELS } from "~/modules/orders/order-lifecycle";
import type { DeliveryImportRow } from "./column-mapping";
import {
  changeShipment,
  courierTime,
  findParcel,
  idsDisagree,
  moveOrder,
  notFound,
  recordCourierStatus,
  type ImportContext,
  type PlannedRow,
} from "./import-context.server";
import { checkParcelPayment, refreshSettlement, settlementReference } from "../settlements/parcel-payment.server";

/**
 * A delivery-status file's row. Delivered moves a shipped order to delivered (the courier has the
 * cash; settled at once when a COD file paid for it already); returned or RTO moves a shipped order
 * to returned, puts its stock back once and counts against the phone number; any other status is
 * kept on the shipment as its latest courier status.
 */
export async function importDeliveryRow(ctx: ImportContext, row: DeliveryImportRow): Promise<PlannedRow> {
  const base = { line: row.line, orderNumber: row.orderNumber, trackingNumber: row.trackingNumber };
  const disagree = await idsDisagree(ctx, row);
  if (disagree) return { ...base, outcome: "problem", says: disagree };
  const found = await findParcel(ctx, row);
  if (!found) return { ...base, outcome: "unmatched", says: notFound(base) };
  const { order, shipment, courierName } = found;
  base.orderNumber = order.orderNumber;
  if (!shipment) return { ...base, outcome: "unmatched", says: `${order.orderNumber} is not booked with a courier` };
  if (ctx.courierId && shipment.courierId !== ctx.courierId)
    return {
      ...base,
      outcome: "unmatched",
      says: `${order.orderNumber} is booked with ${courierName}, not the courier chosen for this file`,
    };
  const at = courierTime(row.date, ctx.now);
  const statusIs = STATUS_LABELS[order.status].toLowerCase();

  if (row.statusKind === "delivered") {
    if (order.status === "delivered") return { ...base, outcome: "unchanged", says: "Already delivered" };
    if (order.status !== "shipped")
      return {
        ...base,
        outcome: "unmatched",
        says: `${order.orderNumber} is ${statusIs}, not shipped: import its tracking number first`,
      };
    await recordCourierStatus(ctx, shipment, row.status, at);
    // The courier's time, set before the move, so the parcel's hook (shipment-follows-order) leaves
    // the settling below to this import.
    await changeShipment(ctx, shipment.id, { deliveredAt: at });
    const delivered = await moveOrder(ctx, order, "delivered", { deliveredAt: at, note: `${ctx.note}: ${row.status}` });
    if (shipment.settlementId === null)
      return {
        ...base,
        outcome: "change",
        says: `Delivered on ${formatShopDateTimeAmPm(at)}: the courier collected the cash`,
      };
    // The courier paid before this file came: settle it now, as the COD import does for a parcel
    // already delivered, and recount the settlement (a delivered parcel is expected to collect its COD).
    const settlement = await settlementReference(ctx, shipment.settlementId);
    const payment = {
      order: delivered,
      codAmount: shipment.codAmount,
      collected: shipment.collectedAmount ?? 0,
      settlementId: shipment.settlementId,
      reference: settlement.reference,
      paidBeforeDelivery: true,
    };
    const checked = await checkParcelPayment(ctx, payment);
    await refreshSettlement(ctx, shipment.settlementId, settlement.reference);
    const paid = checked.settled ? `settled in ${settlement.reference}` : `paid in ${settlement.reference}`;
    return {
      ...base,
      outcome: "change",
      says: [`Delivered on ${formatShopDateTimeAmPm(at)}: already ${paid}`, ...checked.notes].join("; "),
    };
  }
  if (row.statusKind === "returned") {
    if (order.status === "returned") return { ...base, outcome: "unchanged", says: "Already returned" };
    if (order.status !== "shipped")
      return {
        ...base,
        outcome: "unmatched",
        says: `${order.orderNumber} is ${statusIs}: only a shipped order comes back from the courier (a return after delivery is recorded on the order)`,
      };
    await recordCourierStatus(ctx, shipment, row.status, at);
    await changeShipment(ctx, shipment.id, { returnedAt: at });
    const reason = row.reason ? ` (${row.reason})` : "";
    await moveOrder(ctx, order, "returned", { note: `${ctx.note}: ${row.status}${reason}` });
    return {
      ...base,
      outcome: "change",
      says: `Returned to the shop${reason}: its stock is put back and the return counts against this phone number`,
    };
  }
  if (row.statusKind === "refused") {
    if (order.status === "returned") return { ...base, outcome: "unchanged", says: "Already returned" };
    if (order.status !== "shipped")
      return {
        ...base,
        outcome: "unmatched",
        says: `${order.orderNumber} is ${statusIs}: only a shipped order can be refused at the door`,
      };
    // The parcel is still with the courier: the order stays shipped and its stock stays out until
    // a "Returned" status brings it back (then the return puts the stock back, once).
    if (!(await recordCourierStatus(ctx, shipment, row.status, at)))
      return { ...base, outcome: "unchanged", says: `Courier status "${row.status}" already recorded` };
    const reason = row.reason ? ` (${row.reason})` : "";
    if (!ctx.preview)
      await ctx.desk.recordHistory(ctx.tx, [
        {
          orderId: order.id,
          from: order.status,
          to: order.status,
          actor: ctx.actor,
          at: ctx.now,
          note: `Refused by the buyer: on its way back${reason}. ${ctx.note}: ${row.status}`,
        },
      ]);
    return {
      ...base,
      outcome: "change",
      says: `Refused by the buyer${reason}: on its way back; its stock is put back when the courier returns it`,
    };
  }
  const recorded = await recordCourierStatus(ctx, shipment, row.status, at);
  return recorded
    ? { ...base, outcome: "change", says: `Courier status "${row.status}" recorded` }
    : { ...base, outcome: "unchanged", says: `Courier status "${row.status}" already recorded` };
}
