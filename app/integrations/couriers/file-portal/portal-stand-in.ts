import writeXlsxFile, { type Row } from "write-excel-file/node";
import type { CourierFile } from "~/modules/shipping/couriers/courier-provider";

/**
 * The file portal's stand-in for tests: writes a courier portal's report files, CSV and Excel
 * (.xlsx), the way portals export them, so tests upload what an owner would download from TCS,
 * Leopards or PostEx rather than making spreadsheets by hand. Test-only (write-excel-file is a dev
 * dependency): imported by tests, never by the app (lint refuses it), so it never reaches the
 * production build.
 */

/**
 * A cell as a portal's export holds it: text, a number cell (Excel keeps it as a number: a long CN
 * is digits, a price may carry float noise), a boolean, a date (formatted as the sheet's
 * `dateFormat`, or its own `format`), or empty.
 */
export type PortalCell = string | number | boolean | Date | null | { value: number | Date; format: string };

/** A worksheet of an export: its tab's name and rows. */
export type PortalSheet = { name: string; rows: PortalCell[][] };

/**
 * An Excel (.xlsx) report: one sheet of rows, or several sheets (readers take the first). Dates
 * show as `dateFormat` (Excel's codes, e.g. "dd/mm/yyyy") unless a cell gives its own.
 */
export async function portalXlsx(sheets: PortalCell[][] | PortalSheet[], { dateFormat = "yyyy-mm-dd" }: { dateFormat?: string } = {}): Promise<Uint8Array> {
  const many = sheets.length > 0 && !Array.isArray(sheets[0]);
  const written = many
    ? writeXlsxFile((sheets as PortalSheet[]).map((s) => ({ sheet: s.name, dateFormat, data: s.rows.map(excelRow) })))
    : writeXlsxFile((sheets as PortalCell[][]).map(excelRow), { dateFormat });
  return new Uint8Array(await written.toBuffer());
}

function excelRow(row: PortalCell[]): Row {
  return row.map((cell) => (cell !== null && typeof cell === "object" && !(cell instanceof Date)
    ? { value: cell.value, type: cell.value instanceof Date ? Date : Number, format: cell.format }
    : cell));
}

/**
 * A CSV report as portals write one: cells quoted only when they must be (a delimiter, a quote or
 * a line break inside), rows ending CRLF. `delimiter` ";" or "\t" for Excel's other CSV saves;
 * `bom` for the UTF-8 byte-order mark some portals put first.
 */
export function portalCsv(
  rows: (string | number | null)[][],
  { delimiter = ",", bom = false }: { delimiter?: "," | ";" | "\t"; bom?: boolean } = {},
): Uint8Array {
  const cellText = (cell: string | number | null) => {
    const text = cell === null ? "" : String(cell);
    return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const text = rows.map((row) => row.map(cellText).join(delimiter)).join("\r\n") + "\r\n";
  return new TextEncoder().encode(bom ? `\uFEFF${text}` : text);
}

/** A report as the owner uploads it: the file's name and bytes. */
export function portalFile(name: string, bytes: Uint8Array): CourierFile {
  return { name, bytes };
}
