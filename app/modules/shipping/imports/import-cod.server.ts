import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { orders, settlements, shipments } from "~/db/schema";
import { formatPrice } from "~/lib/money";
import { shopDay } from "~/lib/shop-time";
import { getSettings } from "~/db/shop-settings.server";
import type { CodImportRow } from "./column-mapping";
import { findParcel, notFound, type ImportContext, type PlannedRow } from "./import-context.server";
import { checkParcelPayment, noteDiscrepancy, refreshSettlement, type SettlementSummary } from "../settlements/parcel-payment.server";

export type { SettlementSummary };

export type CodImportResult = { rows: PlannedRow[]; settlements: SettlementSummary[]; findings: string[] };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A COD settlement report from one courier. Each matched parcel records what the courier collected,
 * its charges and the net paid, joins the settlement (by payment reference, else the file), and a
 * delivered order moves from collected to settled. A returned or undelivered parcel is expected to
 * collect Rs 0 (settlement-expected.ts). Recorded for the owner to claim: a delivered parcel paid
 * other than its COD, cash paid for a parcel returned or not delivered, charges (a return charge
 * too) above the rate card's estimate, a paid total that does not add up, and delivered parcels of
 * this courier still unpaid after the overdue days (Settings).
 *
 * The file's Status column does not move orders: a payment report has no delivery time, and
 * delivering sends the buyer an e-mail and starts the return window; the delivery status file does
 * that, and settles a parcel paid before it (checkParcelPayment), so the files' order does not
 * change the end.
 */
export async function importCodRows(ctx: ImportContext & { courierId: number }, rows: CodImportRow[], fileName: string): Promise<CodImportResult> {
  const planned: PlannedRow[] = [];
  const touched = new Map<number, string>();
  const settlementIds = new Map<string, number>();
  const today = shopDay(ctx.now);

  /** The settlement with this reference: known to this import, stored by an earlier one, or (when `create`) new. */
  async function settlementFor(reference: string, paidOn: string, create: boolean): Promise<number | null> {
    const known = settlementIds.get(reference);
    if (known) return known;
    const [existing] = await ctx.tx.select({ id: settlements.id }).from(settlements).where(and(eq(settlements.courierId, ctx.courierId), eq(settlements.reference, reference)));
    if (!existing && !create) return null;
    const id = existing?.id ?? (await ctx.tx.insert(settlements).values({
      courierId: ctx.courierId, reference, paidOn, expectedTotal: 0, paidTotal: 0, chargesTotal: 0, importId: ctx.importId, createdAt: ctx.now,
    }).returning({ id: settlements.id }))[0].id;
    settlementIds.set(reference, id);
    return id;
  }

  for (const row of rows) {
    const base = { line: row.line, orderNumber: row.orderNumber, trackingNumber: row.trackingNumber };
    if (row.problems.length) { planned.push({ ...base, outcome: "problem", says: row.problems.join("; ") }); continue; }
    const found = await findParcel(ctx, row);
    if (!found?.shipment) { planned.push({ ...base, outcome: "unmatched", says: found ? `${found.order.orderNumber} is not booked with a courier` : notFound(base) }); continue; }
    const { order, shipment, courierName } = found;
    base.orderNumber = order.orderNumber;
    if (shipment.courierId !== ctx.courierId) { planned.push({ ...base, outcome: "unmatched", says: `${order.orderNumber} is booked with ${courierName}, not the courier of this file` }); continue; }
    const reference = (row.settlementReference ?? fileName).slice(0, 100);
    const paidOn = /^\d{4}-\d{2}-\d{2}/.test(row.settlementDate ?? "") ? row.settlementDate!.slice(0, 10) : today;
    if (shipment.settlementId !== null && shipment.settlementId === (await settlementFor(reference, paidOn, false))) { planned.push({ ...base, outcome: "unchanged", says: `Already in settlement ${reference}` }); continue; }
    if (shipment.settlementId !== null) {
      const [other] = await ctx.tx.select({ reference: settlements.reference }).from(settlements).where(eq(settlements.id, shipment.settlementId));
      planned.push({ ...base, outcome: "unmatched", says: `Already paid in settlement ${other?.reference ?? shipment.settlementId}: paid twice? Ask the courier` });
      continue;
    }
    const settlementId = (await settlementFor(reference, paidOn, true))!;
    const collected = row.collected ?? 0;
    const charges = row.charges ?? 0;
    const netPaid = row.netPaid ?? collected - charges;
    await ctx.tx.update(shipments).set({ collectedAmount: collected, chargedAmount: charges, netPaid, settlementId }).where(eq(shipments.id, shipment.id));
    touched.set(settlementId, reference);
    const checked = await checkParcelPayment(ctx, { order, codAmount: shipment.codAmount, collected, settlementId, reference });
    const notes = checked.settled ? ["settled", ...checked.notes] : checked.notes;
    if (charges > shipment.estimatedCharge) {
      const detail = `${order.orderNumber}: charged ${formatPrice(charges)}, the rate card says ${formatPrice(shipment.estimatedCharge)}`;
      await noteDiscrepancy(ctx, { kind: "charge-above-estimate", orderId: order.id, settlementId, expected: shipment.estimatedCharge, actual: charges, detail });
      notes.push(`charged ${formatPrice(charges - shipment.estimatedCharge)} above the rate card`);
    }
    planned.push({ ...base, outcome: "change", says: `Paid ${formatPrice(netPaid)} (collected ${formatPrice(collected)}, charges ${formatPrice(charges)}) in ${reference}${notes.length ? `; ${notes.join("; ")}` : ""}` });
  }

  // Each settlement's totals from all its parcels (this file and any earlier one with its reference).
  const summaries: SettlementSummary[] = [];
  for (const [id, reference] of touched) summaries.push(await refreshSettlement(ctx, id, reference));
  return { rows: planned, settlements: summaries, findings: await flagOverdue(ctx) };
}

/** This courier's delivered parcels still unpaid after the overdue days: each kept once as a discrepancy. */
async function flagOverdue(ctx: ImportContext & { courierId: number }): Promise<string[]> {
  const { settlementOverdueDays } = await getSettings(ctx.tx);
  const before = new Date(ctx.now.getTime() - settlementOverdueDays * DAY_MS);
  const overdue = await ctx.tx
    .select({ orderId: orders.id, orderNumber: orders.orderNumber, codAmount: shipments.codAmount, deliveredAt: shipments.deliveredAt })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.courierId, ctx.courierId), isNull(shipments.settlementId), lt(shipments.deliveredAt, before), eq(orders.status, "delivered"), sql`${shipments.codAmount} > 0`));
  for (const parcel of overdue) {
    const days = Math.floor((ctx.now.getTime() - parcel.deliveredAt!.getTime()) / DAY_MS);
    await noteDiscrepancy(ctx, {
      kind: "not-settled", orderId: parcel.orderId, settlementId: null, expected: parcel.codAmount, actual: null,
      detail: `${parcel.orderNumber}: delivered ${days} days ago, ${formatPrice(parcel.codAmount)} not paid yet`,
    });
  }
  return overdue.length
    ? [`${overdue.length} delivered ${overdue.length === 1 ? "parcel is" : "parcels are"} not in any settlement after ${settlementOverdueDays} days: ${overdue.map((p) => p.orderNumber).slice(0, 10).join(", ")}${overdue.length > 10 ? "..." : ""}`]
    : [];
}
