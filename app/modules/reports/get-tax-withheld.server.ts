import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { num, rowsOf } from "./report-figures";
import type { ReportRange } from "./report-range";

/** What couriers' settlements say of the COD they paid the shop, and the tax they withheld from it (whole rupees). */
export type TaxWithheldFigures = {
  settlements: number;
  /** The COD the settlements' parcels collected (shipments.collected_amount). */
  collected: number;
  /** The couriers' charges the settlements took off. */
  charges: number;
  incomeTax: number;
  salesTax: number;
  /** Income tax + sales tax. */
  total: number;
  /** What the couriers paid: collected − charges − tax withheld, as their settlements say. */
  paid: number;
};

/** One Pakistan month (YYYY-MM, by the day the courier paid) and one courier. */
export type TaxWithheldRow = TaxWithheldFigures & { month: string; courierId: number; courier: string };

export type TaxWithheld = { rows: TaxWithheldRow[]; total: TaxWithheldFigures };

/**
 * The income tax and sales tax couriers withheld from the COD they paid (issue 45), over the
 * settlements paid in the range (settlements.paid_on, a Pakistan date; settlements_paid_on_idx),
 * per month and courier with the range's total: one GROUP BY with grouping sets, nothing summed here.
 * Every settlement of the range counts, a settlement that withheld nothing included, so the
 * accountant sees all the COD paid. Tax withheld is not a cost: Profit shows it beside the
 * waterfall (profit-waterfall.ts).
 */
export async function getTaxWithheld(db: DbOrTx, range: Pick<ReportRange, "from" | "to">): Promise<TaxWithheld> {
  const paidInRange = (alias: string) =>
    sql`${sql.raw(alias)}.paid_on >= ${range.from} and ${sql.raw(alias)}.paid_on <= ${range.to}`;
  const result = await db.execute(sql`
    select substr(s.paid_on, 1, 7) as month, c.id as courier_id, c.name as courier,
      grouping(c.id) as is_total,
      count(*)::int as settlements,
      coalesce(sum(p.collected), 0)::bigint as collected,
      sum(s.charges_total)::bigint as charges,
      sum(s.income_tax_total)::bigint as income_tax,
      sum(s.sales_tax_total)::bigint as sales_tax,
      sum(s.paid_total)::bigint as paid
    from settlements s
    join couriers c on c.id = s.courier_id
    -- Each settlement's parcels summed once before the join, so a settlement counts once.
    left join (
      select sh.settlement_id, sum(sh.collected_amount) as collected
      from shipments sh join settlements s2 on s2.id = sh.settlement_id
      where ${paidInRange("s2")}
      group by sh.settlement_id
    ) p on p.settlement_id = s.id
    where ${paidInRange("s")}
    group by grouping sets ((substr(s.paid_on, 1, 7), c.id, c.name), ())
    order by is_total, month, lower(c.name), c.id`);
  const figures = (r: Record<string, unknown>): TaxWithheldFigures => ({
    settlements: num(r.settlements),
    collected: num(r.collected),
    charges: num(r.charges),
    incomeTax: num(r.income_tax),
    salesTax: num(r.sales_tax),
    total: num(r.income_tax) + num(r.sales_tax),
    paid: num(r.paid),
  });
  const rows: TaxWithheldRow[] = [];
  // With no settlement at all the empty grouping set still gives its row, of nulls and a count of 0.
  let total = figures({});
  for (const r of rowsOf<Record<string, unknown>>(result)) {
    if (num(r.is_total) === 1) total = figures(r);
    else rows.push({ month: String(r.month), courierId: num(r.courier_id), courier: String(r.courier), ...figures(r) });
  }
  return { rows, total };
}
