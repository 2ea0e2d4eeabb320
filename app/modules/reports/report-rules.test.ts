import { describe, expect, it } from "vitest";
import { fromShopDateTimeLocal } from "~/lib/shop-time";
import { profitLines, profitSeries, revenueByOrderRule, revenueOf, ZERO_PARTS } from "./profit-waterfall";
import { reportCsv } from "./report-csv";
import { daysOfCover, percentOf, returnRate, sellThrough } from "./report-figures";
import {
  chartStep,
  presetRange,
  rangeDays,
  rangeInstants,
  rangeQuery,
  readReportRange,
  weekStart,
} from "./report-range";
import { sizeCurve } from "./size-curve";

// 00:30 on 1 March 2026 in Pakistan (19:30 UTC on 28 February).
const NOW = fromShopDateTimeLocal("2026-03-01T00:30")!;
const read = (query: string) => readReportRange(new URLSearchParams(query), NOW);

describe("a report's range", () => {
  it("reads the presets in Pakistan days: today is already 1 March at 19:30 UTC on 28 February", () => {
    expect(presetRange("today", NOW)).toEqual({ preset: "today", from: "2026-03-01", to: "2026-03-01", days: 1 });
    expect(presetRange("7d", NOW)).toMatchObject({ from: "2026-02-23", to: "2026-03-01", days: 7 });
    expect(presetRange("30d", NOW)).toMatchObject({ from: "2026-01-31", to: "2026-03-01", days: 30 });
    expect(presetRange("this-month", NOW)).toMatchObject({ from: "2026-03-01", to: "2026-03-01", days: 1 });
    expect(presetRange("last-month", NOW)).toMatchObject({ from: "2026-02-01", to: "2026-02-28", days: 28 });
    expect(presetRange("last-month", fromShopDateTimeLocal("2026-01-15T12:00")!)).toMatchObject({
      from: "2025-12-01",
      to: "2025-12-31",
      days: 31,
    });
  });

  it("takes a preset over typed dates, typed dates without one, and 30 days by default", () => {
    expect(read("")).toMatchObject({ ok: true, range: { preset: "30d" } });
    expect(read("range=last-month&from=2025-01-01&to=2025-01-02")).toMatchObject({
      ok: true,
      range: { preset: "last-month", from: "2026-02-01" },
    });
    expect(read("range=custom&from=2025-12-01&to=2026-01-31")).toEqual({
      ok: true,
      range: { preset: "custom", from: "2025-12-01", to: "2026-01-31", days: 62 },
    });
    expect(read("from=2026-02-10")).toMatchObject({
      ok: true,
      range: { from: "2026-02-10", to: "2026-02-10", days: 1 },
    });
  });

  it("refuses dates that are not real, an end before the start and more than two years, per field, keeping what was typed", () => {
    expect(read("from=2026-02-30&to=2026-03-01")).toEqual({
      ok: false,
      fields: { from: "Enter a real date, for example 2026-10-01" },
      values: { from: "2026-02-30", to: "2026-03-01" },
    });
    expect(read("from=2026-03-01&to=yesterday")).toMatchObject({
      ok: false,
      fields: { to: "Enter a real date, for example 2026-10-31" },
    });
    expect(read("from=2026-03-01&to=2026-02-01")).toMatchObject({
      ok: false,
      fields: { to: "The end date must be on or after the start date" },
    });
    expect(read("from=2023-01-01&to=2026-01-01")).toMatchObject({
      ok: false,
      fields: { to: expect.stringContaining("at most 731 days") },
    });
  });

  it("runs from the first day's midnight in Pakistan to the midnight after the last, charts by day up to two months and by week beyond", () => {
    expect(rangeInstants({ from: "2026-02-01", to: "2026-02-28" })).toEqual({
      start: new Date("2026-01-31T19:00:00Z"),
      end: new Date("2026-02-28T19:00:00Z"),
    });
    expect(rangeDays({ from: "2026-02-27", to: "2026-03-02" })).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
    expect(chartStep({ days: 62 })).toBe("day");
    expect(chartStep({ days: 63 })).toBe("week");
    expect(weekStart("2026-03-01")).toBe("2026-02-23"); // a Sunday: its week began Monday
    expect(weekStart("2026-02-23")).toBe("2026-02-23");
    expect(rangeQuery(presetRange("7d", NOW))).toBe("range=7d");
    expect(rangeQuery({ preset: "custom", from: "2026-01-01", to: "2026-01-31", days: 31 })).toBe(
      "from=2026-01-01&to=2026-01-31",
    );
  });
});

describe("the reports' figures", () => {
  it("profit's waterfall: revenue by its lines equals the orders' rule (store credit is revenue when spent)", () => {
    const parts = {
      ...ZERO_PARTS,
      deliveredOrders: 2,
      grossSales: 6000,
      shippingCharged: 200,
      discounts: 300,
      exchangeCredit: 1000,
      refunds: 500,
      storeCreditUsed: 400,
      codFees: 150,
      moneyReceived: 4650,
      costOfGoods: 2000,
      courierCharges: 460,
    };
    // Each order's total is subtotal - discount - store credit - exchange credit + shipping + COD fee: 6000 - 300 - 400 - 1000 + 200 + 150 = 4650.
    expect(revenueOf(parts)).toBe(4550);
    expect(revenueByOrderRule(parts)).toBe(4550);
    expect(profitLines(parts).map((l) => `${l.label} ${l.kind} ${l.amount}`)).toEqual([
      "Gross sales plus 6000",
      "Shipping charged plus 200",
      "COD fees plus 150",
      "Discounts minus 300",
      "Exchange credit minus 1000",
      "Refunds minus 500",
      "Revenue subtotal 4550",
      "Cost of goods minus 2000",
      "Courier charges minus 460",
      "Profit total 2090",
    ]);
    // A shop without a COD fee does not see the line.
    expect(profitLines({ ...parts, codFees: 0 }).map((l) => l.key)).not.toContain("codFees");
  });

  it("adds days into Monday weeks for the chart, every day of the range present", () => {
    const byDay = new Map([
      ["2026-02-22", { ...ZERO_PARTS, grossSales: 100 }],
      ["2026-02-24", { ...ZERO_PARTS, grossSales: 50, courierCharges: 20 }],
    ]);
    expect(
      profitSeries(["2026-02-22", "2026-02-23", "2026-02-24"], byDay, "week").map((p) => [p.day, p.revenue, p.profit]),
    ).toEqual([
      ["2026-02-16", 100, 100],
      ["2026-02-23", 50, 30],
    ]);
    expect(profitSeries(["2026-02-22", "2026-02-23"], byDay, "day").map((p) => p.revenue)).toEqual([100, 0]);
  });

  it("rates and cover: null when there is nothing to divide by, one decimal otherwise", () => {
    expect(returnRate(2, 1)).toBe(33.3);
    expect(returnRate(0, 0)).toBeNull();
    expect(percentOf(1, 3)).toBe(33.3);
    expect(sellThrough(3, 4)).toBe(42.9);
    expect(sellThrough(0, 0)).toBeNull();
    expect(daysOfCover(7, 6, 30)).toBe(35);
    expect(daysOfCover(7, 0, 30)).toBeNull();
  });

  it("a size curve follows the size set's order, keeps sizes the set lost, and marks sizes whose every variant is at 0", () => {
    expect(
      sizeCurve(
        ["S", "M", "L", "XL"],
        new Map([
          ["L", 2],
          ["S", 1],
          ["XXS", 1],
        ]),
        new Map([
          ["S", 3],
          ["M", 0],
          ["L", 0],
        ]),
      ),
    ).toEqual([
      { size: "S", units: 1, soldOut: false },
      { size: "M", units: 0, soldOut: true },
      { size: "L", units: 2, soldOut: true },
      { size: "XXS", units: 1, soldOut: false },
    ]);
  });

  it("writes CSV with a BOM, quoted cells and formula-guarded text", () => {
    const csv = reportCsv({
      caption: "t",
      columns: [
        { label: "City", kind: "text" },
        { label: "Orders", kind: "count" },
      ],
      rows: [
        ['=HYPERLINK("x")', 2],
        ["Dera Ismail Khan, KP", null],
      ],
      total: ["Total", 2],
    });
    expect(csv).toBe('\uFEFFCity,Orders\r\n"\'=HYPERLINK(""x"")",2\r\n"Dera Ismail Khan, KP",\r\nTotal,2\r\n');
  });
});
