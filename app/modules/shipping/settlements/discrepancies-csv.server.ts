import { stringify } from "csv-stringify/sync";
import type { DbOrTx } from "~/db/client.server";
import { neutraliseCsvCell } from "~/modules/orders/csv-cell";
import { shopDay } from "~/lib/shop-time";
import { discrepanciesWithNames, statusWhere, toDiscrepancyView } from "./discrepancies.server";
import type { DiscrepancyStatus } from "./discrepancy-words";

const COLUMNS = [
  "Date",
  "Courier",
  "Order Number",
  "Kind",
  "Expected (PKR)",
  "Reported (PKR)",
  "Difference (PKR)",
  "Detail",
  "Resolved",
  "Note",
];

/**
 * The discrepancies as CSV, newest first: a claim the owner sends the courier. Dates are Pakistan
 * days; amounts whole rupees (Difference is reported minus expected: negative when the courier paid
 * less); Resolved is "2025-06-12 by Sana" or empty while open. Text cells are made safe for
 * spreadsheets (csv-cell.ts). Discrepancies are few (one per problem parcel), so the file is built at once.
 */
export async function discrepanciesCsv(db: DbOrTx, { status }: { status: DiscrepancyStatus | "all" }): Promise<string> {
  const rows = (await discrepanciesWithNames(db, statusWhere(status))).map(toDiscrepancyView);
  const text = (value: string | null) => neutraliseCsvCell(value ?? "");
  const amount = (value: number | null) => (value === null ? "" : String(value));
  return stringify([
    COLUMNS,
    ...rows.map((d) => [
      shopDay(new Date(d.createdAt)),
      text(d.courierName),
      text(d.orderNumber),
      d.kindText,
      amount(d.expected),
      amount(d.actual),
      amount(d.difference),
      text(d.detail),
      d.resolvedAt
        ? text(`${shopDay(new Date(d.resolvedAt))}${d.resolvedByName ? ` by ${d.resolvedByName}` : ""}`)
        : "",
      text(d.resolvedNote),
    ]),
  ]);
}
