import { inflateRawSync } from "node:zlib";
import { AppError } from "~/lib/errors";
import { MAX_COLUMNS } from "~/modules/shipping/imports/courier-sheet";

/** An .xlsx's parts inflated together may not exceed this (a 5 MB upload of text inflates to far less). */
export const MAX_XLSX_INFLATED_BYTES = 20 * 1024 * 1024;

/** The furthest row a sheet may reach: the data rows' cap, with room for titles and blank rows. */
export const MAX_XLSX_ROW = 25_000;

export const XLSX_TOO_BIG = "This Excel file unpacks to more than 20 MB. Please split it into smaller files.";
export const XLSX_TOO_WIDE = `This Excel file's sheet reaches beyond ${MAX_COLUMNS} columns. Please upload the file as your courier's portal gives it.`;
export const XLSX_TOO_LONG = `This Excel file's sheet reaches beyond row ${MAX_XLSX_ROW.toLocaleString("en")}. Please split it into smaller files.`;

/** Thrown for a ZIP this check cannot read: the caller refuses it as "not a CSV or Excel file". */
export class NotAWorkbook extends Error {}

/**
 * Checks an .xlsx before the reader opens it, so a small file cannot make the server build a huge
 * sheet: the ZIP's entries are inflated here with a budget (zlib's maxOutputLength stops at the
 * cap, whatever sizes the directory declares), and each worksheet's declared dimension
 * (`<dimension ref="A1:XFD1048576"/>`) and its cells' and rows' references must stay within
 * MAX_COLUMNS and MAX_XLSX_ROW. Throws AppError("VALIDATION") with the reason, NotAWorkbook for a
 * ZIP it cannot read.
 */
export function checkXlsxLimits(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  let budget = MAX_XLSX_INFLATED_BYTES;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw new NotAWorkbook("central directory");
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const declared = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (declared > budget) throw new AppError("VALIDATION", XLSX_TOO_BIG);
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) throw new NotAWorkbook("local header");
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(dataStart, dataStart + compressed);
    const content = inflateEntry(method, data, budget);
    budget -= content.byteLength;
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) checkSheetExtent(new TextDecoder().decode(content));
  }
}

function inflateEntry(method: number, data: Uint8Array, budget: number): Uint8Array {
  if (method === 0) {
    if (data.byteLength > budget) throw new AppError("VALIDATION", XLSX_TOO_BIG);
    return data;
  }
  if (method !== 8) throw new NotAWorkbook("compression");
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, budget) });
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) throw new AppError("VALIDATION", XLSX_TOO_BIG);
    throw new NotAWorkbook("inflate");
  }
}

/** The end-of-central-directory record: the last PK\5\6 within the final 64 KB (a comment may follow it). */
function findEndOfDirectory(view: DataView): number {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === 0x06054b50) return at;
  }
  throw new NotAWorkbook("no directory");
}

/** The sheet's declared dimension and every cell and row reference, against the caps. */
function checkSheetExtent(xml: string): void {
  const dimension = /<(?:\w+:)?dimension\b[^>]*\bref="([^"]+)"/.exec(xml);
  if (dimension) for (const ref of dimension[1].split(":")) checkReference(ref);
  for (const match of xml.matchAll(/<(?:\w+:)?c\b[^>]*?\br="([A-Z]+\d+)"/g)) checkReference(match[1]);
  for (const match of xml.matchAll(/<(?:\w+:)?row\b[^>]*?\br="(\d+)"/g)) {
    if (Number(match[1]) > MAX_XLSX_ROW) throw new AppError("VALIDATION", XLSX_TOO_LONG);
  }
}

function checkReference(ref: string): void {
  const match = /^\$?([A-Z]{1,3})\$?(\d+)$/i.exec(ref.trim());
  if (!match) return;
  let column = 0;
  for (const letter of match[1].toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  if (column > MAX_COLUMNS) throw new AppError("VALIDATION", XLSX_TOO_WIDE);
  if (Number(match[2]) > MAX_XLSX_ROW) throw new AppError("VALIDATION", XLSX_TOO_LONG);
}
