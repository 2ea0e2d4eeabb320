import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { orders, settlements, shipments, shippingDiscrepancies } from "~/db/schema";
import type { DiscrepancyKind } from "~/db/schema/statuses";
import { formatPrice } from "~/lib/money";
import { karachiDay } from "~/modules/seller/karachi-days";
import { getSettings } from "~/modules/settings/get-settings.server";
import type { CodImportRow } from "./column-mapping";
import { findParcel, notFound, type ImportContext, type PlannedRow } from "./import-context.server";

/** One payment in the file, as the report shows it (whole rupees). */
export type SettlementSummary = {
  reference: string;
  paidOn: string;
  parcels: number;
  /** The COD of its parcels as the shop booked them, what the courier says it collected, its charges, and what it paid. */
  expectedTotal: number;
  collectedTotal: number;
  chargesTotal: number;
  paidTotal: number;
};

export type CodImportResult = { rows: PlannedRow[]; settlements: SettlementSummary[]; findings: string[] };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Keeps a discrepancy once: an open one of the same kind for the same order and settlement is not repeated. */
async function noteDiscrepancy(
  ctx: ImportContext,
  d: { kind: DiscrepancyKind; orderId: string | null; settlementId: number | null; expected: number | null; actual: number | null; detail: string },
): Promise<void> {
  const [open] = await ctx.tx
    .select({ id: shippingDiscrepancies.id })
    .from(shippingDiscrepancies)
    .where(and(
      eq(shippingDiscrepancies.kind, d.kind),
      d.orderId ? eq(shippingDiscrepancies.orderId, d.orderId) : isNull(shippingDiscrepancies.orderId),
      d.settlementId ? eq(shippingDiscrepancies.settlementId, d.settlementId) : isNull(shippingDiscrepancies.settlementId),
      isNull(shippingDiscrepancies.resolvedAt),
    ));
  if (open) return;
  await ctx.tx.insert(shippingDiscrepancies).values({ ...d, courierId: ctx.courierId, createdAt: ctx.now });
}

/**
 * A COD settlement report from one courier. Each matched parcel records what the courier collected,
 * its charges and the net paid, joins the settlement (by payment reference, else the file), and its
 * order moves from collected to settled. Recorded for the owner to claim: an amount other than the
 * parcel's COD, a payment for a parcel that was returned or never delivered, charges above the rate
 * card's estimate, a paid total that does not add up, and delivered parcels of this courier still
 * unpaid after the overdue days (Settings).
 */
export async function importCodRows(ctx: ImportContext & { courierId: number }, rows: CodImportRow[], fileName: string): Promise<CodImportResult> {
  const planned: PlannedRow[] = [];
  const touched = new Map<number, string>();
  const settlementIds = new Map<string, number>();
  const today = karachiDay(ctx.now);

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
    const notes: string[] = [];
    if (order.status === "delivered" && order.paymentStatus === "collected") {
      await ctx.tx.update(orders).set({ paymentStatus: "settled", updatedAt: ctx.now }).where(eq(orders.id, order.id));
      notes.push("settled");
    } else if (order.status !== "delivered") {
      const detail = `Paid ${formatPrice(collected)} for ${order.orderNumber}, which is ${order.status}, not delivered`;
      await noteDiscrepancy(ctx, { kind: "not-delivered", orderId: order.id, settlementId, expected: 0, actual: collected, detail });
      notes.push(`paid for a parcel that is ${order.status}: recorded as a discrepancy`);
    }
    if (collected !== shipment.codAmount) {
      const gap = collected - shipment.codAmount;
      const detail = `${order.orderNumber}: collected ${formatPrice(collected)}, COD was ${formatPrice(shipment.codAmount)} (${gap < 0 ? "short" : "over"} by ${formatPrice(Math.abs(gap))})`;
      await noteDiscrepancy(ctx, { kind: "amount-differs", orderId: order.id, settlementId, expected: shipment.codAmount, actual: collected, detail });
      notes.push(`${gap < 0 ? "short" : "over"} by ${formatPrice(Math.abs(gap))}`);
    }
    if (charges > shipment.estimatedCharge) {
      const detail = `${order.orderNumber}: charged ${formatPrice(charges)}, the rate card says ${formatPrice(shipment.estimatedCharge)}`;
      await noteDiscrepancy(ctx, { kind: "charge-above-estimate", orderId: order.id, settlementId, expected: shipment.estimatedCharge, actual: charges, detail });
      notes.push(`charged ${formatPrice(charges - shipment.estimatedCharge)} above the rate card`);
    }
    planned.push({ ...base, outcome: "change", says: `Paid ${formatPrice(netPaid)} (collected ${formatPrice(collected)}, charges ${formatPrice(charges)}) in ${reference}${notes.length ? `; ${notes.join("; ")}` : ""}` });
  }

  // Each settlement's totals from all its parcels (this file and any earlier one with its reference).
  const summaries: SettlementSummary[] = [];
  for (const [id, reference] of touched) {
    const [t] = await ctx.tx
      .select({
        parcels: sql<number>`count(*)::int`,
        expected: sql<number>`coalesce(sum(${shipments.codAmount}), 0)::int`,
        collected: sql<number>`coalesce(sum(${shipments.collectedAmount}), 0)::int`,
        charges: sql<number>`coalesce(sum(${shipments.chargedAmount}), 0)::int`,
        paid: sql<number>`coalesce(sum(${shipments.netPaid}), 0)::int`,
      })
      .from(shipments)
      .where(eq(shipments.settlementId, id));
    const [settlement] = await ctx.tx
      .update(settlements).set({ expectedTotal: Number(t.expected), chargesTotal: Number(t.charges), paidTotal: Number(t.paid) })
      .where(eq(settlements.id, id)).returning({ paidOn: settlements.paidOn });
    const summary = { reference, paidOn: settlement.paidOn, parcels: Number(t.parcels), expectedTotal: Number(t.expected), collectedTotal: Number(t.collected), chargesTotal: Number(t.charges), paidTotal: Number(t.paid) };
    summaries.push(summary);
    const adds = summary.collectedTotal - summary.chargesTotal;
    if (adds !== summary.paidTotal) {
      const detail = `Settlement ${reference}: collected ${formatPrice(summary.collectedTotal)} less charges ${formatPrice(summary.chargesTotal)} is ${formatPrice(adds)}, but ${formatPrice(summary.paidTotal)} was paid`;
      await noteDiscrepancy(ctx, { kind: "total-differs", orderId: null, settlementId: id, expected: adds, actual: summary.paidTotal, detail });
    }
  }
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
