import { AppError } from "~/lib/errors";
import { checkMapping } from "./check-mapping";
import type { CourierSheet } from "./courier-sheet";
import { type CourierStatusKind, courierStatusKind } from "./courier-status";
import type { ColumnMapping, ImportField, ImportKind } from "./import-fields";
import { parseCourierDate } from "./courier-date";
import { parsePaisaAmount, parseRupeeAmount } from "./rupee-amount";

/** `line` is the row in the file as the owner sees it (header = 1); `problems` why the row cannot be imported as it is. */
type RowBase = { line: number; problems: string[] };

/** Required text that is blank is "" with a problem; optional text that is blank (or unmapped) is null. */
export type TrackingImportRow = RowBase & {
  orderNumber: string;
  trackingNumber: string;
  courierName: string | null;
  date: string | null;
};
export type DeliveryImportRow = RowBase & {
  orderNumber: string | null;
  trackingNumber: string | null;
  status: string;
  statusKind: CourierStatusKind;
  date: string | null;
  reason: string | null;
};
/**
 * `collected` in whole rupees (cash changes hands in rupees); `charges` and `netPaid` in rupees to
 * the paisa (191.18: a percentage fee plus tax), compared in paisa. `statusKind` is null when the
 * file gives no status. Dates are "YYYY-MM-DD" or "YYYY-MM-DD HH:mm" (courier-date.ts).
 */
export type CodImportRow = RowBase & {
  orderNumber: string | null;
  trackingNumber: string | null;
  collected: number | null;
  charges: number | null;
  netPaid: number | null;
  /** Tax the courier withheld (income tax, sales tax), in rupees to the paisa; null when the file has no such column. */
  incomeTax: number | null;
  salesTax: number | null;
  status: string | null;
  statusKind: CourierStatusKind | null;
  settlementReference: string | null;
  settlementDate: string | null;
};
export type ImportRowOf<K extends ImportKind> = {
  tracking: TrackingImportRow;
  delivery: DeliveryImportRow;
  cod: CodImportRow;
}[K];
export type ImportRow = TrackingImportRow | DeliveryImportRow | CodImportRow;

/**
 * The sheet's data rows as values of the kind's fields, each with its problems. Refuses (VALIDATION,
 * with checkMapping's message and fields) a mapping that checkMapping refuses.
 */
export function readRows<K extends ImportKind>(
  kind: K,
  sheet: CourierSheet,
  mapping: ColumnMapping<K>,
): { rows: ImportRowOf<K>[] } {
  const check = checkMapping(kind, mapping, sheet.headers.length);
  if (!check.ok) throw new AppError("VALIDATION", check.message, check.fields as Record<string, string>);
  const columns = mapping as Partial<Record<ImportField, number>>;
  const rows = sheet.rows.map((cells, index) => {
    const line = sheet.lines?.[index] ?? index + 2;
    const cell = (field: ImportField) => {
      const column = columns[field];
      return column === undefined ? "" : (cells[column] ?? "").trim();
    };
    return readRow(kind, cell, line);
  });
  return { rows: rows as ImportRowOf<K>[] };
}

function readRow(kind: ImportKind, cell: (field: ImportField) => string, line: number): ImportRow {
  const problems: string[] = [];
  const orderNumber = orderNumberText(cell("orderNumber"));
  const trackingNumber = trackingNumberText(cell("trackingNumber"));
  const text = (field: ImportField) => cell(field) || null;

  if (kind === "tracking") {
    if (!orderNumber) problems.push("No order number");
    if (!trackingNumber) problems.push("No tracking number");
    return { line, problems, orderNumber, trackingNumber, courierName: text("courierName"), date: text("date") };
  }
  if (!orderNumber && !trackingNumber) problems.push("No order number or tracking number");
  const ids = { orderNumber: orderNumber || null, trackingNumber: trackingNumber || null };
  const status = cell("status");

  // A date that cannot be read is a problem, never "now" (a delivery dated today starts the wrong return window).
  const date = (field: ImportField) => {
    const written = cell(field);
    if (written === "") return null;
    const parsed = parseCourierDate(written);
    if (parsed.problem !== undefined) problems.push(parsed.problem);
    return parsed.value ?? null;
  };

  if (kind === "delivery") {
    if (!status) problems.push("No delivery status");
    return {
      line,
      problems,
      ...ids,
      status,
      statusKind: courierStatusKind(status),
      date: date("date"),
      reason: text("reason"),
    };
  }
  const amount = (field: ImportField) => {
    const parsed = parseRupeeAmount(cell(field));
    if (parsed.problem !== undefined) problems.push(parsed.problem);
    return parsed.value ?? null;
  };
  const paisaAmount = (field: ImportField) => {
    const parsed = parsePaisaAmount(cell(field));
    if (parsed.problem !== undefined) problems.push(parsed.problem);
    return parsed.paisa === null || parsed.paisa === undefined ? null : parsed.paisa / 100;
  };
  const collected = amount("collected");
  if (cell("collected") === "") problems.push("No collected amount");
  else if (collected !== null && collected < 0) problems.push(`Collected amount "${cell("collected")}" is negative`);
  return {
    line,
    problems,
    ...ids,
    collected,
    charges: paisaAmount("charges"),
    netPaid: paisaAmount("netPaid"),
    incomeTax: paisaAmount("incomeTax"),
    salesTax: paisaAmount("salesTax"),
    status: status || null,
    statusKind: status ? courierStatusKind(status) : null,
    settlementReference: text("settlementReference"),
    settlementDate: date("settlementDate"),
  };
}

/** Order numbers are matched upper-case ("ord-123456" is ORD-123456); otherwise as written. */
function orderNumberText(written: string): string {
  return unguard(written).toUpperCase();
}

/** Portals print CNs in groups ("7712 3456 7890"); the courier's own number has no spaces. */
function trackingNumberText(written: string): string {
  return unguard(written).replace(/\s+/g, "");
}

/**
 * A number kept as text by an export: Excel's ="0123" guard, or a leading apostrophe (what a
 * spreadsheet, and our own CSV export, puts before text that looks like a number or formula).
 */
function unguard(written: string): string {
  const guarded = /^="(.*)"$/.exec(written) ?? /^'(.+)$/.exec(written);
  return (guarded ? guarded[1] : written).trim();
}
