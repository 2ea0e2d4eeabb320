import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors";
import { guessMapping, readRows } from "~/modules/shipping/imports/column-mapping";
import { patchXlsx, portalCsv, portalXlsx, xlsxParts, zipOf, type ZipPart } from "./portal-stand-in";
import { readCourierFile } from "./read-courier-file.server";

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe("VALIDATION");
  return (error as AppError).message;
}

/** The JavaScript heap plus the memory Buffers hold outside it (an inflated part, a declared size allocated). */
const used = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

/** How long a refusal took and how far memory grew while it ran. */
async function measured(run: () => Promise<unknown>): Promise<{ ms: number; heapMb: number; message: string }> {
  const heapBefore = used();
  const started = performance.now();
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, used());
  }, 1);
  const message = await refusal(run());
  clearInterval(sampler);
  heapPeak = Math.max(heapPeak, used());
  return { ms: performance.now() - started, heapMb: (heapPeak - heapBefore) / 1024 / 1024, message };
}

const TOO_WIDE =
  "This Excel file's sheet reaches beyond 200 columns. Please upload the file as your courier's portal gives it.";
const TOO_LONG = "This Excel file's sheet reaches beyond row 25,000. Please split it into smaller files.";
const NOT_A_SHEET =
  "This file is not a CSV or Excel (.xlsx) file. Please upload the file as your courier's portal gives it.";
const SHEET = "xl/worksheets/sheet1.xml";
/** A row far down, as the reader would take it if nothing stopped it: a million empty rows first. */
const FAR_DOWN_ROW = '<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>x</t></is></c></row>';

/** A portal's two-row workbook as parts, for tests to rearrange. */
async function workbookParts(): Promise<ZipPart[]> {
  return [
    ...xlsxParts(
      await portalXlsx([
        ["CN", "Status"],
        ["X1", "Delivered"],
      ]),
    ),
  ].map(([name, content]) => ({ name, content }));
}

const withPart = (parts: ZipPart[], name: string, change: (text: string) => string) =>
  parts.map((p) => (p.name === name ? { ...p, content: change(p.content as string) } : p));

describe("a file cannot take the server down", () => {
  it("refuses a CSV with a cell in column 4,000,000 before any row is built: quickly, without allocating the row", async () => {
    // 4 MB: a header and one row whose only cell is four million commas out (under the 5 MB cap).
    const text = `CN,Status\nX1${",".repeat(4_000_000)}Delivered\n`;
    const bytes = new TextEncoder().encode(text);
    const result = await measured(() => readCourierFile({ name: "wide.csv", bytes }));
    expect(result.message).toBe(
      "This file has more than 200 columns (line 2). Please upload the file as your courier's portal gives it.",
    );
    // Building that row (an array of 4 million cells, then every row padded to its width) takes
    // hundreds of MB and seconds; the count of commas takes a string the size of the file.
    expect(result.heapMb).toBeLessThan(60);
    expect(result.ms).toBeLessThan(2_000);
  });

  it("takes 200 columns, and refuses a cell longer than 2,000 characters with its line", async () => {
    const header = Array.from({ length: 200 }, (_, i) => (i === 0 ? "CN" : i === 1 ? "Status" : `C${i}`));
    const wide = await readCourierFile({
      name: "ok.csv",
      bytes: portalCsv([header, ["X1", "Delivered", ...Array(198).fill("x")]]),
    });
    expect(wide.headers).toHaveLength(200);
    const long = portalCsv([
      ["CN", "Status"],
      ["X1", "Delivered"],
      ["X2", "a".repeat(2_001)],
    ]);
    expect(await refusal(readCourierFile({ name: "long.csv", bytes: long }))).toBe(
      "A cell on line 3 is longer than 2,000 characters. Please upload the file as your courier's portal gives it.",
    );
  });

  it("refuses an .xlsx whose sheet declares A1:XFD1048576 before the reader builds its rows", async () => {
    const good = await portalXlsx([
      ["CN", "Status"],
      ["X1", "Delivered"],
    ]);
    const huge = patchXlsx(good, (name, xml) =>
      name.startsWith("xl/worksheets/")
        ? xml
            .replace(/<dimension ref="[^"]*"\/>/, "")
            .replace("<sheetData>", '<dimension ref="A1:XFD1048576"/><sheetData>')
        : xml,
    );
    expect(new TextDecoder().decode(huge)).not.toContain("XFD"); // compressed: the check must inflate to see it
    const result = await measured(() => readCourierFile({ name: "huge.xlsx", bytes: huge }));
    expect(result.message).toBe(
      "This Excel file's sheet reaches beyond 200 columns. Please upload the file as your courier's portal gives it.",
    );
    expect(result.ms).toBeLessThan(1_000);
  });

  it("refuses an .xlsx with one cell far out (row 1,048,576 or column ZZ)", async () => {
    const good = await portalXlsx([
      ["CN", "Status"],
      ["X1", "Delivered"],
    ]);
    const farDown = patchXlsx(good, (name, xml) =>
      name.startsWith("xl/worksheets/")
        ? xml.replace(
            "</sheetData>",
            '<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData>',
          )
        : xml,
    );
    expect(await refusal(readCourierFile({ name: "down.xlsx", bytes: farDown }))).toBe(
      "This Excel file's sheet reaches beyond row 25,000. Please split it into smaller files.",
    );
    const farRight = patchXlsx(good, (name, xml) =>
      name.startsWith("xl/worksheets/")
        ? xml.replace(/<\/row>/, '<c r="ZZ1" t="inlineStr"><is><t>x</t></is></c></row>')
        : xml,
    );
    expect(await refusal(readCourierFile({ name: "right.xlsx", bytes: farRight }))).toBe(
      "This Excel file's sheet reaches beyond 200 columns. Please upload the file as your courier's portal gives it.",
    );
  });

  it("refuses an .xlsx that inflates past 20 MB (a zip bomb) without inflating it all", async () => {
    const good = await portalXlsx([
      ["CN", "Status"],
      ["X1", "Delivered"],
    ]);
    const bomb = patchXlsx(good, (_name, xml) => xml, { "xl/media/padding.xml": new Uint8Array(24 * 1024 * 1024) });
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const result = await measured(() => readCourierFile({ name: "bomb.xlsx", bytes: bomb }));
    expect(result.message).toBe("This Excel file unpacks to more than 20 MB. Please split it into smaller files.");
    expect(result.heapMb).toBeLessThan(60);
  });

  it("still reads a well-formed .xlsx after the checks", async () => {
    const sheet = await readCourierFile({
      name: "fine.xlsx",
      bytes: await portalXlsx([
        ["CN", "Status"],
        ["X1", "Delivered"],
      ]),
    });
    expect(sheet).toMatchObject({ headers: ["CN", "Status"], rows: [["X1", "Delivered"]] });
  });
});

describe("the .xlsx guard checks what is read, as the reader reads it", () => {
  it("follows the workbook's relationships to a sheet outside xl/worksheets/, and checks that sheet", async () => {
    const parts = await workbookParts();
    const sheet = parts.find((p) => p.name === SHEET)!.content as string;
    // The relationship names the sheet's part; nothing says it lives under xl/worksheets/.
    const moved = (text: string) =>
      zipOf([
        ...withPart(parts, "xl/_rels/workbook.xml.rels", (rels) =>
          rels.replace('Target="worksheets/sheet1.xml"', 'Target="sheet1.xml"'),
        ).filter((p) => p.name !== SHEET),
        { name: "xl/sheet1.xml", content: text },
      ]);
    expect(await readCourierFile({ name: "moved.xlsx", bytes: moved(sheet) })).toMatchObject({
      headers: ["CN", "Status"],
      rows: [["X1", "Delivered"]],
    });
    const declared = moved(sheet.replace("<sheetData>", "<dimension ref='A1:XFD1048576'/><sheetData>"));
    expect(await refusal(readCourierFile({ name: "wide.xlsx", bytes: declared }))).toBe(TOO_WIDE);
    const result = await measured(() =>
      readCourierFile({
        name: "down.xlsx",
        bytes: moved(sheet.replace("</sheetData>", `${FAR_DOWN_ROW}</sheetData>`)),
      }),
    );
    expect(result.message).toBe(TOO_LONG);
    expect(result.heapMb).toBeLessThan(30);
    expect(result.ms).toBeLessThan(1_000);
  });

  it.each([
    ["single quotes", `<row r='1048576'><c r='A1048576' t='inlineStr'><is><t>x</t></is></c></row>`],
    ["spaces inside the quotes", `<row r=" 1048576 "><c r=" A1048576 " t="inlineStr"><is><t>x</t></is></c></row>`],
    ["character references", `<row r="&#49;048576"><c r="A&#x31;048576" t="inlineStr"><is><t>x</t></is></c></row>`],
    ["an exponent", `<row r="1e6"><c r="A1e6" t="inlineStr"><is><t>x</t></is></c></row>`],
  ])("reads a row reference written with %s as the reader does, and refuses it past row 25,000", async (_how, row) => {
    const bytes = zipOf(
      withPart(await workbookParts(), SHEET, (sheet) => sheet.replace("</sheetData>", `${row}</sheetData>`)),
    );
    const result = await measured(() => readCourierFile({ name: "down.xlsx", bytes }));
    expect(result.message).toBe(TOO_LONG);
    expect(result.heapMb).toBeLessThan(30);
    expect(result.ms).toBeLessThan(1_000);
  });

  it("still refuses a row written with namespace prefixes and line breaks between attributes", async () => {
    const row = `<x:row\n\tx:r="1048576"><x:c\n x:r="A1048576" t="inlineStr"><x:is><x:t>x</x:t></x:is></x:c></x:row>`;
    const bytes = zipOf(
      withPart(await workbookParts(), SHEET, (sheet) => sheet.replace("</sheetData>", `${row}</sheetData>`)),
    );
    expect(await refusal(readCourierFile({ name: "down.xlsx", bytes }))).toBe(TOO_LONG);
  });

  it("reads the part the central directory names, never an entry hidden between the local headers", async () => {
    const parts = await workbookParts();
    const sheet = parts.find((p) => p.name === SHEET)!.content as string;
    // A streaming reader walks local headers and keeps the last entry of a name; the directory lists only the first.
    const hidden: ZipPart = {
      name: SHEET,
      content: sheet.replace("</sheetData>", `${FAR_DOWN_ROW}</sheetData>`),
      localOnly: true,
    };
    const bytes = zipOf([...parts, hidden]);
    const started = performance.now();
    const heapBefore = used();
    const sheetRead = await readCourierFile({ name: "two-faced.xlsx", bytes });
    expect(sheetRead).toMatchObject({ headers: ["CN", "Status"], rows: [["X1", "Delivered"]], lines: [2] });
    expect((used() - heapBefore) / 1024 / 1024).toBeLessThan(30);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("refuses a part whose local header declares another size than the directory (a reader would allocate it)", async () => {
    const parts = (await workbookParts()).map((p) => (p.name === SHEET ? { ...p, localSize: 128 * 1024 * 1024 } : p));
    const result = await measured(() => readCourierFile({ name: "liar.xlsx", bytes: zipOf(parts) }));
    expect(result.message).toBe(NOT_A_SHEET);
    expect(result.heapMb).toBeLessThan(30);
  });
});

describe("a file of many cells", () => {
  const CELLS = "This file has more than 1,000,000 cells (rows times columns). Please split it into smaller files.";
  it("refuses 20,000 rows that each reach column 200 (4,000,000 cells) while reading, CSV or .xlsx", async () => {
    const csv = new TextEncoder().encode(
      `CN,Status${",C".repeat(198)}\n${`X1,Delivered${",".repeat(197)}x\n`.repeat(20_000)}`,
    );
    const fromCsv = await measured(() => readCourierFile({ name: "wide.csv", bytes: csv }));
    expect(fromCsv.message).toBe(CELLS);
    expect(fromCsv.heapMb).toBeLessThan(40);
    const rows = Array.from(
      { length: 20_000 },
      (_, i) =>
        `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>X${i}</t></is></c><c r="GR${i + 2}" t="inlineStr"><is><t>x</t></is></c></row>`,
    ).join("");
    const xlsx = zipOf(
      withPart(await workbookParts(), SHEET, (sheet) =>
        sheet.replace("</sheetData>", `${rows}</sheetData>`).replace(/<row r="2">.*?<\/row>/, ""),
      ),
    );
    const fromXlsx = await measured(() => readCourierFile({ name: "wide.xlsx", bytes: xlsx }));
    expect(fromXlsx.message).toBe(CELLS);
    expect(fromXlsx.heapMb).toBeLessThan(40);
  });

  it("refuses one wide row over many short ones before padding them all to its width", async () => {
    const text = `CN,Status${",C".repeat(198)}\n${"X1,Delivered\n".repeat(19_999)}`;
    expect(await refusal(readCourierFile({ name: "ragged.csv", bytes: new TextEncoder().encode(text) }))).toBe(CELLS);
  });
});

describe("a CSV of empty lines", () => {
  it.each([
    ["empty lines", "\n"],
    ["lines of empty cells", ",\n"],
  ])("stops at line 25,000 of a file of %s just under 5 MB, before the rows are built", async (_what, line) => {
    const header = "CN,Status\nX1,Delivered\n";
    const text = header + line.repeat(Math.floor((5 * 1024 * 1024 - header.length) / line.length));
    const bytes = new TextEncoder().encode(text);
    expect(bytes.byteLength).toBeLessThanOrEqual(5 * 1024 * 1024);
    const result = await measured(() => readCourierFile({ name: "blank.csv", bytes }));
    expect(result.message).toBe(
      "This file reaches beyond line 25,000 (blank lines count). Please split it into smaller files.",
    );
    expect(result.heapMb).toBeLessThan(60);
    expect(result.ms).toBeLessThan(1_000);
  });

  it("takes 25,000 lines, blank ones included, and says rows when the rows are what is over", async () => {
    const rows = (data: number, blank: number) =>
      new TextEncoder().encode(`CN,Status\n${"X1,Delivered\n".repeat(data)}${"\n".repeat(blank)}`);
    expect((await readCourierFile({ name: "ok.csv", bytes: rows(20_000, 4_999) })).rows).toHaveLength(20_000);
    expect(await refusal(readCourierFile({ name: "blank.csv", bytes: rows(10, 24_990) }))).toBe(
      "This file reaches beyond line 25,000 (blank lines count). Please split it into smaller files.",
    );
    expect(await refusal(readCourierFile({ name: "long.csv", bytes: rows(30_000, 0) }))).toBe(
      "This file has more than 20,000 rows. Please split it into smaller files.",
    );
  });
});

describe("the header row is found below a title", () => {
  it("skips a title line and blank lines above the header, keeping the file's own line numbers (CSV)", async () => {
    const bytes = portalCsv([
      ["PostEx Payment Report - November", null, null],
      [null, null, null],
      ["Generated 2026-11-25", null, null],
      ["Tracking Number", "Order Ref", "COD Amount"],
      ["PX-1", "ORD-100001", "3450"],
      [null, null, null],
      ["PX-2", "ORD-100002", "1299"],
    ]);
    const sheet = await readCourierFile({ name: "postex.csv", bytes });
    expect(sheet.headers).toEqual(["Tracking Number", "Order Ref", "COD Amount"]);
    expect(sheet.rows).toEqual([
      ["PX-1", "ORD-100001", "3450"],
      ["PX-2", "ORD-100002", "1299"],
    ]);
    expect(sheet.lines).toEqual([5, 7]);
    const { rows } = readRows("cod", sheet, guessMapping("cod", sheet.headers));
    expect(rows.map((r) => [r.line, r.trackingNumber, r.collected])).toEqual([
      [5, "PX-1", 3450],
      [7, "PX-2", 1299],
    ]);
  });

  it("skips a title in an .xlsx too", async () => {
    const bytes = await portalXlsx([
      ["Leopards COD Statement"],
      [null],
      ["CN Number", "Status", "Delivery Date"],
      ["LE-1", "Delivered", "24/11/2026"],
    ]);
    const sheet = await readCourierFile({ name: "leopards.xlsx", bytes });
    expect(sheet).toMatchObject({
      headers: ["CN Number", "Status", "Delivery Date"],
      rows: [["LE-1", "Delivered", "24/11/2026"]],
      lines: [4],
    });
  });

  it("falls back to the first non-empty row when no row names two known columns", async () => {
    const sheet = await readCourierFile({
      name: "own.csv",
      bytes: portalCsv([
        ["Col A", "Col B"],
        ["x", "y"],
      ]),
    });
    expect(sheet.headers).toEqual(["Col A", "Col B"]);
  });
});
