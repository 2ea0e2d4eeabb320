import fc from "fast-check";
import { readSheet } from "read-excel-file/node";
import { describe, expect, it } from "vitest";
import { patchXlsx, portalXlsx, type PortalCell } from "./portal-stand-in";
import { excelDateText, excelNumberText, isDateFormatCode, readXlsxRows } from "./read-xlsx-rows.server";

describe("Excel cells as text", () => {
  it.each([
    ["1299", "1299"],
    ["1299.0", "1299"],
    ["1299.5", "1299.5"],
    ["1299.4999999999998", "1299.5"],
    ["771234567890123456", "771234567890123456"],
    ["1.5E+20", "150000000000000000000"],
    ["7.71234567890123E+17", "771234567890123000"],
    ["1E-3", "0.001"],
    ["-200", "-200"],
    ["-2.5E2", "-250"],
  ])("number %s reads %s", (raw, text) => {
    expect(excelNumberText(raw)).toBe(text);
  });

  it("prints dates as YYYY-MM-DD, with HH:mm when the cell has a time, rounding the reader's lost millisecond", () => {
    expect(excelDateText(new Date(Date.UTC(2025, 11, 31)))).toBe("2025-12-31");
    expect(excelDateText(new Date(Date.UTC(2025, 11, 31, 10, 30) - 1))).toBe("2025-12-31 10:30");
    expect(excelDateText(new Date(Date.UTC(2025, 0, 1, 23, 5, 10)))).toBe("2025-01-01 23:05");
  });
});

/** How the shop read .xlsx before (read-excel-file, numbers as written, cells as text): the reader must agree with it. */
async function readExcelFileRows(bytes: Uint8Array): Promise<string[][]> {
  const data = await readSheet<{ excelNumber: string }>(Buffer.from(bytes), {
    parseNumber: (text) => ({ excelNumber: text }),
  });
  return data.map((row) =>
    row.map((cell: unknown) => {
      if (cell === null || cell === undefined) return "";
      if (cell instanceof Date) return excelDateText(cell);
      if (typeof cell === "object" && "excelNumber" in cell) return excelNumberText(String(cell.excelNumber));
      if (typeof cell === "boolean") return cell ? "TRUE" : "FALSE";
      return String(cell).trim();
    }),
  );
}

/** Rows without the empty cells at their ends and without empty rows at the bottom (a sheet drops both). */
function trimmed(rows: string[][]): string[][] {
  const out = rows.map((row) => {
    let end = row.length;
    while (end > 0 && row[end - 1] === "") end--;
    return row.slice(0, end);
  });
  while (out.length > 0 && out.at(-1)!.length === 0) out.pop();
  return out;
}

describe("reading .xlsx as read-excel-file did", () => {
  const day = fc
    .integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) })
    .map((ms) => new Date(Math.floor(ms / 60_000) * 60_000));
  const cell: fc.Arbitrary<PortalCell> = fc.oneof(
    fc.constant(null),
    fc.constantFrom("CN", "  ord-100001 ", "Gulberg, Lahore", "علی", '12" dupatta', "a\nb", " ", "_x000D_x", "TRUE"),
    fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.double({ min: -1e7, max: 1e7, noNaN: true }),
      fc.constantFrom(771234567890, 1.5e20, 1299.4999999999998, 0),
    ),
    fc.boolean(),
    day,
    fc
      .tuple(
        day,
        fc.constantFrom("dd/mm/yyyy", "yyyy-mm-dd hh:mm", "d mmm yyyy", "mm/dd/yy;@", "[$-409]d-mmm-yy", "hh:mm:ss"),
      )
      .map(([value, format]) => ({ value, format })),
    fc
      .tuple(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.constantFrom("0.00", "#,##0", "0%", '"Rs "#,##0'))
      .map(([value, format]) => ({ value, format })),
  );
  const sheet = fc.array(fc.array(cell, { maxLength: 6 }), { minLength: 1, maxLength: 8 });

  it("reads any sheet of text, numbers, dates (each format), booleans and gaps as read-excel-file read it", async () => {
    await fc.assert(
      fc.asyncProperty(sheet, fc.option(sheet, { nil: undefined }), async (rows, second) => {
        const bytes = await portalXlsx(
          second
            ? [
                { name: "Report", rows },
                { name: "Other", rows: second },
              ]
            : rows,
        );
        expect(trimmed(await readXlsxRows(bytes))).toEqual(trimmed(await readExcelFileRows(bytes)));
      }),
      { numRuns: 150, seed: 40 },
    );
  });

  it("reads what other writers use too: inline and rich strings, formula results, errors, 1904 dates", async () => {
    const base = await portalXlsx([[{ value: new Date(Date.UTC(2025, 2, 4)), format: "dd/mm/yyyy" }]]);
    const bytes = patchXlsx(base, (name, xml) => {
      if (name === "xl/workbook.xml") return xml.replace("<workbookPr/>", '<workbookPr date1904="1"/>');
      if (name === "xl/sharedStrings.xml")
        return '<sst><si><r><t>Tracking </t></r><r><rPr/><t xml:space="preserve">No</t></r><rPh><t>ignored</t></rPh></si><si><t>x&amp;y</t></si></sst>';
      if (name !== "xl/worksheets/sheet1.xml") return xml;
      const dateCell = /<c r="A1"[^>]*>.*?<\/c>/.exec(xml)![0];
      return xml.replace(
        /<sheetData>.*<\/sheetData>/,
        `<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t> Order </t></is></c><c r="C1" t="str"><f>A1</f><v>CN_x0020_1</v></c></row>` +
          `<row r="3">${dateCell.replace('r="A1"', 'r="A3"')}<c r="B3" t="b"><v>1</v></c><c r="C3" t="e"><v>#N/A</v></c><c r="D3" t="s"><v>1</v></c><c r="E3" t="n"><v>1.25E+2</v></c></row></sheetData>`,
      );
    });
    const rows = await readXlsxRows(bytes);
    expect(trimmed(rows)).toEqual(trimmed(await readExcelFileRows(bytes)));
    expect(rows).toEqual([["Tracking No", "Order", "CN 1"], [], ["2029-03-05", "TRUE", "", "x&y", "125"]]);
  });

  it.each([
    ["dd/mm/yyyy", true],
    ["yyyy-mm-dd hh:mm", true],
    ['d "of" mmmm yyyy', true],
    ["[h]:mm:ss", true],
    ["0.00", false],
    ['"Rs "#,##0', false],
    ["@", false],
  ])("takes the number format %s as a date: %s", (code, isDate) => {
    expect(isDateFormatCode(code)).toBe(isDate);
  });
});
