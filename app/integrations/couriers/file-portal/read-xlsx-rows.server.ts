import path from "node:path";
import { AppError } from "~/lib/errors";
import {
  CELL_TOO_LONG,
  MAX_CELL_CHARS,
  MAX_CELLS,
  MAX_COLUMNS,
  TOO_MANY_CELLS,
} from "~/modules/shipping/imports/courier-sheet";
import { MAX_XLSX_ROW, NotAWorkbook, XLSX_TOO_LONG, XLSX_TOO_WIDE } from "./xlsx-limits.server";
import { parseXml, type XmlHandlers } from "./xlsx-xml.server";
import { readPart, readZipDirectory, type ZipEntry } from "./xlsx-zip.server";

/**
 * The first worksheet of an .xlsx file as rows of trimmed text; row i is the sheet's row i + 1.
 *
 * The shop reads workbooks itself rather than through a library, so the limits hold for exactly
 * what is read: the parts come from the ZIP's central directory (xlsx-zip.server.ts), each
 * inflated here to no more than it declares; the sheet is the one the workbook names first,
 * wherever its relationship points; every part goes through a real XML parser, so an attribute in
 * single quotes, with spaces or character references reads as any reader would read it. The sheet
 * is streamed: a row or column past the limits (or a declared dimension past them) stops it at
 * once, before anything is built for it, and memory grows with the cells kept, never with the XML.
 * Cells read as read-excel-file reads them: shared and inline strings, numbers as written, dates
 * by their number format, booleans as TRUE/FALSE.
 *
 * Throws AppError("VALIDATION") for a limit, NotAWorkbook for anything that is no workbook.
 */
export async function readXlsxRows(bytes: Uint8Array): Promise<string[][]> {
  const entries = readZipDirectory(bytes);
  const part = (name: string) => entries.get(name);
  const required = (name: string) => part(name) ?? fail(`no ${name}`);
  const workbook = await readWorkbook(bytes, required("xl/workbook.xml"));
  const relationships = await readRelationships(
    bytes,
    required("xl/_rels/workbook.xml.rels"),
    workbook.firstSheet ?? fail("no sheet"),
  );
  const sheet = relationships.sheet ?? fail("no first sheet");
  const styles = part(relationships.styles ?? "xl/styles.xml");
  const strings = part(relationships.sharedStrings ?? "xl/sharedStrings.xml");
  return readSheet(bytes, required(sheet), {
    dateStyles: styles ? await readDateStyles(bytes, styles) : [],
    strings: strings ? await readSharedStrings(bytes, strings) : [],
    epoch1904: workbook.epoch1904,
  });
}

function fail(why: string): never {
  throw new NotAWorkbook(why);
}

function readXmlPart(bytes: Uint8Array, entry: ZipEntry, handlers: XmlHandlers): Promise<void> {
  return parseXml(readPart(bytes, entry), handlers);
}

/** The first sheet's relationship id (the first <sheet> with a name) and the date system. */
async function readWorkbook(
  bytes: Uint8Array,
  entry: ZipEntry,
): Promise<{ firstSheet: string | null; epoch1904: boolean }> {
  let firstSheet: string | null = null;
  let epoch1904: boolean | null = null;
  await readXmlPart(bytes, entry, {
    open(name, attributes) {
      if (name === "workbookPr" && epoch1904 === null) epoch1904 = ["1", "true"].includes(attributes().date1904 ?? "");
      else if (name === "sheet" && firstSheet === null && attributes().name) firstSheet = attributes().id ?? null;
    },
  });
  return { firstSheet, epoch1904: epoch1904 ?? false };
}

const RELATIONSHIP_TYPES = [
  "http://schemas.openxmlformats.org/officeDocument/2006/relationships/",
  "http://purl.oclc.org/ooxml/officeDocument/relationships/",
];

/** Where the workbook's relationships point: the first sheet (by its relationship id), the shared strings, the styles. */
async function readRelationships(bytes: Uint8Array, entry: ZipEntry, sheetId: string) {
  const found = { sheet: null as string | null, sharedStrings: null as string | null, styles: null as string | null };
  await readXmlPart(bytes, entry, {
    open(name, attributes) {
      if (name !== "Relationship") return;
      const { Id: id, Type: type = "", Target: target } = attributes();
      const base = RELATIONSHIP_TYPES.find((b) => type.startsWith(b));
      if (!base || target === undefined) return;
      const kind = type.slice(base.length);
      if (kind === "worksheet" && id === sheetId) found.sheet = partName(target);
      else if (kind === "sharedStrings") found.sharedStrings = partName(target);
      else if (kind === "styles") found.styles = partName(target);
    },
  });
  return found;
}

/** A relationship's target as a part name: relative to xl/, or from the root when it starts with "/". */
function partName(target: string): string {
  const name = path.posix.normalize(target.startsWith("/") ? target.slice(1) : `xl/${target}`);
  return name.startsWith("../") ? "" : name;
}

/** Number formats Excel builds in that show a date or time (read-excel-file's list: any locale). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81,
]);

/**
 * For each cell style (the `s` of a cell), whether its number format shows a date: a built-in date
 * format, or a custom one made only of date tokens. A style may take its format from its base style.
 */
async function readDateStyles(bytes: Uint8Array, entry: ZipEntry): Promise<boolean[]> {
  type Format = { id: number; code?: string };
  const formats = new Map<number, Format>();
  const bases: (Format | undefined)[] = [];
  const styles: { format?: Format; base: number }[] = [];
  let inBases = false;
  let inStyles = false;
  const formatOf = (id: string | undefined) => (id ? (formats.get(Number(id)) ?? { id: Number(id) }) : undefined);
  await readXmlPart(bytes, entry, {
    open(name, attributes) {
      if (name === "numFmt") {
        const { numFmtId, formatCode } = attributes();
        const id = Number(numFmtId);
        formats.set(id, { id, code: id >= 100 ? formatCode : undefined });
      } else if (name === "cellStyleXfs") inBases = true;
      else if (name === "cellXfs") inStyles = true;
      else if (name === "xf" && inBases) bases.push(formatOf(attributes().numFmtId));
      else if (name === "xf" && inStyles)
        styles.push({ format: formatOf(attributes().numFmtId), base: Number(attributes().xfId) || 0 });
    },
    close(name) {
      if (name === "cellStyleXfs") inBases = false;
      else if (name === "cellXfs") inStyles = false;
    },
  });
  return styles.map(({ format, base }) => {
    const shown = format ?? (base ? bases[base] : undefined);
    return Boolean(shown && (DATE_FORMAT_IDS.has(shown.id) || (shown.code && isDateFormatCode(shown.code))));
  });
}

const DATE_TOKENS = new Set([
  "s",
  "ss",
  "m",
  "mm",
  "h",
  "hh",
  "am",
  "pm",
  "a",
  "p",
  "d",
  "dd",
  "ddd",
  "dddd",
  "aaa",
  "aaaa",
  "aaaaa",
  "mmm",
  "mmmm",
  "mmmmm",
  "y",
  "yy",
  "yyyy",
  "e",
  "ee",
  "eeee",
]);

/** Whether a custom number format (`dd/mm/yyyy hh:mm`, `d mmm yyyy;@`) shows a date: read-excel-file's test. */
export function isDateFormatCode(code: string): boolean {
  const sections = code.toLowerCase().replace(/;@$/, "").replace(/\\./g, " ").split(";");
  return sections.some((section) => {
    const bare = section
      .replace(/"[^"]*"/g, " ")
      .replace(/(\[?[smhd]{1,2}\]?)[.,]00?0?/g, "$1")
      .replace(/\[([smhd]{1,2})\]/g, "$1")
      .replace(/\[[^\]]*\]/g, "");
    const tokens = bare.split(/[^a-z0#?%]+/).filter(Boolean);
    return tokens.length > 0 && tokens.every((token) => DATE_TOKENS.has(token));
  });
}

/** The shared strings, in order: each <si>'s text (its runs joined, phonetic runs left out). */
async function readSharedStrings(bytes: Uint8Array, entry: ZipEntry): Promise<string[]> {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let inPhonetic = false;
  await readXmlPart(bytes, entry, {
    open(name) {
      if (name === "si") current = "";
      else if (name === "t") inText = true;
      else if (name === "rPh") inPhonetic = true;
    },
    close(name) {
      if (name === "si" && current !== null) {
        strings.push(unescapeXlsx(current));
        current = null;
      } else if (name === "t") inText = false;
      else if (name === "rPh") inPhonetic = false;
    },
    text(text) {
      if (current !== null && inText && !inPhonetic) current += text;
    },
  });
  return strings;
}

/** `_x000D_`: how .xlsx writes characters XML cannot hold. */
function unescapeXlsx(text: string): string {
  return text.includes("_x")
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : text;
}

type SheetContext = { strings: string[]; dateStyles: boolean[]; epoch1904: boolean };

/** A cell being read: where it is, its type and style, and the text of its <v> or inline string. */
type Cell = {
  row: number;
  column: number;
  type: string;
  style: string | undefined;
  value: string | null;
  inline: string | null;
};

/**
 * The sheet's rows, streamed. Every row and cell reference is held to the limits as it is met:
 * `<row r>` and `<c r>` (or, without one, the next row or column), and `<dimension ref>`; and the
 * cells kept (with the blanks before each on its row) to MAX_CELLS.
 */
async function readSheet(bytes: Uint8Array, entry: ZipEntry, context: SheetContext): Promise<string[][]> {
  const rows: string[][] = [];
  let cells = 0; // cells the rows hold so far, blanks before a cell included
  let sheetDataSeen = false;
  let inSheetData = false;
  let row = 0;
  let lastRow = 0;
  let lastColumn = 0;
  let cell: Cell | null = null;
  let inValue = false;
  let inInline = false;
  let inText = false;
  let inPhonetic = false;

  await readXmlPart(bytes, entry, {
    open(name, attributes) {
      if (name === "dimension") {
        for (const end of (attributes().ref ?? "").split(":")) {
          const at = cellReference(end);
          if (at) withinLimits(at.row, at.column);
        }
      } else if (name === "sheetData") {
        if (sheetDataSeen) fail("two sheetData");
        sheetDataSeen = inSheetData = true;
      } else if (!inSheetData) {
        return;
      } else if (name === "row") {
        const given = attributes().r;
        row = given === undefined ? lastRow + 1 : rowNumber(given);
        withinLimits(row, 1);
        lastColumn = 0;
      } else if (name === "c") {
        const { r, t, s } = attributes();
        const at =
          r === undefined
            ? { row: row || lastRow + 1, column: lastColumn + 1 }
            : (cellReference(r) ?? fail("cell reference"));
        withinLimits(at.row, at.column);
        cell = { row: at.row, column: at.column, type: t ?? "n", style: s, value: null, inline: null };
      } else if (cell && name === "v") {
        inValue = true;
        cell.value = "";
      } else if (cell && name === "is") {
        inInline = true;
        cell.inline = "";
      } else if (name === "t") inText = true;
      else if (name === "rPh") inPhonetic = true;
    },
    close(name) {
      if (name === "sheetData") inSheetData = false;
      else if (name === "row") {
        lastRow = Math.max(lastRow, row);
        row = 0;
      } else if (name === "c" && cell) {
        store(cell);
        lastRow = Math.max(lastRow, cell.row);
        lastColumn = cell.column;
        cell = null;
      } else if (name === "v") inValue = false;
      else if (name === "is") inInline = false;
      else if (name === "t") inText = false;
      else if (name === "rPh") inPhonetic = false;
    },
    text(text) {
      if (!cell) return;
      if (inValue) cell.value += text;
      else if (inInline && inText && !inPhonetic) cell.inline += text;
    },
  });

  function store(at: Cell) {
    const value = cellText(at, context);
    if (value === "") return;
    if (value.length > MAX_CELL_CHARS) throw new AppError("VALIDATION", CELL_TOO_LONG(at.row));
    while (rows.length < at.row) rows.push([]);
    const kept = rows[at.row - 1];
    cells += Math.max(0, at.column - kept.length);
    if (cells > MAX_CELLS) throw new AppError("VALIDATION", TOO_MANY_CELLS);
    while (kept.length < at.column - 1) kept.push("");
    kept[at.column - 1] = value;
  }
  return rows;
}

function withinLimits(row: number, column: number): void {
  if (column > MAX_COLUMNS) throw new AppError("VALIDATION", XLSX_TOO_WIDE);
  if (row > MAX_XLSX_ROW) throw new AppError("VALIDATION", XLSX_TOO_LONG);
}

/** A row number as readers take it (`Number`, so " 7 " and "7e0" are 7); anything but a whole number from 1 is no workbook. */
function rowNumber(text: string): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? value : fail("row number");
}

/** "B7" (or "$B$7", any case, spaces around) as row 7, column 2; null for anything else. */
function cellReference(text: string): { row: number; column: number } | null {
  const match = /^\$?([A-Za-z]+)\$?(\S+)$/.exec(text.trim());
  if (!match) return null;
  let column = 0;
  for (const letter of match[1].toUpperCase()) {
    column = column * 26 + (letter.charCodeAt(0) - 64);
    if (column > MAX_COLUMNS) break; // XFD and longer: past the limit, whatever the rest says
  }
  const row = Number(match[2]);
  return Number.isInteger(row) && row >= 1 ? { row, column } : null;
}

/** A cell's text as the shop reads it: trimmed strings, numbers as written, dates as YYYY-MM-DD [HH:mm], TRUE/FALSE. */
function cellText(cell: Cell, { strings, dateStyles, epoch1904 }: SheetContext): string {
  const value = cell.value;
  switch (cell.type) {
    case "s": {
      if (!value) return "";
      const index = Number(value);
      return Number.isInteger(index) && index >= 0 && index < strings.length
        ? strings[index].trim()
        : fail("shared string");
    }
    case "str":
      return unescapeXlsx(value ?? "").trim();
    case "inlineStr":
      return unescapeXlsx(cell.inline ?? "").trim();
    case "b":
      if (!value) return "";
      return value === "1" || value === "true"
        ? "TRUE"
        : value === "0" || value === "false"
          ? "FALSE"
          : fail("boolean");
    case "e":
      return "";
    case "d": {
      if (!value) return "";
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? fail("date") : excelDateText(date);
    }
    case "n": {
      if (!value) return "";
      if (cell.style !== undefined && dateStyles[Number(cell.style)]) {
        const serial = Number(value);
        return Number.isFinite(serial) ? excelDateText(excelSerialDate(serial, epoch1904)) : fail("date serial");
      }
      return excelNumberText(value);
    }
    default:
      return fail("cell type");
  }
}

/** Excel's day number as the UTC instant of its wall-clock time (1900 system: day 25,569 is 1970-01-01). */
function excelSerialDate(serial: number, epoch1904: boolean): Date {
  const days = serial + (epoch1904 ? 1462 : 0) - 25_569;
  return new Date(Math.floor(days * 86_400_000));
}

/**
 * A date as text: its UTC instant of the cell's wall-clock time, floored to the millisecond, so 10:30
 * can arrive as 10:29:59.999: round to the minute before printing.
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
