import { setImmediate as nextTurn } from "node:timers/promises";
import { AppError } from "~/lib/errors";
import {
  CELL_TOO_LONG,
  MAX_CELL_CHARS,
  MAX_CELLS,
  MAX_COLUMNS,
  MAX_DATA_ROWS,
  MAX_LINES,
  TOO_MANY_CELLS,
  TOO_MANY_COLUMNS,
  TOO_MANY_LINES,
  TOO_MANY_ROWS,
} from "~/modules/shipping/imports/courier-sheet";

const DELIMITERS = [",", ";", "\t"] as const;
/** The event loop gets a turn after this many characters, so a large file never holds up other requests. */
const TURN_CHARS = 256 * 1024;

/**
 * A CSV file's text as rows of trimmed cells; row i is record i + 1, which is the row Excel shows
 * it on (a quoted field's line breaks stay inside one row; a line may end in CRLF, LF or CR).
 * Read as portals and Excel write CSV: a cell starting with a quote (after spaces) is quoted, and
 * "" inside it is one quote; a quote elsewhere is text (12" dupatta); whitespace around cells goes.
 *
 * The limits hold while reading, so nothing is built past them: a record beyond line 25,000
 * (blank lines count: a file of empty lines is otherwise millions of rows), a 201st cell on a line,
 * a cell over 2,000 characters, more than 1,000,000 cells in all. A refusal names the line where
 * it has one, as the owner sees it in Excel.
 */
export async function readCsvRows(text: string): Promise<string[][]> {
  const delimiter = detectDelimiter(text);
  const blank = (c: string) => c === " " || (c === "\t" && delimiter !== "\t");
  const endOfCell = (c: string) => c === delimiter || c === "\n" || c === "\r";
  const rows: string[][] = [];
  let row: string[] = [];
  let filled = 0; // records so far with any text, for the refusal's words
  let cells = 0;
  let at = 0;
  let turn = TURN_CHARS;
  const add = (cell: string, line: number) => {
    if (row.length === MAX_COLUMNS) throw new AppError("VALIDATION", TOO_MANY_COLUMNS(line));
    if (++cells > MAX_CELLS) throw new AppError("VALIDATION", TOO_MANY_CELLS);
    row.push(cell.trim());
  };
  while (at < text.length) {
    if (at >= turn) {
      await nextTurn();
      turn = at + TURN_CHARS;
    }
    const line = rows.length + 1;
    while (at < text.length && blank(text[at])) at++;
    if (text[at] === '"') {
      const [cell, next] = quotedCell(text, at + 1, line);
      at = next;
      while (at < text.length && blank(text[at])) at++;
      if (at < text.length && !endOfCell(text[at])) throw unreadable(line, "its quotes do not pair up");
      add(cell, line);
    } else {
      const start = at;
      while (at < text.length && !endOfCell(text[at])) {
        if (++at - start > MAX_CELL_CHARS) throw new AppError("VALIDATION", CELL_TOO_LONG(line));
      }
      add(text.slice(start, at), line);
    }
    if (text[at] === delimiter) {
      at++;
      if (at < text.length) continue;
      add("", line); // "a,b," ends with an empty cell
    } else if (at < text.length) {
      at += text[at] === "\r" && text[at + 1] === "\n" ? 2 : 1;
    }
    // The record ends: at a line break or the end of the text.
    if (row.some((c) => c !== "")) filled++;
    rows.push(row);
    row = [];
    if (rows.length === MAX_LINES && at < text.length) {
      throw new AppError("VALIDATION", filled > MAX_DATA_ROWS + 1 ? TOO_MANY_ROWS : TOO_MANY_LINES);
    }
  }
  return rows;
}

/** A quoted cell's text from just after its opening quote, and where reading goes on (after the closing quote). */
function quotedCell(text: string, from: number, line: number): [string, number] {
  let cell = "";
  let at = from;
  for (;;) {
    const quote = text.indexOf('"', at);
    const end = quote < 0 ? text.length : quote;
    if (cell.length + (end - at) > MAX_CELL_CHARS) throw new AppError("VALIDATION", CELL_TOO_LONG(line));
    if (quote < 0) throw unreadable(line, "a quoted field is never closed");
    if (text[quote + 1] === '"') {
      cell += text.slice(at, quote + 1);
      at = quote + 2;
    } else {
      return [cell + text.slice(at, quote), quote + 1];
    }
  }
}

function unreadable(line: number, why: string): AppError {
  return new AppError(
    "VALIDATION",
    `This CSV file could not be read near line ${line}: ${why}. Please upload the file as your courier's portal gives it.`,
  );
}

/**
 * The delimiter the header uses: whichever of comma, semicolon and tab occurs most (outside
 * quotes) in the first line that has any. Excel in some locales saves CSV with semicolons, and
 * "Text (Tab delimited)" with tabs. A file of one column has none: comma.
 */
export function detectDelimiter(text: string): string {
  let start = 0;
  for (let line = 0; line < 20 && start < text.length; line++) {
    let end = start;
    while (end < text.length && text[end] !== "\n" && text[end] !== "\r") end++;
    const counts = DELIMITERS.map((delimiter) => countOutsideQuotes(text, start, end, delimiter));
    const best = Math.max(...counts);
    if (best > 0) return DELIMITERS[counts.indexOf(best)];
    start = text[end] === "\r" && text[end + 1] === "\n" ? end + 2 : end + 1;
  }
  return ",";
}

function countOutsideQuotes(text: string, start: number, end: number, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (let i = start; i < end; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (text[i] === delimiter && !quoted) count++;
  }
  return count;
}
