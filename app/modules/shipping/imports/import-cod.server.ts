import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { couriers, settlements, shipments } from "~/modules/shipping/tables";
import { orders } from "~/modules/orders/reads";
import { formatPrice } from "~/lib/money";
import { shopDay } from "~/lib/shop-time";
import { getSettings } from "~/modules/settings/reads";
import type { CodImportRow } from "./column-mapping";
import {
  changeShipment,
  findParcel,
  idsDisagree,
  notFound,
  type ImportContext,
  type PlannedRow,
} from "./import-context.server";
import { paisaToRupees } from "./rupee-amount";
import {
  checkParcelPayment,
  noteDiscrepancy,
  refreshSettlement,
  settlementReference,
  type SettlementSummary,
} from "../settlements/parcel-payment.server";

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
export async function importCodRows(
  ctx: ImportContext & { courierId: number },
  rows: CodImportRow[],
  fileName: string,
  fileHash = "",
): Promise<CodImportResult> {
  const planned: PlannedRow[] = [];
  const [courier] = await ctx.tx
    .select({ rateCard: couriers.rateCard })
    .from(couriers)
    .where(eq(couriers.id, ctx.courierId));
  const tolerance = Math.max(0, courier?.rateCard.toleranceRupees ?? 0);
  const touched = new Map<number, string>();
  const settlementIds = new Map<string, number>();
  const today = shopDay(ctx.now);

  /** The settlement with this reference: known to this import, stored by an earlier one, or (when `create`) new (a preview's has a negative id). */
  async function settlementFor(reference: string, paidOn: string, create: boolean): Promise<number | null> {
    const known = settlementIds.get(reference);
    if (known) return known;
    const [existing] = await ctx.tx
      .select({ id: settlements.id })
      .from(settlements)
      .where(and(eq(settlements.courierId, ctx.courierId), eq(settlements.reference, reference)));
    if (!existing && !create) return null;
    let id = existing?.id;
    if (id === undefined && ctx.preview) {
      id = -(ctx.preview.settlements.size + 1);
      ctx.preview.settlements.set(reference, { id, paidOn });
    }
    id ??= (
      await ctx.tx
        .insert(settlements)
        .values({
          courierId: ctx.courierId,
          reference,
          paidOn,
          expectedTotal: 0,
          paidTotal: 0,
          chargesTotal: 0,
          importId: ctx.importId,
          createdAt: ctx.now,
        })
        .returning({ id: settlements.id })
    )[0].id;
    settlementIds.set(reference, id);
    return id;
  }

  for (const row of rows) {
    const base = { line: row.line, orderNumber: row.orderNumber, trackingNumber: row.trackingNumber };
    if (row.problems.length) {
      planned.push({ ...base, outcome: "problem", says: row.problems.join("; ") });
      continue;
    }
    const disagree = await idsDisagree(ctx, row);
    if (disagree) {
      planned.push({ ...base, outcome: "problem", says: disagree });
      continue;
    }
    const found = await findParcel(ctx, row);
    if (!found?.shipment) {
      planned.push({
        ...base,
        outcome: "unmatched",
        says: found ? `${found.order.orderNumber} is not booked with a courier` : notFound(base),
      });
      continue;
    }
    const { order, shipment, courierName } = found;
    base.orderNumber = order.orderNumber;
    if (shipment.courierId !== ctx.courierId) {
      planned.push({
        ...base,
        outcome: "unmatched",
        says: `${order.orderNumber} is booked with ${courierName}, not the courier of this file`,
      });
      continue;
    }
    const paidOn = /^\d{4}-\d{2}-\d{2}/.test(row.settlementDate ?? "") ? row.settlementDate!.slice(0, 10) : today;
    // Without a reference column, one settlement per file and payment date: a report of several
    // payments is several settlements, and next week's file of the same name is not this one.
    const reference = (
      row.settlementReference ?? `${fileName.slice(0, 70)} ${paidOn}${fileHash ? ` #${fileHash.slice(0, 8)}` : ""}`
    ).slice(0, 100);
    if (shipment.settlementId !== null && shipment.settlementId === (await settlementFor(reference, paidOn, false))) {
      planned.push({ ...base, outcome: "unchanged", says: `Already in settlement ${reference}` });
      continue;
    }
    if (shipment.settlementId !== null) {
      const other = await settlementReference(ctx, shipment.settlementId);
      planned.push({
        ...base,
        outcome: "unmatched",
        says: `Already paid in settlement ${other?.reference ?? shipment.settlementId}: paid twice? Ask the courier`,
      });
      continue;
    }
    const settlementId = (await settlementFor(reference, paidOn, true))!;
    const collected = row.collected ?? 0;
    // Charges and net paid may carry paisa: compared in paisa, within Rs 1. The columns keep whole
    // rupees, so they are rounded at the last step: the charge half up (Rs 200.50 is Rs 201: an
    // estimate of cost never understates it); net paid, when the row adds up within Rs 1, as what
    // makes the stored row add up too, so a settlement's totals do not drift by a rupee per parcel
    // into a "total differs" the courier never caused. At most 50 paisa a parcel moves between them.
    // Tax withheld (issue 45) is neither a charge nor a shortfall: collected - charges - tax = paid.
    const chargesPaisa = Math.round((row.charges ?? 0) * 100);
    const incomeTaxPaisa = row.incomeTax === null ? null : Math.round(row.incomeTax * 100);
    const salesTaxPaisa = row.salesTax === null ? null : Math.round(row.salesTax * 100);
    const taxPaisa = (incomeTaxPaisa ?? 0) + (salesTaxPaisa ?? 0);
    const netPaisa = row.netPaid === null ? collected * 100 - chargesPaisa - taxPaisa : Math.round(row.netPaid * 100);
    const charges = paisaToRupees(chargesPaisa);
    const incomeTax = incomeTaxPaisa === null ? null : paisaToRupees(incomeTaxPaisa);
    const salesTax = salesTaxPaisa === null ? null : paisaToRupees(salesTaxPaisa);
    const tax = (incomeTax ?? 0) + (salesTax ?? 0);
    const addsUp = Math.abs(collected * 100 - chargesPaisa - taxPaisa - netPaisa) < 100;
    const netPaid = addsUp ? collected - charges - tax : paisaToRupees(netPaisa);
    await changeShipment(ctx, shipment.id, {
      collectedAmount: collected,
      chargedAmount: charges,
      incomeTaxWithheld: incomeTax,
      salesTaxWithheld: salesTax,
      netPaid,
      settlementId,
    });
    touched.set(settlementId, reference);
    const checked = await checkParcelPayment(ctx, {
      order,
      codAmount: shipment.codAmount,
      collected,
      settlementId,
      reference,
    });
    const notes = checked.settled ? ["settled", ...checked.notes] : checked.notes;
    // Above the rate card by Rs 1 or more beyond the courier's tolerance (Settings -> Couriers): a
    // zone the card does not know or a rounded tax is not an overcharge to claim.
    if (chargesPaisa - (shipment.estimatedCharge + tolerance) * 100 >= 100) {
      const allowed = tolerance ? ` (with Rs ${tolerance} tolerance)` : "";
      const detail = `${order.orderNumber}: charged ${formatPaisa(chargesPaisa)}, the rate card says ${formatPrice(shipment.estimatedCharge)}${allowed}`;
      await noteDiscrepancy(ctx, {
        kind: "charge-above-estimate",
        orderId: order.id,
        settlementId,
        expected: shipment.estimatedCharge,
        actual: charges,
        detail,
      });
      notes.push(`charged ${formatPaisa(chargesPaisa - shipment.estimatedCharge * 100)} above the rate card`);
    }
    planned.push({
      ...base,
      outcome: "change",
      says: `Paid ${formatPrice(netPaid)} (collected ${formatPrice(collected)}, charges ${formatPrice(charges)}${tax ? `, tax withheld ${formatPrice(tax)}` : ""}) in ${reference}${notes.length ? `; ${notes.join("; ")}` : ""}`,
    });
  }

  // Each settlement's totals from all its parcels (this file and any earlier one with its reference).
  const summaries: SettlementSummary[] = [];
  for (const [id, reference] of touched) summaries.push(await refreshSettlement(ctx, id, reference));
  return { rows: planned, settlements: summaries, findings: await flagOverdue(ctx) };
}

/** Rs 191.18, or Rs 191 for whole rupees. */
function formatPaisa(paisa: number): string {
  return paisa % 100 === 0
    ? formatPrice(paisa / 100)
    : `${formatPrice(Math.trunc(paisa / 100))}.${String(Math.abs(paisa % 100)).padStart(2, "0")}`;
}

/** This courier's delivered parcels still unpaid after the overdue days: each kept once as a discrepancy. */
async function flagOverdue(ctx: ImportContext & { courierId: number }): Promise<string[]> {
  const { settlementOverdueDays } = await getSettings(ctx.tx);
  const before = new Date(ctx.now.getTime() - settlementOverdueDays * DAY_MS);
  // A preview has paid nothing yet: the parcels its rows pay are not overdue.
  const paidHere = new Set(
    ctx.preview ? [...ctx.preview.shipments].filter(([, change]) => change.settlementId != null).map(([id]) => id) : [],
  );
  const overdue = await ctx.tx
    .select({
      shipmentId: shipments.id,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      codAmount: shipments.codAmount,
      deliveredAt: shipments.deliveredAt,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(
      and(
        eq(shipments.courierId, ctx.courierId),
        isNull(shipments.settlementId),
        lt(shipments.deliveredAt, before),
        eq(orders.status, "delivered"),
        sql`${shipments.codAmount} > 0`,
      ),
    )
    .then((parcels) => parcels.filter((parcel) => !paidHere.has(parcel.shipmentId)));
  for (const parcel of overdue) {
    const days = Math.floor((ctx.now.getTime() - parcel.deliveredAt!.getTime()) / DAY_MS);
    await noteDiscrepancy(ctx, {
      kind: "not-settled",
      orderId: parcel.orderId,
      settlementId: null,
      expected: parcel.codAmount,
      actual: null,
      detail: `${parcel.orderNumber}: delivered ${days} days ago, ${formatPrice(parcel.codAmount)} not paid yet`,
    });
  }
  return overdue.length
    ? [
        `${overdue.length} delivered ${overdue.length === 1 ? "parcel is" : "parcels are"} not in any settlement after ${settlementOverdueDays} days: ${overdue
          .map((p) => p.orderNumber)
          .slice(0, 10)
          .join(", ")}${overdue.length > 10 ? "..." : ""}`,
      ]
    : [];
}
