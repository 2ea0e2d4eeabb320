import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { orders } from "~/modules/orders/reads";
import { settlements, shipments, shippingDiscrepancies } from "~/modules/shipping/tables";
import type { DiscrepancyKind } from "~/db/schema/statuses";
import { formatShopDateTimeAmPm } from "~/lib/shop-time";
import { formatPrice } from "~/lib/money";
import { paymentStatusWhenSettled } from "~/modules/orders/order-lifecycle";
import { changeOrder, type ImportContext, type MatchedParcel } from "../imports/import-context.server";
import { expectedCollection, settlementExpectedTotal } from "./settlement-expected";

/** One payment in a COD file, as the report shows it (whole rupees). */
export type SettlementSummary = {
  reference: string;
  paidOn: string;
  parcels: number;
  /** What its parcels should have collected (settlement-expected.ts), what the courier says it collected, its charges, the tax it withheld, and what it paid. */
  expectedTotal: number;
  collectedTotal: number;
  chargesTotal: number;
  incomeTaxTotal: number;
  salesTaxTotal: number;
  paidTotal: number;
};

/** Keeps a discrepancy once: an open one of the same kind for the same order and settlement is not repeated. */
export async function noteDiscrepancy(
  ctx: ImportContext,
  d: {
    kind: DiscrepancyKind;
    orderId: string | null;
    settlementId: number | null;
    expected: number | null;
    actual: number | null;
    detail: string;
  },
): Promise<void> {
  const key = `${d.kind}|${d.orderId}|${d.settlementId}`;
  if (ctx.preview?.discrepancies.has(key)) return;
  const [open] = await ctx.tx
    .select({ id: shippingDiscrepancies.id })
    .from(shippingDiscrepancies)
    .where(
      and(
        eq(shippingDiscrepancies.kind, d.kind),
        d.orderId ? eq(shippingDiscrepancies.orderId, d.orderId) : isNull(shippingDiscrepancies.orderId),
        d.settlementId
          ? eq(shippingDiscrepancies.settlementId, d.settlementId)
          : isNull(shippingDiscrepancies.settlementId),
        isNull(shippingDiscrepancies.resolvedAt),
      ),
    );
  if (open) return;
  if (ctx.preview) {
    ctx.preview.discrepancies.add(key);
    return;
  }
  await ctx.tx.insert(shippingDiscrepancies).values({ ...d, courierId: ctx.courierId, createdAt: ctx.now });
}

export type ParcelPayment = {
  order: MatchedParcel["order"];
  codAmount: number;
  collected: number;
  settlementId: number;
  reference: string;
  /** Checked when the delivery is recorded (its import, or the owner's status form): the payment came in first. */
  paidBeforeDelivery?: boolean;
};

/**
 * Checks what a settlement paid for one parcel against what it should have collected, and settles
 * its order. The COD import calls it when the payment comes in; the delivery import calls it again
 * when a parcel paid before its delivery was imported is delivered. So the order, its payment status
 * and the open discrepancies end the same whichever file comes first. Returns whether the order was
 * settled now, and what else the row should say.
 */
export async function checkParcelPayment(
  ctx: ImportContext,
  p: ParcelPayment,
): Promise<{ settled: boolean; notes: string[] }> {
  const { order } = p;
  const notes: string[] = [];
  if (!order.deliveredAt) {
    // Returned (RTO) or not delivered yet: nothing was to be collected (a return charge is checked
    // as a charge), so only cash paid for it is odd. A payment for a parcel still shipped usually
    // means its delivery status is not imported yet; that import closes this discrepancy.
    if (p.collected > 0) {
      const later = order.status === "shipped" ? ": if it was delivered, import the delivery status file" : "";
      const detail = `Paid ${formatPrice(p.collected)} for ${order.orderNumber}, which is ${order.status}, not delivered${later}`;
      await noteDiscrepancy(ctx, {
        kind: "not-delivered",
        orderId: order.id,
        settlementId: p.settlementId,
        expected: 0,
        actual: p.collected,
        detail,
      });
      notes.push(
        order.status === "shipped"
          ? "paid before its delivery was imported: recorded as a discrepancy until you import the delivery status file"
          : `paid for a parcel that is ${order.status}: recorded as a discrepancy`,
      );
    }
    return { settled: false, notes };
  }

  // Delivered: a "not delivered" discrepancy of an earlier payment was the files' order, not the
  // courier's doing. Resolved with the reason rather than deleted: the owner may have seen it or
  // put it in a claim, and the resolved list should still say what happened.
  const stillOpen = and(
    eq(shippingDiscrepancies.kind, "not-delivered"),
    eq(shippingDiscrepancies.orderId, order.id),
    isNull(shippingDiscrepancies.resolvedAt),
  );
  const closed = ctx.preview
    ? await ctx.tx.select({ id: shippingDiscrepancies.id }).from(shippingDiscrepancies).where(stillOpen)
    : await ctx.tx
        .update(shippingDiscrepancies)
        .set({
          resolvedAt: ctx.now,
          resolvedByName: ctx.actor.name,
          resolvedNote: `Delivered after the payment came in: delivered on ${formatShopDateTimeAmPm(order.deliveredAt)}, by ${ctx.source}`,
        })
        .where(stillOpen)
        .returning({ id: shippingDiscrepancies.id });
  if (closed.length) notes.push('its "paid for a parcel not delivered" discrepancy is resolved');

  const expected = expectedCollection({ codAmount: p.codAmount, delivered: true });
  if (p.collected !== expected) {
    const gap = p.collected - expected;
    const words = `${gap < 0 ? "short" : "over"} by ${formatPrice(Math.abs(gap))}`;
    const detail = `${order.orderNumber}: collected ${formatPrice(p.collected)}, COD was ${formatPrice(expected)} (${words})`;
    await noteDiscrepancy(ctx, {
      kind: "amount-differs",
      orderId: order.id,
      settlementId: p.settlementId,
      expected,
      actual: p.collected,
      detail,
    });
    notes.push(words);
  }

  const payment = paymentStatusWhenSettled(order.status, order.paymentStatus);
  if (payment === order.paymentStatus) return { settled: false, notes };
  await changeOrder(ctx, order.id, { paymentStatus: payment });
  if (ctx.preview) return { settled: true, notes };
  // The status stays; the history row says when and by which file the courier's payment settled it.
  const early = p.paidBeforeDelivery ? " (paid before its delivery was recorded)" : "";
  await ctx.desk.recordHistory(ctx.tx, [
    {
      orderId: order.id,
      from: order.status,
      to: order.status,
      actor: ctx.actor,
      at: ctx.now,
      note: `Settled in ${p.reference}${early} by ${ctx.source}`,
    },
  ]);
  return { settled: true, notes };
}

/**
 * Recomputes a settlement's totals from all its parcels (any file's), stores them, and records a
 * paid total that does not add up (collected less charges).
 */
export async function refreshSettlement(
  ctx: ImportContext,
  settlementId: number,
  reference: string,
): Promise<SettlementSummary> {
  const parcels = await settlementParcels(ctx, settlementId);
  const sum = (amount: (p: (typeof parcels)[number]) => number | null) =>
    parcels.reduce((total, p) => total + (amount(p) ?? 0), 0);
  const totals = {
    expectedTotal: settlementExpectedTotal(
      parcels.map((p) => ({ codAmount: p.codAmount, delivered: p.deliveredAt !== null })),
    ),
    chargesTotal: sum((p) => p.charged),
    incomeTaxTotal: sum((p) => p.incomeTax),
    salesTaxTotal: sum((p) => p.salesTax),
    paidTotal: sum((p) => p.netPaid),
  };
  const paidOn = ctx.preview
    ? (await settlementReference(ctx, settlementId)).paidOn
    : (
        await ctx.tx
          .update(settlements)
          .set(totals)
          .where(eq(settlements.id, settlementId))
          .returning({ paidOn: settlements.paidOn })
      )[0].paidOn;
  const summary: SettlementSummary = {
    reference,
    paidOn,
    parcels: parcels.length,
    ...totals,
    collectedTotal: sum((p) => p.collected),
  };
  // Tax withheld (issue 45) is not a shortfall: collected - charges - withheld tax = paid.
  const withheld = summary.incomeTaxTotal + summary.salesTaxTotal;
  const adds = summary.collectedTotal - summary.chargesTotal - withheld;
  if (adds !== summary.paidTotal) {
    const less = withheld ? ` less tax withheld ${formatPrice(withheld)}` : "";
    // Without tax columns, a payment about 4 % short is most likely the 2 % + 2 % couriers withhold.
    const hint =
      !withheld && summary.paidTotal < adds
        ? " (if the courier withheld income tax and sales tax, map the file's tax columns)"
        : "";
    const detail = `Settlement ${reference}: collected ${formatPrice(summary.collectedTotal)} less charges ${formatPrice(summary.chargesTotal)}${less} is ${formatPrice(adds)}, but ${formatPrice(summary.paidTotal)} was paid${hint}`;
    await noteDiscrepancy(ctx, {
      kind: "total-differs",
      orderId: null,
      settlementId,
      expected: adds,
      actual: summary.paidTotal,
      detail,
    });
  }
  return summary;
}

/**
 * A settlement's parcels with what each was paid: as stored, or (in a preview) as the rows before
 * would have left them, a settlement the preview would create included (its id is negative).
 */
async function settlementParcels(ctx: ImportContext, settlementId: number) {
  const pending = ctx.preview
    ? [...ctx.preview.shipments].filter(([, change]) => change.settlementId === settlementId).map(([id]) => id)
    : [];
  const rows = await ctx.tx
    .select({
      id: shipments.id,
      orderId: shipments.orderId,
      settlementId: shipments.settlementId,
      codAmount: shipments.codAmount,
      deliveredAt: orders.deliveredAt,
      collected: shipments.collectedAmount,
      charged: shipments.chargedAmount,
      incomeTax: shipments.incomeTaxWithheld,
      salesTax: shipments.salesTaxWithheld,
      netPaid: shipments.netPaid,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(
      pending.length
        ? or(eq(shipments.settlementId, settlementId), inArray(shipments.id, pending))
        : eq(shipments.settlementId, settlementId),
    );
  if (!ctx.preview) return rows;
  const preview = ctx.preview;
  return rows
    .map((row) => {
      const change = preview.shipments.get(row.id) ?? {};
      const order = preview.orders.get(row.orderId) ?? {};
      return {
        ...row,
        settlementId: change.settlementId ?? row.settlementId,
        collected: change.collectedAmount ?? row.collected,
        charged: change.chargedAmount ?? row.charged,
        incomeTax: change.incomeTaxWithheld !== undefined ? change.incomeTaxWithheld : row.incomeTax,
        salesTax: change.salesTaxWithheld !== undefined ? change.salesTaxWithheld : row.salesTax,
        netPaid: change.netPaid ?? row.netPaid,
        deliveredAt: order.deliveredAt ?? row.deliveredAt,
      };
    })
    .filter((row) => row.settlementId === settlementId);
}

/** A settlement's reference and payment day: stored, or one a preview would create. */
export async function settlementReference(
  ctx: ImportContext,
  settlementId: number,
): Promise<{ reference: string; paidOn: string }> {
  if (ctx.preview && settlementId < 0) {
    for (const [reference, planned] of ctx.preview.settlements)
      if (planned.id === settlementId) return { reference, paidOn: planned.paidOn };
  }
  const [settlement] = await ctx.tx
    .select({ reference: settlements.reference, paidOn: settlements.paidOn })
    .from(settlements)
    .where(eq(settlements.id, settlementId));
  return settlement;
}
