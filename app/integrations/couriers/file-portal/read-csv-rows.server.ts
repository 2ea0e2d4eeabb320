import { parse } from "csv-parse/sync";
import { AppError } from "~/lib/errors";
import { CELL_TOO_LONG, MAX_CELL_CHARS, MAX_COLUMNS, TOO_MANY_COLUMNS } from "~/modules/shipping/imports/courier-sheet";

const DELIMITERS = [",", ";", "\t"] as const;

/**
 * A CSV file's text as rows of trimmed cells; row i is record i + 1, which is the row Excel shows
 * it on (a quoted field's line breaks stay inside one row). The text is already decoded.
 */
export function readCsvRows(text: string): string[][] {
  const delimiter = detectDelimiter(text);
  checkCsvShape(text, delimiter);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true, // portals end rows early when the last cells are blank
      relax_quotes: true, // a stray quote inside a field (12" dupatta) is text, not a syntax error
      skip_empty_lines: false, // blank lines still count for the row numbers the owner sees
      trim: true, // so `,  "Rs 1,299"` is still one quoted field
    });
  } catch (error) {
    const { code, lines } = error as { code?: unknown; lines?: unknown };
    const where = typeof lines === "number" ? ` near line ${lines}` : "";
    const why = code === "CSV_QUOTE_NOT_CLOSED" ? "a quoted field is never closed" : "its quotes do not pair up";
    throw new AppError("VALIDATION", `This CSV file could not be read${where}: ${why}. Please upload the file as your courier's portal gives it.`);
  }
  return records.map((record) => record.map((cell) => cell.trim()));
}

/**
 * Refuses, before the parser builds a single row, a record with more than MAX_COLUMNS cells or a
 * cell longer than MAX_CELL_CHARS: one pass over the text counting delimiters outside quotes, so a
 * 1 MB line of commas costs a counter, not a million-cell array (and later a million-wide sheet).
 * The line named is the record's, as the owner sees rows in Excel.
 */
export function checkCsvShape(text: string, delimiter: string): void {
  let record = 1;
  let cells = 1;
  let cellLength = 0;
  let blankSoFar = true; // only a quote at a cell's start (after spaces) opens quoting, as the parser reads it
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') i++; // "" inside a quoted cell is one quote
        else { quoted = false; continue; }
      }
      if (++cellLength > MAX_CELL_CHARS) throw new AppError("VALIDATION", CELL_TOO_LONG(record));
      continue;
    }
    if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      record++;
      cells = 1;
      cellLength = 0;
      blankSoFar = true;
    } else if (char === delimiter) {
      if (++cells > MAX_COLUMNS) throw new AppError("VALIDATION", TOO_MANY_COLUMNS(record));
      cellLength = 0;
      blankSoFar = true;
    } else if (char === '"' && blankSoFar) {
      quoted = true;
      blankSoFar = false;
    } else {
      if (char !== " " && char !== "\t") blankSoFar = false;
      if (++cellLength > MAX_CELL_CHARS) throw new AppError("VALIDATION", CELL_TOO_LONG(record));
    }
  }
}

/**
 * The delimiter the header uses: whichever of comma, semicolon and tab occurs most (outside
 * quotes) in the first line that has any. Excel in some locales saves CSV with semicolons, and
 * "Text (Tab delimited)" with tabs. A file of one column has none: comma.
 */
export function detectDelimiter(text: string): string {
  for (const line of text.split(/\r\n|\n|\r/, 20)) {
    const counts = DELIMITERS.map((delimiter) => countOutsideQuotes(line, delimiter));
    const best = Math.max(...counts);
    if (best > 0) return DELIMITERS[counts.indexOf(best)];
  }
  return ",";
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) count++;
  }
  return count;
}
