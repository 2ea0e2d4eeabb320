import type { DbOrTx } from "~/db/client.server";
import { getInventoryReport, type InventoryReport } from "./get-inventory-report.server";
import { getOrderBreakdown, type BreakdownReport } from "./get-order-breakdown.server";
import { getProfitReport, type ProfitReport } from "./get-profit-report.server";
import { getSalesReport, type SalesReport } from "./get-sales-report.server";
import { getSourceBreakdown, type SourceBreakdown } from "./get-source-breakdown.server";
import type { ReportName } from "./report-names";
import type { ReportRange } from "./report-range";

export type Report =
  | ProfitReport
  | ({ name: "products" | "variants" } & SalesReport)
  | ({ name: "cities" | "codes" } & BreakdownReport)
  | ({ name: "channels" } & BreakdownReport & SourceBreakdown)
  | ({ name: "inventory" } & InventoryReport);

/** One report by its name over a range (the page, its CSV and the API all come through here). `now` fixes the inventory's last 30 and 60 days. */
export async function getReport(
  db: DbOrTx,
  name: ReportName,
  range: ReportRange,
  now: Date = new Date(),
): Promise<Report> {
  switch (name) {
    case "profit":
      return getProfitReport(db, range);
    case "products":
      return { name, ...(await getSalesReport(db, range, "product")) };
    case "variants":
      return { name, ...(await getSalesReport(db, range, "variant")) };
    case "cities":
      return { name, ...(await getOrderBreakdown(db, range, "city")) };
    case "channels":
      return {
        name,
        ...(await getOrderBreakdown(db, range, "channel")),
        // The website's orders split by where the buyer first came from, and by campaign (issue 44).
        ...(await getSourceBreakdown(db, range)),
      };
    case "codes":
      return { name, ...(await getOrderBreakdown(db, range, "code")) };
    case "inventory":
      return { name, ...(await getInventoryReport(db, range, now)) };
  }
}
