import { parse } from "csv-parse/sync";
import { AppError } from "~/lib/errors";

const DELIMITERS = [",", ";", "\t"] as const;

/**
 * A CSV file's text as rows of trimmed cells; row i is record i + 1, which is the row Excel shows
 * it on (a quoted field's line breaks stay inside one row). The text is already decoded.
 */
export function readCsvRows(text: string): string[][] {
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
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
