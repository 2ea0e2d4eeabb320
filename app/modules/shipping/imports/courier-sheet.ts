import { AppError } from "~/lib/errors";
import { guessMapping } from "./guess-mapping";
import { IMPORT_KINDS } from "./import-fields";

/**
 * A courier's file read into text: the header row and the data rows below it, every cell a trimmed
 * string. Pure and browser-safe, so the column-mapping screen can name the type.
 */
export type CourierSheet = {
  headers: string[];
  rows: string[][];
  /**
   * rows[i]'s row number in the file as the owner sees it in Excel (header row = 1 when it is the
   * first row). Blank rows are dropped from `rows`, so without this the line a problem names would
   * drift from the file. When absent, rows[i] is taken to be on line i + 2.
   */
  lines?: number[];
};

/** The largest courier file the shop takes (the upload form's limit and the reader's). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export const MAX_DATA_ROWS = 20_000;

/**
 * How far down a file may reach, blank lines included: the data rows' cap with room for titles and
 * blank lines. Readers stop here, so a file of empty lines never becomes millions of empty rows.
 */
export const MAX_LINES = 25_000;

/**
 * No courier report has more columns than this; a file that does is refused before its rows are
 * padded to one width (a cell in column 1,000,000 would otherwise make every row a million cells).
 */
export const MAX_COLUMNS = 200;

/**
 * The most cells a file may hold, rows times columns: 20,000 rows of 50 columns. The row and column
 * limits alone would allow 4,000,000 (32 MB of references before a cell holds anything), which
 * with the rest of the shop is more than a small server's heap; readers count cells as they go.
 */
export const MAX_CELLS = 1_000_000;

/** The longest cell read: an address or a remark is far shorter. */
export const MAX_CELL_CHARS = 2_000;

/** How far down a title and notes above the header may go. */
const HEADER_SEARCH_ROWS = 20;

export const TOO_MANY_COLUMNS = (line: number) =>
  `This file has more than ${MAX_COLUMNS} columns (line ${line}). Please upload the file as your courier's portal gives it.`;
export const CELL_TOO_LONG = (line: number) =>
  `A cell on line ${line} is longer than ${MAX_CELL_CHARS.toLocaleString("en")} characters. Please upload the file as your courier's portal gives it.`;
export const TOO_MANY_ROWS = `This file has more than ${MAX_DATA_ROWS.toLocaleString("en")} rows. Please split it into smaller files.`;
export const TOO_MANY_CELLS = `This file has more than ${MAX_CELLS.toLocaleString("en")} cells (rows times columns). Please split it into smaller files.`;
export const TOO_MANY_LINES = `This file reaches beyond line ${MAX_LINES.toLocaleString("en")} (blank lines count). Please split it into smaller files.`;

/**
 * Rows as read (row i is line i + 1 of the file, cells already trimmed) to a sheet. The header is
 * the first row that names at least two columns the shop knows (HEADER_SYNONYMS), so a title line
 * ("PostEx Payment Report - November") or notes above it are skipped; without such a row, the
 * first non-empty row. Blank rows go; columns blank from top to bottom at either edge go
 * (spreadsheets carry them from formatting); every row is padded to one width. Line numbers stay
 * the file's own. Refuses a file with no data row under the header, too many rows, columns or
 * cells, or a cell too long. The rows are taken over, cut and padded in place: 20,000 rows of 200 cells are
 * 32 MB of references, and a copy would double that.
 */
export function toCourierSheet(raw: string[][]): CourierSheet {
  const kept: { line: number; cells: string[] }[] = [];
  for (let index = 0; index < raw.length; index++) {
    const cells = raw[index];
    if (cells.some((cell) => cell !== "")) kept.push({ line: index + 1, cells });
  }
  for (const { line, cells } of kept) {
    for (let column = cells.length - 1; column >= MAX_COLUMNS; column--) {
      if (cells[column] !== "") throw new AppError("VALIDATION", TOO_MANY_COLUMNS(line));
    }
    if (cells.some((cell) => cell.length > MAX_CELL_CHARS)) throw new AppError("VALIDATION", CELL_TOO_LONG(line));
  }
  const headerAt = Math.max(
    0,
    kept.slice(0, HEADER_SEARCH_ROWS).findIndex(({ cells }) => namesKnownColumns(cells)),
  );
  const table = kept.slice(headerAt);
  if (table.length < 2) throw new AppError("VALIDATION", "This file is empty: it has no rows to import.");
  if (table.length - 1 > MAX_DATA_ROWS) throw new AppError("VALIDATION", TOO_MANY_ROWS);
  let first = Infinity;
  let last = -1;
  for (const { cells } of table) {
    const width = Math.min(cells.length, MAX_COLUMNS);
    for (let column = 0; column < width; column++) {
      if (cells[column] === "") continue;
      first = Math.min(first, column);
      last = Math.max(last, column);
    }
  }
  const width = last - first + 1;
  if (table.length * width > MAX_CELLS) throw new AppError("VALIDATION", TOO_MANY_CELLS);
  const cut = (cells: string[]) => {
    if (first > 0) cells.splice(0, first);
    if (cells.length > width) cells.length = width;
    while (cells.length < width) cells.push("");
    return cells;
  };
  const [header, ...data] = table;
  return { headers: cut(header.cells), rows: data.map((row) => cut(row.cells)), lines: data.map((row) => row.line) };
}

/** Whether a row names at least two columns of some kind of courier file (its header, not a title above it). */
function namesKnownColumns(cells: string[]): boolean {
  if (cells.filter((cell) => cell !== "").length < 2) return false;
  const named = new Set<number>();
  for (const kind of IMPORT_KINDS) {
    for (const column of Object.values(guessMapping(kind, cells)) as number[]) named.add(column);
  }
  return named.size >= 2;
}
