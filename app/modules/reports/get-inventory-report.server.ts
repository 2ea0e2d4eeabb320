import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { daysOfCover, num, rowsOf, sellThrough } from "./report-figures";
import type { ReportRange } from "./report-range";
import { inRange, VOID_ORDER } from "./report-sql";

/** The recent sales rate that days of cover divide by. */
export const COVER_WINDOW_DAYS = 30;
/** A product with no sale for this long is listed as not selling. */
export const NO_SALE_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

export type InventoryRow = {
  productId: string;
  name: string;
  status: string;
  onHand: number;
  /** Units on hand times their cost (the variant's, else the product's); units without a cost are left out and counted apart. */
  valueAtCost: number;
  uncostedUnits: number;
  unitsSold: number;
  /** Units sold in the range / (units sold + on hand), percent. */
  sellThrough: number | null;
  /** On hand / units sold per day over the last 30 days; null with no sale in that time. */
  daysOfCover: number | null;
  /** When it last sold (an order not cancelled or returned), or null for never. */
  lastSoldAt: string | null;
};
export type InventoryReport = {
  range: ReportRange;
  rows: InventoryRow[];
  totals: {
    onHand: number;
    valueAtCost: number;
    uncostedUnits: number;
    uncostedVariants: number;
    unitsSold: number;
    sellThrough: number | null;
  };
  /** Products (not archived) with no sale in the last 60 days, their stock on hand. */
  noSale: { productId: string; name: string; onHand: number; lastSoldAt: string | null }[];
};

/**
 * Inventory: every product that is not archived, with its stock and value at cost now, its
 * sell-through over the range and its days of cover at the last 30 days' rate. Four aggregates:
 * variants by product, units sold by product in the range and in the last 30 days (on
 * orders(created_at)), and the latest sale of each product (last 60 days first, then ever for the
 * few that did not sell in them, on order_items(product_id)).
 */
export async function getInventoryReport(
  db: DbOrTx,
  range: ReportRange,
  now: Date = new Date(),
): Promise<InventoryReport> {
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const [stock, soldInRange, soldRecently, lastSale] = await Promise.all([
    db.execute(sql`select p.id, p.name, p.status,
        coalesce(sum(v.stock) filter (where v.stock > 0), 0)::bigint as on_hand,
        coalesce(sum(v.stock * coalesce(v.cost_price, p.cost_price)) filter (where v.stock > 0), 0)::bigint as value,
        coalesce(sum(v.stock) filter (where v.stock > 0 and coalesce(v.cost_price, p.cost_price) is null), 0)::bigint as uncosted_units,
        (count(v.id) filter (where v.stock > 0 and coalesce(v.cost_price, p.cost_price) is null))::int as uncosted_variants
      from products p left join product_variants v on v.product_id = p.id
      where p.status <> 'archived' group by p.id, p.name, p.status`),
    db.execute(sql`select i.product_id, sum(i.quantity)::bigint as units from order_items i join orders o on o.id = i.order_id
      where ${inRange(sql`o.created_at`, range)} and not ${VOID_ORDER} and i.product_id is not null group by 1`),
    db.execute(sql`select i.product_id, sum(i.quantity)::bigint as units from order_items i join orders o on o.id = i.order_id
      where o.created_at >= ${since(COVER_WINDOW_DAYS)}::timestamptz and not ${VOID_ORDER} and i.product_id is not null group by 1`),
    db.execute(sql`select i.product_id, max(o.created_at) as at from order_items i join orders o on o.id = i.order_id
      where o.created_at >= ${since(NO_SALE_DAYS)}::timestamptz and not ${VOID_ORDER} and i.product_id is not null group by 1`),
  ]);
  const unitsIn = (result: unknown) =>
    new Map(rowsOf<Record<string, unknown>>(result).map((r) => [String(r.product_id), num(r.units)]));
  const sold = unitsIn(soldInRange);
  const soldLately = unitsIn(soldRecently);
  const soldWithin60 = new Map(
    rowsOf<Record<string, unknown>>(lastSale).map((r) => [String(r.product_id), new Date(String(r.at)).toISOString()]),
  );
  const stockRows = rowsOf<Record<string, unknown>>(stock);
  const idle = stockRows.map((r) => String(r.id)).filter((id) => !soldWithin60.has(id));
  const lastEver =
    idle.length === 0
      ? new Map<string, string>()
      : new Map(
          rowsOf<Record<string, unknown>>(
            await db.execute(sql`
    select i.product_id, max(o.created_at) as at from order_items i join orders o on o.id = i.order_id
    where i.product_id in (${sql.join(
      idle.map((id) => sql`${id}`),
      sql`, `,
    )}) and not ${VOID_ORDER} group by 1`),
          ).map((r) => [String(r.product_id), new Date(String(r.at)).toISOString()]),
        );

  let uncostedVariants = 0;
  const rows: InventoryRow[] = stockRows
    .map((r) => {
      const productId = String(r.id);
      const onHand = num(r.on_hand);
      const unitsSold = sold.get(productId) ?? 0;
      uncostedVariants += num(r.uncosted_variants);
      return {
        productId,
        name: String(r.name),
        status: String(r.status),
        onHand,
        valueAtCost: num(r.value),
        uncostedUnits: num(r.uncosted_units),
        unitsSold,
        sellThrough: sellThrough(unitsSold, onHand),
        daysOfCover: daysOfCover(onHand, soldLately.get(productId) ?? 0, COVER_WINDOW_DAYS),
        lastSoldAt: soldWithin60.get(productId) ?? lastEver.get(productId) ?? null,
      };
    })
    .sort((a, b) => b.valueAtCost - a.valueAtCost || b.onHand - a.onHand || a.name.localeCompare(b.name));
  const totals = rows.reduce(
    (t, r) => ({
      ...t,
      onHand: t.onHand + r.onHand,
      valueAtCost: t.valueAtCost + r.valueAtCost,
      uncostedUnits: t.uncostedUnits + r.uncostedUnits,
      unitsSold: t.unitsSold + r.unitsSold,
    }),
    { onHand: 0, valueAtCost: 0, uncostedUnits: 0, uncostedVariants, unitsSold: 0, sellThrough: null as number | null },
  );
  totals.sellThrough = sellThrough(totals.unitsSold, totals.onHand);
  return {
    range,
    rows,
    totals,
    noSale: rows
      .filter((r) => !soldWithin60.has(r.productId))
      .map((r) => ({ productId: r.productId, name: r.name, onHand: r.onHand, lastSoldAt: r.lastSoldAt }))
      .sort((a, b) => b.onHand - a.onHand || a.name.localeCompare(b.name)),
  };
}
