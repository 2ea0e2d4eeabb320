import { shopDay } from "~/lib/shop-time";
import type { ProfitParts } from "./profit-waterfall";
import type { Report } from "./get-report.server";
import type { BreakdownBy } from "./get-order-breakdown.server";
import type { SourceRow } from "./get-source-breakdown.server";
import type { TaxWithheld, TaxWithheldFigures } from "./get-tax-withheld.server";
import { orderSourceLabel } from "~/modules/orders/order-source";

/**
 * Each report as one table: what the page shows under its chart and what its CSV holds, so the two
 * never disagree. Cells are raw (numbers in rupees, percentages as numbers, days as YYYY-MM-DD);
 * the page formats them by the column's kind, the CSV writes them as they are.
 */
export type Cell = string | number | null;
export type ColumnKind = "text" | "count" | "pkr" | "percent" | "days" | "day";
export type Column = { label: string; kind: ColumnKind };
export type ReportTable = {
  caption: string;
  columns: Column[];
  rows: Cell[][];
  total?: Cell[];
  /** Tables that follow this one on the page and in the CSV (By channel's sources and campaigns). */
  more?: ReportTable[];
};

/** By channel's tables of the website's orders by source and by campaign (issue 44), with delivery rates. */
function sourceTables(sources: SourceRow[], campaigns: SourceRow[]): ReportTable[] {
  const figures: Column[] = [
    { label: "Orders", kind: "count" },
    { label: "Delivered", kind: "count" },
    { label: "Returned or refused", kind: "count" },
    { label: "Cancelled", kind: "count" },
    { label: "Delivery rate %", kind: "percent" },
    { label: "Revenue", kind: "pkr" },
  ];
  const cells = (r: SourceRow): Cell[] => [r.orders, r.delivered, r.returned, r.cancelled, r.deliveryRate, r.revenue];
  return [
    {
      caption: "Website orders by source",
      columns: [{ label: "Source", kind: "text" }, ...figures],
      rows: sources.map((r) => [orderSourceLabel(r.source), ...cells(r)]),
    },
    {
      caption: "Website orders by campaign",
      columns: [{ label: "Source", kind: "text" }, { label: "Campaign", kind: "text" }, ...figures],
      rows: campaigns.map((r) => [orderSourceLabel(r.source), r.campaign, ...cells(r)]),
    },
  ];
}

const CHANNEL_LABELS: Record<string, string> = {
  web: "Website",
  phone: "Phone",
  whatsapp: "WhatsApp",
  instagram: "Instagram",
};
const BREAKDOWN_LABEL: Record<BreakdownBy, string> = { city: "City", channel: "Channel", code: "Discount code" };

export function channelLabel(channel: string): string {
  return CHANNEL_LABELS[channel] ?? channel;
}

export function reportTable(report: Report): ReportTable {
  switch (report.name) {
    case "profit": {
      const columns: Column[] = [
        { label: report.step === "week" ? "Week from" : "Day", kind: "day" },
        { label: "Delivered orders", kind: "count" },
        { label: "Gross sales", kind: "pkr" },
        { label: "Shipping charged", kind: "pkr" },
        { label: "COD fees", kind: "pkr" },
        { label: "Discounts", kind: "pkr" },
        { label: "Exchange credit", kind: "pkr" },
        { label: "Refunds", kind: "pkr" },
        { label: "Revenue", kind: "pkr" },
        { label: "Cost of goods", kind: "pkr" },
        { label: "Courier charges", kind: "pkr" },
        { label: "Profit", kind: "pkr" },
      ];
      const cells = (p: ProfitParts & { revenue: number; profit: number }): Cell[] => [
        p.deliveredOrders,
        p.grossSales,
        p.shippingCharged,
        p.codFees,
        p.discounts,
        p.exchangeCredit,
        p.refunds,
        p.revenue,
        p.costOfGoods,
        p.courierCharges,
        p.profit,
      ];
      return {
        caption: `Profit per ${report.step}`,
        columns,
        rows: report.series.map((p) => [p.day, ...cells(p)]),
        total: ["Total", ...cells({ ...report.parts, revenue: report.revenue, profit: report.profit })],
      };
    }
    case "products":
      return {
        caption: "Sales by product",
        columns: [
          { label: "Product", kind: "text" },
          { label: "Units", kind: "count" },
          { label: "Sales", kind: "pkr" },
          { label: "Share %", kind: "percent" },
          { label: "Units per size", kind: "text" },
        ],
        rows: report.products.map((p) => [
          p.name,
          p.units,
          p.sales,
          p.share,
          p.sizes.map((s) => `${s.size} ${s.units}${s.soldOut ? " (sold out)" : ""}`).join(", "),
        ]),
        total: ["Total", report.units, report.sales, report.sales > 0 ? 100 : null, ""],
      };
    case "variants":
      return {
        caption: "Sales by variant",
        columns: [
          { label: "Product", kind: "text" },
          { label: "Colour", kind: "text" },
          { label: "Size", kind: "text" },
          { label: "Units", kind: "count" },
          { label: "Sales", kind: "pkr" },
          { label: "Share %", kind: "percent" },
          { label: "Stock now", kind: "count" },
        ],
        rows: report.variants.map((v) => [v.name, v.color, v.size, v.units, v.sales, v.share, v.stock]),
        total: ["Total", "", "", report.units, report.sales, report.sales > 0 ? 100 : null, null],
      };
    case "cities":
    case "channels":
    case "codes": {
      const row = (r: (typeof report.rows)[number]): Cell[] => [
        report.by === "channel" && r.key !== "Total" ? channelLabel(r.key) : r.key,
        r.orders,
        r.delivered,
        r.returned,
        r.cancelled,
        r.returnRate,
        r.discountGiven,
        r.revenue,
        ...(report.by === "city" ? [r.averageDaysToDeliver] : []),
      ];
      return {
        caption: `Orders by ${BREAKDOWN_LABEL[report.by].toLowerCase()}`,
        columns: [
          { label: BREAKDOWN_LABEL[report.by], kind: "text" },
          { label: "Orders", kind: "count" },
          { label: "Delivered", kind: "count" },
          { label: "Returned or refused", kind: "count" },
          { label: "Cancelled", kind: "count" },
          { label: "Return rate %", kind: "percent" },
          { label: "Discount given", kind: "pkr" },
          { label: "Revenue", kind: "pkr" },
          ...(report.by === "city" ? [{ label: "Average days to deliver", kind: "days" as const }] : []),
        ],
        rows: report.rows.map(row),
        total: row(report.totals),
        ...(report.name === "channels" ? { more: sourceTables(report.sources, report.campaigns) } : {}),
      };
    }
    case "inventory":
      return {
        caption: "Stock on hand by product",
        columns: [
          { label: "Product", kind: "text" },
          { label: "On hand", kind: "count" },
          { label: "Value at cost", kind: "pkr" },
          { label: "Units without a cost", kind: "count" },
          { label: "Units sold", kind: "count" },
          { label: "Sell-through %", kind: "percent" },
          { label: "Days of cover", kind: "count" },
          { label: "Last sold", kind: "day" },
        ],
        rows: report.rows.map((r) => [
          r.name,
          r.onHand,
          r.valueAtCost,
          r.uncostedUnits,
          r.unitsSold,
          r.sellThrough,
          r.daysOfCover,
          r.lastSoldAt ? shopDay(new Date(r.lastSoldAt)) : null,
        ]),
        total: [
          "Total",
          report.totals.onHand,
          report.totals.valueAtCost,
          report.totals.uncostedUnits,
          report.totals.unitsSold,
          report.totals.sellThrough,
          null,
          null,
        ],
      };
  }
}

/**
 * The accountant's table of tax withheld by couriers (issue 45): one row per Pakistan month (by the
 * day the courier paid) and courier, the range's total last; whole rupees. Profit's own line is its total.
 */
export function taxWithheldTable(t: TaxWithheld): ReportTable {
  const figures = (f: TaxWithheldFigures): Cell[] => [f.settlements, f.collected, f.incomeTax, f.salesTax, f.total];
  return {
    caption: "Tax withheld by couriers, per month and courier",
    columns: [
      { label: "Month", kind: "text" },
      { label: "Courier", kind: "text" },
      { label: "Settlements", kind: "count" },
      { label: "COD collected", kind: "pkr" },
      { label: "Income tax withheld", kind: "pkr" },
      { label: "Sales tax withheld", kind: "pkr" },
      { label: "Total withheld", kind: "pkr" },
    ],
    rows: t.rows.map((r) => [r.month, r.courier, ...figures(r)]),
    total: ["Total", "", ...figures(t.total)],
  };
}
