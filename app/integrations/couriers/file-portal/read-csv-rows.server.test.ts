import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors";
import { readCsvRows } from "./read-csv-rows.server";

/** What the shop read CSV files with before (csv-parse, these options, cells trimmed): the reader must agree with it. */
function csvParseRows(text: string): string[][] | "refused" {
  try {
    const records = parse(text, {
      delimiter: ",",
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
    }) as string[][];
    return records.map((record) => record.map((cell) => cell.trim()));
  } catch {
    return "refused";
  }
}

/** Blank records at the very end are dropped (csv-parse drops a last one of spaces; a sheet drops blank rows anyway). */
const withoutBlankEnd = (rows: string[][] | "refused") => {
  if (rows === "refused") return rows;
  let end = rows.length;
  while (end > 0 && rows[end - 1].every((cell) => cell === "")) end--;
  return rows.slice(0, end);
};

async function ownRows(text: string): Promise<string[][] | "refused"> {
  try {
    return await readCsvRows(text);
  } catch (error) {
    if (error instanceof AppError && error.code === "VALIDATION") return "refused";
    throw error;
  }
}

describe("reading CSV as csv-parse did", () => {
  // Files as portals and Excel write them: cells quoted when they must be (or at random), spaces
  // around some cells, one kind of line break per file (csv-parse takes the first break it meets
  // as the only one; the shop takes CR, LF and CRLF alike, as Excel shows them).
  const cell = fc
    .array(fc.constantFrom("a", "b", "7", " ", ",", '"', "\n", "ü", "Rs 1,299"), { maxLength: 4 })
    .map((parts) => parts.join(""));
  const written = (lineBreak: string) =>
    fc.tuple(cell, fc.boolean(), fc.constantFrom("", " ", "  ")).map(([text, quote, pad]) => {
      const must = /[",\n\r]/.test(text) || text !== text.trim();
      return pad + (must || quote ? `"${text.replaceAll('"', '""').replaceAll("\n", lineBreak)}"` : text) + pad;
    });
  const file = (lineBreak: string) =>
    fc
      .array(fc.array(written(lineBreak), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 })
      .map((rows) => `a,b${lineBreak}${rows.map((row) => row.join(",")).join(lineBreak)}${lineBreak}`);
  it.each([
    ["LF", "\n"],
    ["CRLF", "\r\n"],
  ])("reads any well-formed CSV with %s line breaks as csv-parse read it", async (_name, lineBreak) => {
    await fc.assert(
      fc.asyncProperty(file(lineBreak), async (text) => {
        expect(withoutBlankEnd(await ownRows(text)), JSON.stringify(text)).toEqual(withoutBlankEnd(csvParseRows(text)));
      }),
      { numRuns: 2_000, seed: 40 },
    );
  });

  it.each([
    ["text after a closing quote", 'a,b\n"abc"def,x\n'],
    ["a quote never closed", 'a,b\n"abc,x\n'],
  ])("refuses %s, as csv-parse did", async (_what, text) => {
    expect(await ownRows(text)).toBe("refused");
    expect(csvParseRows(text)).toBe("refused");
  });

  it.each([
    ["a blank line is a record of one empty cell", "a\n\nb\n", [["a"], [""], ["b"]]],
    ["a trailing delimiter is an empty last cell", "a,b,\n", [["a", "b", ""]]],
    ["a quote inside a cell is text", 'a,12" dupatta\n', [["a", '12" dupatta']]],
    ["spaces around a quoted cell go", '  "Rs 1,299"  ,x\n', [["Rs 1,299", "x"]]],
    ["a line break inside quotes stays in the cell", '"Gulberg\r\nLahore",x\r\n', [["Gulberg\r\nLahore", "x"]]],
    ["a lone CR ends a line, as Excel shows it", "a\rb\r", [["a"], ["b"]]],
  ])("%s", async (_what, text, rows) => {
    expect(await readCsvRows(text)).toEqual(rows);
  });
});
