import { orderRevenue } from "~/modules/orders/order-revenue";
import { weekStart } from "./report-range";

/**
 * Profit, the one rule (decision 0029, docs/guide/customers-and-reports.md): over the orders DELIVERED in the range (counted on
 * their delivery day, as the Overview counts revenue)
 *
 *   gross sales (subtotal at item prices)
 *   + shipping charged
 *   + COD fees charged (orders.cod_fee: Settings -> Payments' fee on cash-on-delivery orders)
 *   − discounts (codes)
 *   − exchange credit (a replacement order's value already paid by the order it replaces)
 *   − refunds recorded against those orders
 *   = Revenue (modules/orders/order-revenue.ts: total + store credit used − refunds; store credit is
 *     not taken off: it is revenue when it is spent; the total is the money received once, whether
 *     paid online before it shipped, collected at the door, or part each)
 *   − cost of goods (each delivered item's unit cost at order time × quantity, less the units that
 *     came back resellable and were restocked; items without a cost are left out and named)
 *   − courier charges (every parcel delivered or returned in the range: the settlement file's
 *     charge, else the rate card's estimate at booking; a returned parcel brings charges and no revenue)
 *   = Profit.
 *
 * Tax withheld by couriers (issue 45) is not a line of it. Since July 2025 couriers keep income tax
 * and sales tax (2 % each for clothing sellers) from the COD they pay out. That is not a cost of the
 * business: it is tax paid in advance on the shop's behalf, which the accountant claims against the
 * shop's income tax and sales tax returns. So it does not reduce profit; the report shows it beside
 * the waterfall as its own line (get-tax-withheld.server.ts: by the day the courier paid), and the
 * cash the couriers actually paid is lower than the COD they collected by their charges and by it.
 */
export type ProfitParts = {
  deliveredOrders: number;
  grossSales: number;
  shippingCharged: number;
  codFees: number;
  discounts: number;
  exchangeCredit: number;
  refunds: number;
  /** Paid with store credit (part of revenue, shown for information). */
  storeCreditUsed: number;
  /**
   * The money the orders were paid: orders.total (paid online and collected at the door, each once),
   * what the buyers paid: the couriers hand over the COD part less their charges and the tax they withheld.
   */
  moneyReceived: number;
  costOfGoods: number;
  courierCharges: number;
};

export const ZERO_PARTS: ProfitParts = {
  deliveredOrders: 0,
  grossSales: 0,
  shippingCharged: 0,
  codFees: 0,
  discounts: 0,
  exchangeCredit: 0,
  refunds: 0,
  storeCreditUsed: 0,
  moneyReceived: 0,
  costOfGoods: 0,
  courierCharges: 0,
};

export function addParts(a: ProfitParts, b: Partial<ProfitParts>): ProfitParts {
  const sum = { ...a };
  for (const key of Object.keys(ZERO_PARTS) as (keyof ProfitParts)[]) sum[key] += b[key] ?? 0;
  return sum;
}

/** Revenue from the waterfall's lines; equals orderRevenue(total + store credit − refunds) because every order's total is its subtotal − discount − store credit − exchange credit + shipping + COD fee. */
export function revenueOf(p: ProfitParts): number {
  return p.grossSales + p.shippingCharged + p.codFees - p.discounts - p.exchangeCredit - p.refunds;
}

/** The same revenue by the orders module's rule, for the cross-check. */
export function revenueByOrderRule(p: ProfitParts): number {
  return orderRevenue({ total: p.moneyReceived, storeCreditUsed: p.storeCreditUsed, refunded: p.refunds });
}

export function profitOf(p: ProfitParts): number {
  return revenueOf(p) - p.costOfGoods - p.courierCharges;
}

export type ProfitLine = { key: string; label: string; amount: number; kind: "plus" | "minus" | "subtotal" | "total" };

/** The waterfall table, top to bottom: each line in PKR, subtracted lines as positive amounts marked "minus". */
export function profitLines(p: ProfitParts): ProfitLine[] {
  return [
    { key: "grossSales", label: "Gross sales", amount: p.grossSales, kind: "plus" },
    { key: "shippingCharged", label: "Shipping charged", amount: p.shippingCharged, kind: "plus" },
    // Only a shop that charges a COD fee (Settings -> Payments) sees its line.
    ...(p.codFees > 0 ? [{ key: "codFees", label: "COD fees", amount: p.codFees, kind: "plus" as const }] : []),
    { key: "discounts", label: "Discounts", amount: p.discounts, kind: "minus" },
    { key: "exchangeCredit", label: "Exchange credit", amount: p.exchangeCredit, kind: "minus" },
    { key: "refunds", label: "Refunds", amount: p.refunds, kind: "minus" },
    { key: "revenue", label: "Revenue", amount: revenueOf(p), kind: "subtotal" },
    { key: "costOfGoods", label: "Cost of goods", amount: p.costOfGoods, kind: "minus" },
    { key: "courierCharges", label: "Courier charges", amount: p.courierCharges, kind: "minus" },
    { key: "profit", label: "Profit", amount: profitOf(p), kind: "total" },
  ];
}

/** A day's (or week's) parts with its revenue and profit: the chart's point and the CSV's row. */
export type ProfitPoint = ProfitParts & { day: string; revenue: number; profit: number };

/** One point per day, or per week (starting Monday) when `step` says so, every day of the range present. */
export function profitSeries(days: string[], byDay: Map<string, ProfitParts>, step: "day" | "week"): ProfitPoint[] {
  const buckets = new Map<string, ProfitParts>();
  for (const day of days) {
    const key = step === "week" ? weekStart(day) : day;
    buckets.set(key, addParts(buckets.get(key) ?? ZERO_PARTS, byDay.get(day) ?? {}));
  }
  return [...buckets].map(([day, p]) => ({ day, ...p, revenue: revenueOf(p), profit: profitOf(p) }));
}
