import { neutraliseCsvCell } from "~/modules/orders/csv-cell";
import type { Cell, ReportTable } from "./report-tables";

/** Byte order mark: Excel then reads the file as UTF-8 (Urdu names, "Rs"). */
export const CSV_BOM = "\uFEFF";

function csvCell(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  // Text the owner or a buyer typed (product names, cities, codes) may start with = + - @: made plain text.
  const text = neutraliseCsvCell(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A report's table as CSV: a BOM, the header, its rows, its total row; CRLF line ends (RFC 4180).
 * Tables that follow it (By channel's sources and campaigns) come after an empty line each, their
 * caption on a line of its own, then their header and rows.
 */
export function reportCsv(table: ReportTable): string {
  const lines = (t: ReportTable) =>
    [t.columns.map((c) => c.label), ...t.rows, ...(t.total ? [t.total] : [])].map((row) => row.map(csvCell).join(","));
  const more = (table.more ?? []).flatMap((t) => ["", csvCell(t.caption), ...lines(t)]);
  return `${CSV_BOM}${[...lines(table), ...more].join("\r\n")}\r\n`;
}

/** "profit-2026-10-01-to-2026-10-31.csv" */
export function reportFileName(name: string, range: { from: string; to: string }): string {
  return `${name}-${range.from}-to-${range.to}.csv`;
}
