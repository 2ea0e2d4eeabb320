import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { settlements, shipments } from "~/schema";
import { fromShopDateTimeLocal } from "~/lib/shop-time";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { parseCsv } from "../../../tests/factories/parse-csv";
import { insertTestCourier, insertTestParcel, insertTestSettlement } from "../../../tests/factories/test-shipments";
import { getProfitReport } from "./get-profit-report.server";
import { getTaxWithheld } from "./get-tax-withheld.server";
import { reportCsv } from "./report-csv";
import type { ReportRange } from "./report-range";
import { taxWithheldTable } from "./report-tables";

/**
 * Tax withheld by couriers (issue 45): Reports -> Profit's own line and the accountant's monthly
 * CSV, over October and November 2025 (Pakistan dates, by the day the courier paid), to the rupee.
 */
const RANGE: ReportRange = { preset: "custom", from: "2025-10-01", to: "2025-11-30", days: 61 };
const day = (d: string) => fromShopDateTimeLocal(`${d}T12:00`)!;

type TestSettlement = {
  courier: "Leopards" | "PostEx";
  reference: string;
  paidOn: string;
  /** Each parcel's COD collected. */
  parcels: number[];
  charges: number;
  incomeTax: number;
  salesTax: number;
};
const SETTLEMENTS: TestSettlement[] = [
  // November: two Leopards payments, each of Rs 10,000 collected, 2 % + 2 % withheld = Rs 200 + Rs 200.
  {
    courier: "Leopards",
    reference: "LP-NOV-1",
    paidOn: "2025-11-05",
    parcels: [6000, 4000],
    charges: 460,
    incomeTax: 200,
    salesTax: 200,
  },
  {
    courier: "Leopards",
    reference: "LP-NOV-2",
    paidOn: "2025-11-20",
    parcels: [10000],
    charges: 250,
    incomeTax: 200,
    salesTax: 200,
  },
  // November's last day (in the range): PostEx, Rs 5,000 collected, Rs 100 + Rs 100.
  {
    courier: "PostEx",
    reference: "PX-NOV-30",
    paidOn: "2025-11-30",
    parcels: [5000],
    charges: 200,
    incomeTax: 100,
    salesTax: 100,
  },
  // October's first day (in the range): Leopards, Rs 8,000 collected, Rs 160 + Rs 160.
  {
    courier: "Leopards",
    reference: "LP-OCT-1",
    paidOn: "2025-10-01",
    parcels: [8000],
    charges: 300,
    incomeTax: 160,
    salesTax: 160,
  },
  // A PostEx payment that withheld nothing: counted with its COD, no tax.
  {
    courier: "PostEx",
    reference: "PX-OCT-15",
    paidOn: "2025-10-15",
    parcels: [3000],
    charges: 180,
    incomeTax: 0,
    salesTax: 0,
  },
  // Outside the range: the day before it and the day after it.
  {
    courier: "PostEx",
    reference: "PX-SEP-30",
    paidOn: "2025-09-30",
    parcels: [10000],
    charges: 250,
    incomeTax: 200,
    salesTax: 200,
  },
  {
    courier: "Leopards",
    reference: "LP-DEC-1",
    paidOn: "2025-12-01",
    parcels: [10000],
    charges: 250,
    incomeTax: 200,
    salesTax: 200,
  },
];

describe.each(DATABASE_KINDS)("tax withheld by couriers on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  const db = () => database.db as Db;
  /** Sets every settlement's tax (and its parcels' share) as the courier reported it. */
  const withholdTax = async () => {
    for (const s of SETTLEMENTS) {
      const [row] = await db()
        .update(settlements)
        .set({ incomeTaxTotal: s.incomeTax, salesTaxTotal: s.salesTax })
        .where(eq(settlements.reference, s.reference))
        .returning({ id: settlements.id });
      await db()
        .update(shipments)
        .set({ incomeTaxWithheld: 0, salesTaxWithheld: 0 })
        .where(eq(shipments.settlementId, row.id));
    }
  };

  beforeAll(async () => {
    const couriers = {
      Leopards: await insertTestCourier(db(), "Leopards"),
      PostEx: await insertTestCourier(db(), "PostEx"),
    };
    for (const s of SETTLEMENTS) {
      const collected = s.parcels.reduce((sum, p) => sum + p, 0);
      // Paid as the settlement says, before the tax is set below: the tax must not change profit.
      const settlementId = await insertTestSettlement(db(), {
        courierId: couriers[s.courier],
        reference: s.reference,
        paidOn: s.paidOn,
        expectedTotal: collected,
        chargesTotal: s.charges,
        paidTotal: collected - s.charges - s.incomeTax - s.salesTax,
      });
      for (const cod of s.parcels)
        await insertTestParcel(db(), {
          courierId: couriers[s.courier],
          codAmount: cod,
          collectedAmount: cod,
          chargedAmount: Math.round(s.charges / s.parcels.length),
          bookedAt: day(s.paidOn),
          deliveredAt: day(s.paidOn),
          settlementId,
        });
    }
  }, 120_000);

  it("Profit shows the tax withheld in the range as its own line, by the day the couriers paid, and profit does not move", async () => {
    const before = await getProfitReport(db(), RANGE);
    expect(before.taxWithheld).toMatchObject({ incomeTax: 0, salesTax: 0, total: 0, settlements: 5 });
    await withholdTax();
    const after = await getProfitReport(db(), RANGE);
    expect(after.taxWithheld).toEqual({
      settlements: 5,
      collected: 36000, // 6000 + 4000 + 10000 + 5000 + 8000 + 3000
      charges: 1390, // 460 + 250 + 200 + 300 + 180
      incomeTax: 660, // 200 + 200 + 100 + 160 + 0
      salesTax: 660,
      total: 1320,
      paid: 33290, // 36000 - 1390 - 1320
    });
    expect(after.taxWithheld.collected - after.taxWithheld.charges - after.taxWithheld.total).toBe(
      after.taxWithheld.paid,
    );
    // Not a cost: every line of the waterfall and the profit are what they were without it.
    expect(after.lines).toEqual(before.lines);
    expect(after.profit).toBe(before.profit);
    expect(after.lines.map((l) => l.key)).not.toContain("taxWithheld");

    // November alone: the two Leopards payments and PostEx's on the 30th.
    const november = await getProfitReport(db(), { preset: "custom", from: "2025-11-01", to: "2025-11-30", days: 30 });
    expect(november.taxWithheld).toMatchObject({ settlements: 3, incomeTax: 500, salesTax: 500, total: 1000 });
    // A range without a courier payment: zeros.
    const quiet = await getProfitReport(db(), { preset: "custom", from: "2025-08-01", to: "2025-08-31", days: 31 });
    expect(quiet.taxWithheld).toEqual({
      settlements: 0,
      collected: 0,
      charges: 0,
      incomeTax: 0,
      salesTax: 0,
      total: 0,
      paid: 0,
    });
  });

  it("the accountant's CSV: one row per month and courier, a total row equal to Profit's line, whole rupees", async () => {
    await withholdTax();
    const tax = await getTaxWithheld(db(), RANGE);
    const csv = reportCsv(taxWithheldTable(tax));
    expect(csv.startsWith("\uFEFFMonth,Courier,Settlements,")).toBe(true);
    expect(parseCsv(csv)).toEqual([
      [
        "Month",
        "Courier",
        "Settlements",
        "COD collected",
        "Income tax withheld",
        "Sales tax withheld",
        "Total withheld",
      ],
      ["2025-10", "Leopards", "1", "8000", "160", "160", "320"],
      ["2025-10", "PostEx", "1", "3000", "0", "0", "0"],
      ["2025-11", "Leopards", "2", "20000", "400", "400", "800"],
      ["2025-11", "PostEx", "1", "5000", "100", "100", "200"],
      ["Total", "", "5", "36000", "660", "660", "1320"],
    ]);
    expect(tax.total).toEqual((await getProfitReport(db(), RANGE)).taxWithheld);
    // No settlement in the range: the header and a total row of zeros.
    const empty = await getTaxWithheld(db(), { from: "2025-08-01", to: "2025-08-31" });
    expect(empty.rows).toEqual([]);
    expect(parseCsv(reportCsv(taxWithheldTable(empty))).at(-1)).toEqual(["Total", "", "0", "0", "0", "0", "0"]);
  });
});
