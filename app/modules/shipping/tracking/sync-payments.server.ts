import { and, asc, eq, gt, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { shipments } from "~/modules/shipping/tables";
import { shopDay } from "~/lib/shop-time";
import type { OrderActor } from "~/modules/orders/order-actor";
import type { OrderDesk } from "../order-desk";
import type { CourierApi, CourierCredentials, ParcelPayment } from "../couriers/courier-api";
import type { CodImportRow } from "../imports/column-mapping";
import { importCodRows, type SettlementSummary } from "../imports/import-cod.server";
import { lockOrders, type ImportContext } from "../imports/import-context.server";

/** Delivered, unpaid parcels asked about per call (each client splits further where its courier must: Leopards takes 50). */
export const PAYMENTS_PAGE_SIZE = 500;

export type PaymentsSummary = {
  asked: number;
  /** Parcels recorded as paid by this run. */
  paid: number;
  settlements: SettlementSummary[];
  /** Rows the COD import did not apply, in its words, and its findings (parcels overdue). */
  notApplied: string[];
};

export type PaymentsRun = {
  db: Db;
  api: CourierApi;
  credentials: CourierCredentials;
  courier: { id: number; name: string };
  actor: OrderActor;
  desk: OrderDesk;
  now: Date;
};

type UnpaidParcel = { shipmentId: number; trackingNumber: string; codAmount: number };

/**
 * Asks the courier which of its delivered, unsettled parcels (shipments_unsettled_idx) it has paid,
 * and records the paid ones exactly as a COD payment file would (importCodRows): one settlement per
 * (courier, payment reference), the same discrepancies and cash-with-couriers figures, the order
 * moving from collected to settled. One transaction per reference, its orders locked first all at
 * once in id order (lockOrders, as a file's Apply does), so it cannot deadlock with an import.
 */
export async function syncCourierPayments(run: PaymentsRun): Promise<PaymentsSummary> {
  const summary: PaymentsSummary = { asked: 0, paid: 0, settlements: [], notApplied: [] };
  let afterId = 0;
  for (;;) {
    const page = await unpaidParcels(run.db, run.courier.id, afterId);
    if (page.length === 0) break;
    afterId = page[page.length - 1].shipmentId;
    summary.asked += page.length;
    const payments = await run.api.payments(
      run.credentials,
      page.map((p) => p.trackingNumber),
    );
    const parcels = new Map(page.map((p) => [p.trackingNumber, p]));
    const byReference = new Map<string, { payment: ParcelPayment; parcel: UnpaidParcel }[]>();
    for (const payment of payments) {
      const parcel = parcels.get(payment.trackingNumber);
      if (!payment.settled || !parcel) continue;
      const reference = referenceOf(run.courier.name, payment, run.now);
      byReference.set(reference, [...(byReference.get(reference) ?? []), { payment, parcel }]);
    }
    for (const [reference, paid] of byReference) await recordPaid(run, reference, paid, summary);
    if (page.length < PAYMENTS_PAGE_SIZE) break;
  }
  return summary;
}

async function unpaidParcels(db: Db, courierId: number, afterId: number): Promise<UnpaidParcel[]> {
  const rows = await db
    .select({ shipmentId: shipments.id, trackingNumber: shipments.trackingNumber, codAmount: shipments.codAmount })
    .from(shipments)
    .where(
      and(
        eq(shipments.courierId, courierId),
        isNull(shipments.settlementId),
        isNotNull(shipments.deliveredAt),
        isNotNull(shipments.trackingNumber),
        gt(shipments.id, afterId),
      ),
    )
    .orderBy(asc(shipments.id))
    .limit(PAYMENTS_PAGE_SIZE);
  return rows.map((r) => ({ ...r, trackingNumber: r.trackingNumber! }));
}

/** The courier's payment reference (PostEx's CPR number); without one, one settlement per courier and payment day. */
function referenceOf(courierName: string, payment: ParcelPayment, now: Date): string {
  const reference = payment.reference?.trim();
  return (reference || `${courierName} payment ${payment.settledOn ?? shopDay(now)}`).slice(0, 100);
}

async function recordPaid(
  run: PaymentsRun,
  reference: string,
  paid: { payment: ParcelPayment; parcel: UnpaidParcel }[],
  summary: PaymentsSummary,
): Promise<void> {
  const rows = paid.map(({ payment, parcel }, index) => codRowOf(index + 1, payment, parcel, reference));
  const source = `${run.courier.name}'s payment status ${shopDay(run.now)}`;
  const result = await run.db.transaction(async (tx) => {
    const ctx: ImportContext & { courierId: number } = {
      tx,
      actor: run.actor,
      now: run.now,
      source,
      note: `By ${source}`,
      courierId: run.courier.id,
      importId: null,
      desk: run.desk,
    };
    await lockOrders(tx, rows);
    const imported = await importCodRows(ctx, rows, reference);
    const recorded = imported.rows.filter((r) => r.outcome === "change").map((r) => r.trackingNumber!);
    if (recorded.length) {
      await tx
        .update(shipments)
        .set({ paymentReference: reference })
        .where(and(eq(shipments.courierId, run.courier.id), inArray(shipments.trackingNumber, recorded)));
    }
    return { imported, recorded: recorded.length };
  });
  summary.paid += result.recorded;
  summary.settlements.push(...result.imported.settlements);
  for (const row of result.imported.rows)
    if (row.outcome === "unmatched" || row.outcome === "problem")
      summary.notApplied.push(`${row.orderNumber ?? row.trackingNumber}: ${row.says}`);
  for (const finding of result.imported.findings)
    if (!summary.notApplied.includes(finding)) summary.notApplied.push(finding);
}

/**
 * A paid parcel as the COD import's row: the cash collected in whole rupees (cash changes hands in
 * rupees), charges and net paid in rupees to the paisa (191.18), which the import compares in paisa
 * within Rs 1 and rounds as it does for a file. A courier that does not say what it collected
 * collected the parcel's COD; without the charges, they are what it kept of what it collected.
 */
export function codRowOf(
  line: number,
  payment: ParcelPayment,
  parcel: { trackingNumber: string; codAmount: number },
  reference: string,
): CodImportRow {
  const collected = payment.collectedPaisa === null ? parcel.codAmount : rupeesOf(payment.collectedPaisa);
  const netPaisa = payment.netPaidPaisa;
  const taxPaisa = (payment.incomeTaxPaisa ?? 0) + (payment.salesTaxPaisa ?? 0);
  const chargesPaisa = payment.chargesPaisa ?? (netPaisa === null ? null : collected * 100 - netPaisa - taxPaisa);
  return {
    line,
    problems: [],
    orderNumber: null,
    trackingNumber: parcel.trackingNumber,
    collected,
    charges: chargesPaisa === null ? null : chargesPaisa / 100,
    netPaid: netPaisa === null ? null : netPaisa / 100,
    incomeTax: payment.incomeTaxPaisa === null ? null : payment.incomeTaxPaisa / 100,
    salesTax: payment.salesTaxPaisa === null ? null : payment.salesTaxPaisa / 100,
    status: null,
    statusKind: null,
    settlementReference: reference,
    settlementDate: payment.settledOn,
  };
}

/** Paisa to the nearest rupee (half a rupee up). */
export function rupeesOf(paisa: number): number {
  return Math.round(paisa / 100);
}
