import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import {
  addParts,
  profitLines,
  profitSeries,
  revenueByOrderRule,
  revenueOf,
  ZERO_PARTS,
  type ProfitLine,
  type ProfitParts,
  type ProfitPoint,
} from "./profit-waterfall";
import { num, rowsOf } from "./report-figures";
import { chartStep, dayFromNumber, rangeDays, type ReportRange } from "./report-range";
import { inRange, shopDayNumber } from "./report-sql";
import { getTaxWithheld, type TaxWithheldFigures } from "./get-tax-withheld.server";

/** How many uncosted orders the report names (the count and their revenue cover all of them). */
export const UNCOSTED_NAMED = 50;

export type ProfitReport = {
  name: "profit";
  range: ReportRange;
  step: "day" | "week";
  parts: ProfitParts;
  lines: ProfitLine[];
  revenue: number;
  profit: number;
  series: ProfitPoint[];
  /** Delivered orders with at least one item without a cost: their items without a cost are not in cost of goods. */
  uncosted: { orders: number; revenue: number; named: { orderNumber: string; revenue: number }[] };
  /** Parcels delivered or returned in the range, and where their charges came from. */
  parcels: {
    delivered: number;
    deliveredCharges: number;
    returned: number;
    returnedCharges: number;
    fromFiles: number;
    fromFilesCharges: number;
    estimates: number;
  };
  /**
   * Income tax and sales tax couriers withheld from the COD they paid in the range (by the day they
   * paid): shown beside the waterfall, not taken off profit (profit-waterfall.ts); the monthly CSV
   * for the accountant is /seller/reports/tax-withheld.csv.
   */
  taxWithheld: TaxWithheldFigures;
};

/**
 * The Profit report (profit-waterfall.ts has the rule): four SQL aggregates grouped by shop day over
 * the orders delivered in the range (orders(status, delivered_at)) and the parcels that finished in
 * it; the lines and the chart are sums of those days, so the table, the chart and the CSV agree.
 * Beside them, the tax couriers withheld from the settlements paid in the range (getTaxWithheld,
 * the monthly CSV's own total).
 */
export async function getProfitReport(db: DbOrTx, range: ReportRange): Promise<ProfitReport> {
  const delivered = sql`o.status = 'delivered' and ${inRange(sql`o.delivered_at`, range)}`;
  const day = shopDayNumber(sql`o.delivered_at`);
  const parcelEnd = sql`coalesce(s.returned_at, s.delivered_at)`;
  const [ordersByDay, costByDay, uncosted, parcels, taxWithheld] = await Promise.all([
    // Refunds and restocked pieces are few: each is summed per order (or item) once and joined.
    db.execute(sql`select ${day} as day, count(*)::int as n, sum(o.subtotal)::bigint as gross, sum(o.shipping_fee)::bigint as shipping, sum(o.cod_fee)::bigint as cod_fees,
        sum(o.discount_total)::bigint as discounts, sum(o.exchange_credit)::bigint as exchange, sum(o.store_credit_used)::bigint as credit, sum(o.total)::bigint as cash,
        coalesce(sum(r.amount), 0)::bigint as refunds
      from orders o left join (select order_id, sum(amount) as amount from refunds group by order_id) r on r.order_id = o.id
      where ${delivered} group by 1`),
    db.execute(sql`select ${day} as day, sum(i.unit_cost * (i.quantity - coalesce(b.quantity, 0)))::bigint as cost
      from order_items i join orders o on o.id = i.order_id
      left join (select order_item_id, sum(quantity) as quantity from return_items where restocked_at is not null group by order_item_id) b on b.order_item_id = i.id
      where ${delivered} and i.unit_cost is not null group by 1`),
    // order_items_uncosted_idx (migration 0020) holds only the items without a cost.
    db.execute(sql`select o.order_number, (o.total + o.store_credit_used - coalesce((select sum(r.amount) from refunds r where r.order_id = o.id), 0))::int as revenue,
        count(*) over ()::int as n, (sum(o.total + o.store_credit_used - coalesce((select sum(r.amount) from refunds r where r.order_id = o.id), 0)) over ())::bigint as total_revenue
      from orders o where ${delivered} and o.id in (select i.order_id from order_items i where i.unit_cost is null)
      order by o.delivered_at, o.order_number limit ${UNCOSTED_NAMED}`),
    // shipments_delivered_idx and shipments_returned_idx (migration 0020).
    db.execute(sql`select ${shopDayNumber(parcelEnd)} as day, (s.returned_at is not null) as returned, (s.charged_amount is not null) as from_file,
        count(*)::int as n, sum(coalesce(s.charged_amount, s.estimated_charge))::bigint as charges
      from shipments s
      where (s.returned_at is not null and ${inRange(sql`s.returned_at`, range)}) or (s.returned_at is null and ${inRange(sql`s.delivered_at`, range)})
      group by 1, 2, 3`),
    getTaxWithheld(db, range),
  ]);

  const byDay = new Map<string, ProfitParts>();
  const add = (n: unknown, part: Partial<ProfitParts>) => {
    const key = dayFromNumber(Number(n));
    byDay.set(key, addParts(byDay.get(key) ?? ZERO_PARTS, part));
  };
  for (const r of rowsOf<Record<string, unknown>>(ordersByDay)) {
    add(r.day, {
      deliveredOrders: num(r.n),
      grossSales: num(r.gross),
      shippingCharged: num(r.shipping),
      codFees: num(r.cod_fees),
      discounts: num(r.discounts),
      exchangeCredit: num(r.exchange),
      storeCreditUsed: num(r.credit),
      moneyReceived: num(r.cash),
      refunds: num(r.refunds),
    });
  }
  for (const r of rowsOf<Record<string, unknown>>(costByDay)) add(r.day, { costOfGoods: num(r.cost) });
  const parcelFigures = {
    delivered: 0,
    deliveredCharges: 0,
    returned: 0,
    returnedCharges: 0,
    fromFiles: 0,
    fromFilesCharges: 0,
    estimates: 0,
  };
  for (const r of rowsOf<Record<string, unknown>>(parcels)) {
    add(r.day, { courierCharges: num(r.charges) });
    const returned = r.returned === true || r.returned === "t";
    const fromFile = r.from_file === true || r.from_file === "t";
    if (returned) {
      parcelFigures.returned += num(r.n);
      parcelFigures.returnedCharges += num(r.charges);
    } else {
      parcelFigures.delivered += num(r.n);
      parcelFigures.deliveredCharges += num(r.charges);
    }
    if (fromFile) {
      parcelFigures.fromFiles += num(r.n);
      parcelFigures.fromFilesCharges += num(r.charges);
    } else parcelFigures.estimates += num(r.n);
  }

  const days = rangeDays(range);
  const parts = days.reduce((sum, d) => addParts(sum, byDay.get(d) ?? {}), ZERO_PARTS);
  const revenue = revenueOf(parts);
  if (revenue !== revenueByOrderRule(parts))
    throw new Error(`Profit's revenue lines (${revenue}) differ from the revenue rule (${revenueByOrderRule(parts)})`);
  const lines = profitLines(parts);
  const uncostedRows = rowsOf<Record<string, unknown>>(uncosted);
  return {
    name: "profit",
    range,
    step: chartStep(range),
    parts,
    lines,
    revenue,
    profit: lines[lines.length - 1].amount,
    series: profitSeries(days, byDay, chartStep(range)),
    uncosted: {
      orders: uncostedRows.length ? num(uncostedRows[0].n) : 0,
      revenue: uncostedRows.length ? num(uncostedRows[0].total_revenue) : 0,
      named: uncostedRows.map((r) => ({ orderNumber: String(r.order_number), revenue: num(r.revenue) })),
    },
    parcels: parcelFigures,
    taxWithheld: taxWithheld.total,
  };
}
