import { AppError } from "~/lib/errors";

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
 * Rows as read (row i is line i + 1 of the file, cells already trimmed) to a sheet: the first
 * non-empty row is the header; blank rows go; columns blank from top to bottom at either edge go
 * (spreadsheets carry them from formatting); every row is padded to one width.
 * Refuses a file with no data row under the header, or too many rows.
 */
export function toCourierSheet(raw: string[][]): CourierSheet {
  const kept: { line: number; cells: string[] }[] = [];
  raw.forEach((cells, index) => {
    if (cells.some((cell) => cell !== "")) kept.push({ line: index + 1, cells });
  });
  if (kept.length < 2) throw new AppError("VALIDATION", "This file is empty: it has no rows to import.");
  if (kept.length - 1 > MAX_DATA_ROWS) throw new AppError("VALIDATION", "This file has more than 20,000 rows. Please split it into smaller files.");
  let first = Infinity;
  let last = -1;
  for (const { cells } of kept) {
    cells.forEach((cell, column) => {
      if (cell === "") return;
      first = Math.min(first, column);
      last = Math.max(last, column);
    });
  }
  const cut = (cells: string[]) => Array.from({ length: last - first + 1 }, (_, i) => cells[first + i] ?? "");
  const [header, ...data] = kept;
  return { headers: cut(header.cells), rows: data.map((row) => cut(row.cells)), lines: data.map((row) => row.line) };
}
