import { AppError } from "~/lib/errors";
import { logger } from "~/lib/logger.server";
import type { CourierFile } from "~/modules/shipping/couriers/courier-provider";
import { type CourierSheet, MAX_FILE_BYTES, toCourierSheet } from "~/modules/shipping/imports/courier-sheet";
import { readCsvRows } from "./read-csv-rows.server";
import { readXlsxRows } from "./read-xlsx-rows.server";
import { NotAWorkbook } from "./xlsx-limits.server";

const NOT_A_SHEET =
  "This file is not a CSV or Excel (.xlsx) file. Please upload the file as your courier's portal gives it.";

/**
 * A file from a courier's portal (CSV or .xlsx) read into a header row and data rows of text.
 * The bytes decide the format, not the name: portals and browsers name files loosely (a CSV saved
 * as "report.xls", an .xlsx renamed .csv). Refuses, with an AppError("VALIDATION") the owner can
 * act on, anything else, an empty file, and a file past a limit of courier-sheet.ts (5 MB, 20,000
 * rows, 25,000 lines, 200 columns, 1,000,000 cells) or of the .xlsx reader. Every spreadsheet the
 * shop reads (courier reports, payment reports, cost files) comes through here.
 *
 * One file is read at a time in a process: the limits bound what one file can cost (tens of MB at
 * the most), so files posted together wait their turn rather than add up.
 */
export function readCourierFile(file: CourierFile): Promise<CourierSheet> {
  const turn = queue.then(() => readFile(file));
  queue = turn.then(
    () => undefined,
    () => undefined,
  );
  return turn;
}

let queue: Promise<void> = Promise.resolve();

async function readFile({ bytes }: CourierFile): Promise<CourierSheet> {
  if (bytes.byteLength > MAX_FILE_BYTES)
    throw new AppError("VALIDATION", "This file is larger than 5 MB. Please split it into smaller files.");
  if (bytes.byteLength === 0) throw new AppError("VALIDATION", "This file is empty: it has no rows to import.");
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return toCourierSheet(await readWorkbook(bytes));
  return toCourierSheet(await readCsvRows(csvText(bytes)));
}

async function readWorkbook(bytes: Uint8Array): Promise<string[][]> {
  try {
    return await readXlsxRows(bytes);
  } catch (error) {
    // A limit reached says which; a ZIP that is no workbook (.docx, .zip) or a damaged one is refused as such.
    if (error instanceof AppError) throw error;
    if (!(error instanceof NotAWorkbook)) logger.warn({ err: error }, "an .xlsx could not be read");
    throw new AppError("VALIDATION", NOT_A_SHEET);
  }
}

/**
 * The text of a CSV file, or a refusal when the bytes are not text. UTF-8 (BOM stripped) is what
 * portals give; Excel's "CSV" save is Windows-1252 and its "Unicode text" UTF-16 with a BOM, so those
 * are read too rather than refused. Control bytes mean a binary file (PNG, JPEG, old .xls); PDF and
 * HTML are text of the wrong kind.
 */
function csvText(bytes: Uint8Array): string {
  let text: string;
  if (startsWith(bytes, [0xff, 0xfe])) text = new TextDecoder("utf-16le").decode(bytes.subarray(2));
  else if (startsWith(bytes, [0xfe, 0xff])) text = new TextDecoder("utf-16be").decode(bytes.subarray(2));
  else {
    const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(body);
    } catch {
      text = new TextDecoder("windows-1252").decode(body);
    }
  }
  // eslint-disable-next-line no-control-regex -- looking for control characters is the point
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) throw new AppError("VALIDATION", NOT_A_SHEET);
  if (/^\s*(%PDF-|<)/.test(text)) throw new AppError("VALIDATION", NOT_A_SHEET);
  return text;
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, i) => bytes[i] === byte);
}
