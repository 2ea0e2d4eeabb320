import { readSheet } from "read-excel-file/node";

/** A number cell's text exactly as the file stores it (parseNumber keeps it from becoming a float). */
type ExcelNumber = { excelNumber: string };

/**
 * The first worksheet of an .xlsx file as rows of trimmed text; row i is the sheet's row i + 1.
 * Throws whatever the reader throws for a ZIP that is not a workbook.
 */
export async function readXlsxRows(bytes: Uint8Array): Promise<string[][]> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const data = await readSheet<ExcelNumber>(buffer, { parseNumber: (text) => ({ excelNumber: text }) });
  return data.map((row) => row.map(excelCellText));
}

function excelCellText(cell: unknown): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return excelDateText(cell);
  if (typeof cell === "object" && "excelNumber" in cell) return excelNumberText(String(cell.excelNumber));
  if (typeof cell === "boolean") return cell ? "TRUE" : "FALSE";
  return String(cell).trim();
}

/**
 * The reader gives dates as UTC instants of the cell's wall-clock time, floored to the millisecond,
 * so 10:30 can arrive as 10:29:59.999: round to the minute before printing.
 */
export function excelDateText(date: Date): string {
  const rounded = new Date(Math.round(date.getTime() / 60_000) * 60_000);
  const [day, time] = rounded.toISOString().split("T");
  const minutes = time.slice(0, 5);
  return minutes === "00:00" ? day : `${day} ${minutes}`;
}

/**
 * A number as Excel shows it in a General cell: plain digits, no exponent, no trailing ".0".
 * Integers are kept digit for digit (a long CN must not lose digits to a float); anything else goes
 * to Excel's 15 significant digits, which also drops float noise such as 1299.4999999999998.
 */
export function excelNumberText(raw: string): string {
  const text = raw.trim();
  if (/^-?\d+$/.test(text)) return text;
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  return plainDecimal(value.toPrecision(15));
}

/** "1.5e+20" -> "150000000000000000000", "1299.50000000000" -> "1299.5", "-0.000" -> "0". */
function plainDecimal(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/i.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = "", exponent = "0"] = match;
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  if (point <= 0) {
    digits = "0".repeat(1 - point) + digits;
    point = 1;
  } else if (point > digits.length) {
    digits = digits.padEnd(point, "0");
  }
  const intPart = digits.slice(0, point).replace(/^0+(?=\d)/, "");
  const fracPart = digits.slice(point).replace(/0+$/, "");
  const body = fracPart ? `${intPart}.${fracPart}` : intPart;
  return sign && /[1-9]/.test(body) ? `-${body}` : body;
}
